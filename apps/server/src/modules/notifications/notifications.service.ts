import { and, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  NOTIFICATION_TYPES,
  type NotificationType,
} from '@tracklane/shared/notifications/notification-types';
import type {
  BellNotification,
  MarkNotificationsRequest,
  NotificationPage,
  NotificationSettings,
} from '@tracklane/shared/notifications/notifications.schema';
import type { Database } from '../../db/client';
import { modePresentation } from '../../modes';
import { overEveryMode } from '../tracking/every-mode';
import { rowNumbersOf } from '../tracking/mode-presentation';
import { notifications, notificationSettings, trackingChanges } from '../../db/schema/notifications';
import { workspaceMembers, workspaces } from '../../db/schema/organizations';
import { trackedItems } from '../../db/schema/tracking';
import { publish } from '../../integrations/realtime/realtime-hub';
import { withTransaction } from '../../lib/transaction';
import type pg from 'pg';

export interface ListNotificationsInput {
  pageNo: number;
  pageSize: number;
  isRead?: boolean | undefined;
  /** Upper-cased already; matched anywhere in the container, bill of lading or order number. */
  searchTerm?: string | undefined;
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The user's notifications that they want in the app. */
const mine = (userId: string) => and(eq(notifications.recipientId, userId), eq(notifications.inApp, true));
/**
 * The SHIPMENTS tab's and the page's: shipment changes. Share invites (`shared`) are the INVITES tab's
 * (modules/sharing), comment mentions have their own list (comments/at/list).
 */
const changesOf = (userId: string) => and(mine(userId), isNotNull(notifications.changeId));

/** How many of the user's shipment notifications are unread (the bell's SHIPMENTS count). */
export async function countUnread(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(changesOf(userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/**
 * spec §7 notification/get: a page of the user's shipment-change notifications, newest first, with the
 * number matching the filter (totalNumber) and the number unread (unreadNumber). Each names the
 * user's workspaces that follow the shipment — only those the user still belongs to.
 */
export async function listNotifications(
  db: Database,
  userId: string,
  input: ListNotificationsInput,
): Promise<NotificationPage> {
  const filters: (SQL | undefined)[] = [changesOf(userId)];
  if (input.isRead !== undefined)
    filters.push(input.isRead ? isNotNull(notifications.readAt) : isNull(notifications.readAt));
  if (input.searchTerm) {
    const pattern = `%${escapeLike(input.searchTerm.toUpperCase())}%`;
    filters.push(
      or(sql`${trackedItems.trackingNo} LIKE ${pattern}`, sql`${trackedItems.reference} LIKE ${pattern}`),
    );
  }
  const where = and(...filters);
  const [rows, [total], unreadNumber] = await Promise.all([
    db
      .select({
        id: notifications.id,
        readAt: notifications.readAt,
        workspaceIds: notifications.workspaceIds,
        itemId: notifications.itemId,
        changeId: trackingChanges.id,
        type: trackingChanges.type,
        text: trackingChanges.text,
        data: trackingChanges.data,
        changedAt: trackingChanges.createdAt,
        mode: trackedItems.mode,
        trackingNo: trackedItems.trackingNo,
        reference: trackedItems.reference,
      })
      .from(notifications)
      .innerJoin(trackingChanges, eq(trackingChanges.id, notifications.changeId))
      .innerJoin(trackedItems, eq(trackedItems.id, notifications.itemId))
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(input.pageSize)
      .offset((input.pageNo - 1) * input.pageSize),
    db
      .select({ n: count() })
      .from(notifications)
      .innerJoin(trackedItems, eq(trackedItems.id, notifications.itemId))
      .where(where),
    countUnread(db, userId),
  ]);

  const places = rows.length
    ? await workspacesOf(
        db,
        userId,
        rows.map((r) => r.id),
      )
    : new Map<string, BellNotification['workspaces']>();
  const result: BellNotification[] = rows.map((r) => {
    const found = places.get(r.id) ?? [];
    const numbers = rowNumbersOf(modePresentation(r.mode), {
      trackingNo: r.trackingNo,
      reference: r.reference,
      shipmentId: found[0]?.shipmentId ?? null,
    });
    return {
      id: r.id,
      shipmentType: r.mode,
      containerChangeStatus: {
        id: r.changeId,
        ...numbers,
        type: r.type,
        notification: r.text,
        updatedAt: r.changedAt.toISOString(),
        data: r.data,
      },
      isRead: r.readAt !== null,
      workspaces: found,
    };
  });
  return {
    notifications: result,
    totalNumber: total?.n ?? 0,
    unreadNumber,
    pageNo: input.pageNo,
    pageSize: input.pageSize,
  };
}

/** The workspaces each notification names that the user still belongs to, with the shipment's id there. */
async function workspacesOf(db: Database, userId: string, ids: string[]) {
  const rows = await db.execute<{
    notification_id: string;
    workspace_id: string;
    workspace_name: string;
    organization_id: string;
    shipment_id: string | null;
  }>(sql`
    SELECT n.id AS notification_id, w.id AS workspace_id, w.name AS workspace_name,
           w.organization_id, s.id AS shipment_id
    FROM ${notifications} n
    CROSS JOIN LATERAL unnest(n.workspace_ids) AS named(workspace_id)
    JOIN ${workspaces} w ON w.id = named.workspace_id
    JOIN ${workspaceMembers} m ON m.workspace_id = w.id AND m.user_id = ${userId}
    -- The workspace's subscription of the item, in whichever mode's table holds it.
    LEFT JOIN LATERAL (${overEveryMode(
      ({ table }) => sql`SELECT t.id FROM ${table} t WHERE t.workspace_id = w.id AND t.item_id = n.item_id`,
    )}) s ON true
    WHERE n.id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) AND n.recipient_id = ${userId}
    ORDER BY w.name, w.id`);
  const byNotification = new Map<string, BellNotification['workspaces']>();
  for (const r of rows.rows) {
    const list = byNotification.get(r.notification_id) ?? [];
    list.push({
      workspaceId: r.workspace_id,
      workspaceName: r.workspace_name,
      organizationId: r.organization_id,
      shipmentId: r.shipment_id,
    });
    byNotification.set(r.notification_id, list);
  }
  return byNotification;
}

/**
 * spec §7 notification/mark: marks the user's notifications (the ids given, or all) read or unread.
 * Ids that are not the user's are simply not found. The user's other tabs hear of it on their socket.
 */
export async function markNotifications(
  pool: pg.Pool,
  userId: string,
  input: Pick<MarkNotificationsRequest, 'isRead' | 'ids' | 'all'>,
): Promise<{ updated: number; unreadNumber: number }> {
  return withTransaction(pool, async ({ tx }) => {
    // All: the shipment changes (the SHIPMENTS tab's button); by id: any of the user's, invites included.
    const which = input.all
      ? changesOf(userId)
      : and(mine(userId), inArray(notifications.id, input.ids ?? []));
    const updated = await tx
      .update(notifications)
      .set({ readAt: input.isRead ? sql`COALESCE(${notifications.readAt}, now())` : null })
      .where(and(which, input.isRead ? isNull(notifications.readAt) : isNotNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (updated.length) await publish(tx, { topic: 'notifications', userIds: [userId] });
    return { updated: updated.length, unreadNumber: await countUnread(tx, userId) };
  });
}

/** Everything on, by e-mail once a day: what a user who never opened the settings gets. */
export const DEFAULT_SETTINGS: NotificationSettings = {
  containerNotifications: true,
  digest: 'daily',
  channels: Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, { inApp: true, email: true }])) as Record<
    NotificationType,
    { inApp: boolean; email: boolean }
  >,
};

export async function getNotificationSettings(db: Database, userId: string): Promise<NotificationSettings> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  if (!row) return DEFAULT_SETTINGS;
  return {
    containerNotifications: row.containerNotifications,
    digest: row.digest,
    channels: Object.fromEntries(
      NOTIFICATION_TYPES.map((t) => [
        t,
        { inApp: !row.inAppOff.includes(t), email: !row.emailOff.includes(t) },
      ]),
    ) as NotificationSettings['channels'],
  };
}

/** Saves the whole matrix, the digest and the container flag; they apply to changes from now on. */
export async function updateNotificationSettings(
  db: Database,
  userId: string,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  const off = (channel: 'inApp' | 'email') =>
    NOTIFICATION_TYPES.filter((t) => !settings.channels[t][channel]);
  const values = {
    containerNotifications: settings.containerNotifications,
    digest: settings.digest,
    inAppOff: off('inApp'),
    emailOff: off('email'),
    updatedAt: new Date(),
  };
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
  return getNotificationSettings(db, userId);
}
