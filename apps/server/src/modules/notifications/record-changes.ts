import { sql } from 'drizzle-orm';
import type { ChangeRecord } from '@tracklane/shared/notifications/notification-types';
import type { Database } from '../../db/client';
import { notifications, notificationSettings, trackingChanges } from '../../db/schema/notifications';
import { organizationMembers, workspaceMembers, workspaces } from '../../db/schema/organizations';
import type { expressShipments, oceanShipments } from '../../db/schema/tracking';
import { CHANNEL } from '../../integrations/realtime/realtime-hub';

/** Recipients named per NOTIFY: 150 ids keep a payload (8000 bytes at most) near 6 KB. */
export const USERS_PER_NOTIFY = 150;

/** The change "not found at the carrier": the engine's own, the same for every mode. */
export const NOT_FOUND_CHANGE: ChangeRecord = {
  type: 'not_found',
  key: 'not_found',
  text: 'Not found at the carrier: we keep checking daily',
  data: {},
};

/**
 * Stores an item's changes and notifies everyone who follows it, inside the refresh's transaction:
 * a rolled-back refresh leaves neither a change nor a notification behind, and a socket hears of
 * them only once they are committed.
 *
 * A change already stored (same item and key) is skipped, so it never notifies twice. Each stored
 * change reaches, in one INSERT … SELECT, every member of every workspace following the item (not
 * archived) who may see shipments there (shipmentPermission 0 or 1), has container notifications on
 * and wants the type in the app or by e-mail: one notification per user and change, naming the
 * user's workspaces that follow it. The same statement sends the socket nudges, a NOTIFY per
 * {@link USERS_PER_NOTIFY} recipients.
 *
 * @returns how many notifications were written.
 */
export async function recordChanges(
  tx: Database,
  subscriptions: typeof oceanShipments | typeof expressShipments,
  itemId: string,
  changes: ChangeRecord[],
  now: Date,
): Promise<number> {
  if (changes.length === 0) return 0;
  const stored = await tx
    .insert(trackingChanges)
    .values(
      changes.map((c) => ({ itemId, type: c.type, key: c.key, text: c.text, data: c.data, createdAt: now })),
    )
    .onConflictDoNothing()
    .returning({ id: trackingChanges.id });
  if (stored.length === 0) return 0;
  const changeIds = sql`ARRAY[${sql.join(
    stored.map((s) => sql`${s.id}::uuid`),
    sql`, `,
  )}]`;
  const s = subscriptions;
  const result = await tx.execute<{ written: number }>(sql`
    WITH recipients AS (
      SELECT c.id AS change_id, c.type, m.user_id,
             array_agg(DISTINCT s.workspace_id) AS workspace_ids,
             NOT (c.type = ANY (COALESCE(ns.in_app_off, '{}'))) AS in_app,
             NOT (c.type = ANY (COALESCE(ns.email_off, '{}'))) AS email
      FROM ${trackingChanges} c
      JOIN ${s} s ON s.item_id = c.item_id AND NOT s.archived
      JOIN ${workspaces} w ON w.id = s.workspace_id
      JOIN ${workspaceMembers} m ON m.workspace_id = s.workspace_id
      JOIN ${organizationMembers} om
        ON om.organization_id = w.organization_id AND om.user_id = m.user_id
       AND om.shipment_permission IN (0, 1)
      LEFT JOIN ${notificationSettings} ns ON ns.user_id = m.user_id
      WHERE c.id = ANY (${changeIds}) AND COALESCE(ns.container_notifications, true)
      GROUP BY c.id, c.type, m.user_id, ns.in_app_off, ns.email_off
    ),
    written AS (
      INSERT INTO ${notifications}
        (recipient_id, type, change_id, item_id, workspace_ids, in_app, email_state, created_at)
      SELECT user_id, type, change_id, ${itemId}::uuid, workspace_ids, in_app,
             CASE WHEN email THEN 'pending' ELSE 'none' END, ${now}::timestamptz
      FROM recipients
      WHERE in_app OR email
      ON CONFLICT (recipient_id, change_id) DO NOTHING
      RETURNING recipient_id, in_app
    ),
    nudged AS (
      SELECT recipient_id, (row_number() OVER (ORDER BY recipient_id) - 1) / ${USERS_PER_NOTIFY} AS chunk
      FROM (SELECT DISTINCT recipient_id FROM written WHERE in_app) d
    ),
    notified AS (
      SELECT pg_notify(${CHANNEL}, json_build_object('topic', 'notifications', 'userIds', json_agg(recipient_id))::text)
      FROM nudged GROUP BY chunk
    )
    SELECT (SELECT count(*) FROM written)::int AS written, (SELECT count(*) FROM notified)::int AS notifies`);
  return result.rows[0]?.written ?? 0;
}
