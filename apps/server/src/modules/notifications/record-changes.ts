import { sql, type SQL } from 'drizzle-orm';
import type { ChangeRecord } from '@tracklane/shared/notifications/notification-types';
import type { Database } from '../../db/client';
import { notifications, notificationSettings, trackingChanges } from '../../db/schema/notifications';
import type { SubscriptionTable } from '../tracking/tracking-mode';
import { CHANNEL, USERS_PER_NOTIFY } from '../../integrations/realtime/realtime-hub';
import { memberships, seesShipments } from '../../tenancy/memberships';
import { inWorkspace } from '../../tenancy/scope';
import { itemsOfMode, type ItemsChangedSubscriber } from '../tracking/items-changed';

/** A change the engine found on an item. */
export interface ItemChange {
  itemId: string;
  change: ChangeRecord;
}

/**
 * Stores items' changes and notifies everyone who follows them, inside the refresh's transaction:
 * a rolled-back refresh leaves neither a change nor a notification behind, and a socket hears of
 * them only once they are committed. One INSERT for the changes of a whole batch of items, and one
 * statement for all of their notifications.
 *
 * A change already stored (same item and key) is skipped, so it never notifies twice. Each stored
 * change reaches, in one INSERT … SELECT, every member of every workspace following the item (not
 * archived) who may see shipments there (the shared policy's view permissions), has container notifications on
 * and wants the type in the app or by e-mail: one notification per user and change, naming the
 * user's workspaces that follow it. The same statement sends the socket nudges, a NOTIFY per
 * {@link USERS_PER_NOTIFY} recipients.
 *
 * @returns how many notifications were written.
 */
export async function recordChanges(
  tx: Database,
  subscriptions: SubscriptionTable,
  changes: readonly ItemChange[],
  now: Date,
): Promise<number> {
  if (changes.length === 0) return 0;
  const stored = await tx
    .insert(trackingChanges)
    .values(
      changes.map(({ itemId, change: c }) => ({
        itemId,
        type: c.type,
        key: c.key,
        text: c.text,
        data: c.data,
        createdAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: trackingChanges.id });
  if (stored.length === 0) return 0;
  const s = subscriptions;
  const m = memberships;
  return writeNotifications(
    tx,
    sql`
      SELECT c.id AS change_id, c.item_id, c.type, ${m.userId} AS user_id,
             array_agg(DISTINCT s.workspace_id) AS workspace_ids,
             NOT (c.type = ANY (COALESCE(ns.in_app_off, '{}'))) AS in_app,
             NOT (c.type = ANY (COALESCE(ns.email_off, '{}'))) AS email
      FROM ${trackingChanges} c
      JOIN ${s} s ON s.item_id = c.item_id AND NOT s.archived
      JOIN ${m} ON ${m.workspaceId} = s.workspace_id AND ${seesShipments}
      LEFT JOIN ${notificationSettings} ns ON ns.user_id = ${m.userId}
      WHERE c.id = ANY (${sql.param(stored.map((row) => row.id))}::uuid[]) AND COALESCE(ns.container_notifications, true)
      GROUP BY c.id, c.item_id, c.type, ${m.userId}, ns.in_app_off, ns.email_off`,
    now,
  );
}

/**
 * Notifies chosen members of one workspace of one stored change (an alert rule's recipients): those
 * who still belong to the workspace, may see its shipments and have container notifications on, on
 * the channels they want the change's type on. The same writing and socket nudges as
 * {@link recordChanges}.
 *
 * @returns how many notifications were written.
 */
export async function notifyMembers(
  tx: Database,
  input: { changeId: string; workspaceId: string; userIds: readonly string[] },
  now: Date,
): Promise<number> {
  if (input.userIds.length === 0) return 0;
  const m = memberships;
  return writeNotifications(
    tx,
    sql`
      SELECT c.id AS change_id, c.item_id, c.type, ${m.userId} AS user_id,
             ARRAY[${m.workspaceId}] AS workspace_ids,
             NOT (c.type = ANY (COALESCE(ns.in_app_off, '{}'))) AS in_app,
             NOT (c.type = ANY (COALESCE(ns.email_off, '{}'))) AS email
      FROM ${trackingChanges} c
      JOIN ${m}
        ON ${inWorkspace(input, m)} AND ${m.userId} = ANY (${sql.param([...input.userIds])}::uuid[])
       AND ${seesShipments}
      LEFT JOIN ${notificationSettings} ns ON ns.user_id = ${m.userId}
      WHERE c.id = ${input.changeId}::uuid AND COALESCE(ns.container_notifications, true)`,
    now,
  );
}

/**
 * Writes one notification per row of `recipients` (change_id, item_id, type, user_id, workspace_ids,
 * in_app, email) that wants the change in the app or by e-mail, and sends the socket nudges, a NOTIFY
 * per {@link USERS_PER_NOTIFY} recipients, in one statement.
 */
async function writeNotifications(tx: Database, recipients: SQL, now: Date): Promise<number> {
  const result = await tx.execute<{ written: number }>(sql`
    WITH recipients AS (${recipients}),
    written AS (
      INSERT INTO ${notifications}
        (recipient_id, type, change_id, item_id, workspace_ids, in_app, email_state, created_at)
      SELECT user_id, type, change_id, item_id, workspace_ids, in_app,
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

/** The notifications' part of the engine's announcement: each mode's changes, stored and notified. */
export const notifyChangedItems: ItemsChangedSubscriber = async ({ tx, modes, items, now }) => {
  for (const mode of Object.values(modes)) {
    const changes: ItemChange[] = itemsOfMode(items, mode.mode).flatMap((item) =>
      item.changes.map((change) => ({ itemId: item.itemId, change })),
    );
    await recordChanges(tx, mode.features.table, changes, now);
  }
};
