import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { INVITE_TAB_MAX } from '@tracklane/shared/constants';
import type { InviteNotification, InviteNotificationList } from '@tracklane/shared/sharing/sharing.schema';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { shipmentShares } from '../../db/schema/sharing';
import { users, type UserRow } from '../../db/schema/users';
import { publish } from '../../integrations/realtime/realtime-hub';
import { withTransaction } from '../../lib/transaction';
import { sharedSubscriptions } from './share-shipment';
import { fullName, lower } from './shares.service';

/**
 * The user's share invites in the app (a notification joined to its share): the share still live and
 * still addressed to the user's e-mail.
 */
const liveInvitesOf = (user: UserRow) =>
  and(
    eq(notifications.recipientId, user.id),
    eq(notifications.inApp, true),
    isNull(shipmentShares.revokedAt),
    eq(shipmentShares.email, lower(user.email)),
  );

/** The user's share invites (live shares only), newest first, at most `limit`, with their shipments' numbers. */
async function invites(
  db: Database,
  user: UserRow,
  where: ReturnType<typeof and>,
  limit: number,
): Promise<InviteNotification[]> {
  const rows = await db
    .select({
      id: notifications.id,
      readAt: notifications.readAt,
      shareId: shipmentShares.id,
      mode: shipmentShares.mode,
      shipmentId: shipmentShares.shipmentId,
      sharedAt: shipmentShares.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      sharerEmail: users.email,
    })
    .from(notifications)
    .innerJoin(shipmentShares, eq(shipmentShares.id, notifications.shareId))
    .leftJoin(users, eq(users.id, shipmentShares.sharedBy))
    .where(and(liveInvitesOf(user), where))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  const subscriptionOf = await sharedSubscriptions(db, rows);
  return rows.map((r) => ({
    id: r.id,
    overallId: r.shareId,
    shipmentType: r.mode,
    name: r.sharerEmail ? fullName({ ...r, email: r.sharerEmail }) : 'A former member',
    // A share goes with its shipment: the number is there for every live share.
    number: subscriptionOf(r)?.number ?? '',
    sharedAt: r.sharedAt.toISOString(),
    isRead: r.readAt !== null,
  }));
}

/** The bell's INVITES tab: the user's share invites (at most 10) and how many are unread. */
export async function listInviteNotifications(db: Database, user: UserRow): Promise<InviteNotificationList> {
  const [rows, unread] = await Promise.all([
    invites(db, user, undefined, INVITE_TAB_MAX),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .innerJoin(shipmentShares, eq(shipmentShares.id, notifications.shareId))
      .where(and(liveInvitesOf(user), isNull(notifications.readAt))),
  ]);
  return { notifications: rows, unreadNumber: unread[0]?.n ?? 0 };
}

/** spec §7 invite/get-first-unread-notification: the oldest unread share invite, or null. */
export async function firstUnreadInvite(db: Database, user: UserRow): Promise<InviteNotification | null> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .innerJoin(shipmentShares, eq(shipmentShares.id, notifications.shareId))
    .where(and(liveInvitesOf(user), isNull(notifications.readAt)))
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .limit(1);
  if (!row) return null;
  const [invite] = await invites(db, user, eq(notifications.id, row.id), 1);
  return invite ?? null;
}

/**
 * Opening a shared shipment marks the share opened for the sharer's list (the first opening only) and
 * reads its invite, in one transaction.
 */
export async function markShareOpened(
  ctx: Pick<AppContext, 'pool'>,
  userId: string,
  shareId: string,
): Promise<void> {
  await withTransaction(ctx.pool, async ({ tx }) => {
    await tx
      .update(shipmentShares)
      .set({ openedAt: sql`now()` })
      .where(and(eq(shipmentShares.id, shareId), isNull(shipmentShares.openedAt)));
    const read = await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(
        and(
          eq(notifications.recipientId, userId),
          eq(notifications.shareId, shareId),
          isNull(notifications.readAt),
        ),
      )
      .returning({ id: notifications.id });
    if (read.length) await publish(tx, { topic: 'notifications', userIds: [userId] });
  });
}
