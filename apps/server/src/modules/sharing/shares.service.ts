import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  SHARE_EMAIL_INTERVAL_HOURS,
  SHARE_LIMIT_WINDOW_SECONDS,
  SHARE_RECIPIENTS_PER_USER_PER_HOUR,
  SHARES_PER_RECIPIENT_PER_HOUR,
  SHARING_MESSAGES,
  type CreateSharesResult,
  type SentShare,
} from '@tracklane/shared/sharing/sharing.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { notifications, notificationSettings } from '../../db/schema/notifications';
import { shareEmails, shipmentShares } from '../../db/schema/sharing';
import { users, type UserRow } from '../../db/schema/users';
import { queueMail } from '../../integrations/mail/mailer';
import { shareMail } from '../../integrations/mail/templates';
import { publish } from '../../integrations/realtime/realtime-hub';
import { AppError } from '../../lib/app-error';
import { enforceRateLimits } from '../../lib/rate-limit';
import { withTransaction, type Transaction } from '../../lib/transaction';
import type { Tenant } from '../../tenancy/tenant';
import { inWorkspace } from '../../tenancy/scope';
import { publishShipmentsChanged } from '../live-pages/live-publish';
import { chosenShipments, type ShareRequest } from './share-selection';
import { sharedSubscriptions } from './share-shipment';

export const lower = (email: string) => email.trim().toLowerCase();
export const fullName = (u: { firstName: string | null; lastName: string | null; email?: string | null }) =>
  `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() || (u.email ?? 'A Tracklane user');

/** What a user wants for share invites (no settings row: in the app and by e-mail). */
async function wantsFor(tx: Database, userIds: string[]) {
  const rows = userIds.length
    ? await tx.select().from(notificationSettings).where(inArray(notificationSettings.userId, userIds))
    : [];
  const byUser = new Map(rows.map((r) => [r.userId, r]));
  return (userId: string) => ({
    inApp: !(byUser.get(userId)?.inAppOff ?? []).includes('shared'),
    email: !(byUser.get(userId)?.emailOff ?? []).includes('shared'),
  });
}

interface FreshShare {
  id: string;
  shipmentId: string;
  itemId: string;
  number: string;
}

/**
 * Of these new shares to `email`, those whose e-mail may go now: their shipment was not named to the
 * address in the last {@link SHARE_EMAIL_INTERVAL_HOURS} hours, however often it was revoked and shared
 * again since. Claimed by one upsert in the share's transaction: of concurrent shares, one sends it.
 */
async function claimShareEmails<T extends { shipmentId: string }>(
  tx: Database,
  email: string,
  mode: TrackingMode,
  shares: T[],
): Promise<T[]> {
  if (shares.length === 0) return [];
  const claimed = await tx
    .insert(shareEmails)
    .values(shares.map((s) => ({ email, mode, shipmentId: s.shipmentId })))
    .onConflictDoUpdate({
      target: [shareEmails.email, shareEmails.mode, shareEmails.shipmentId],
      set: { sentAt: sql`now()` },
      setWhere: sql`${shareEmails.sentAt} <= now() - make_interval(hours => ${SHARE_EMAIL_INTERVAL_HOURS})`,
    })
    .returning({ shipmentId: shareEmails.shipmentId });
  const ids = new Set(claimed.map((c) => c.shipmentId));
  return shares.filter((s) => ids.has(s.shipmentId));
}

/**
 * Inserts the `shared` notification of each share for its recipient (the notifications model of ADR
 * 0015: recipient, actor, type, entity), e-mailed at once when `mail` and the recipient wants share
 * invites by e-mail (an invite is not a change to gather into a digest), naming only the shipments
 * not e-mailed to them in the last day.
 */
async function notifyRecipients(
  t: Transaction,
  ctx: Pick<AppContext, 'jobs' | 'config'>,
  recipient: UserRow,
  shares: FreshShare[],
  sharer: { id: string | null; name: string; email: string },
  mode: TrackingMode,
  mail: boolean,
): Promise<void> {
  if (shares.length === 0) return;
  const want = (await wantsFor(t.tx, [recipient.id]))(recipient.id);
  const mailed = mail && want.email ? await claimShareEmails(t.tx, lower(recipient.email), mode, shares) : [];
  const emailed = new Set(mailed.map((s) => s.id));
  await t.tx
    .insert(notifications)
    .values(
      shares.map((s) => ({
        recipientId: recipient.id,
        actorId: sharer.id,
        type: 'shared' as const,
        shareId: s.id,
        itemId: s.itemId,
        workspaceIds: [],
        inApp: want.inApp,
        emailState: emailed.has(s.id) ? ('sent' as const) : ('none' as const),
        emailedAt: emailed.has(s.id) ? new Date() : null,
      })),
    )
    .onConflictDoNothing();
  if (mailed.length)
    await queueMail(
      t,
      ctx.jobs,
      shareMail(recipient.email, {
        sharerName: sharer.name,
        sharerEmail: sharer.email,
        numbers: mailed.map((s) => s.number),
        shipmentType: mode,
        hasAccount: true,
        publicUrl: ctx.config.publicUrl,
      }),
    );
  await publish(t.tx, { topic: 'notifications', userIds: [recipient.id] });
}

/**
 * Counts a share against the sharer's hourly addresses and each address's hourly shares (fixed
 * windows in PostgreSQL, shared by every server process), in the share's transaction: the counters'
 * row locks are held to commit, taken in one order (the user's, then the addresses' sorted), and a
 * refused share's rollback takes its counts back. Throws RATE_LIMITED with the seconds to wait.
 */
async function enforceShareLimits(tx: Database, sharerId: string, sortedEmails: string[]): Promise<void> {
  await enforceRateLimits(tx, [
    {
      key: `share:user:${sharerId}`,
      limit: SHARE_RECIPIENTS_PER_USER_PER_HOUR,
      windowSeconds: SHARE_LIMIT_WINDOW_SECONDS,
      cost: sortedEmails.length,
      message: SHARING_MESSAGES.tooManyRecipientsThisHour,
    },
    ...sortedEmails.map((email) => ({
      key: `share:to:${email}`,
      limit: SHARES_PER_RECIPIENT_PER_HOUR,
      windowSeconds: SHARE_LIMIT_WINDOW_SECONDS,
      message: (retryAfter: number) => SHARING_MESSAGES.tooManySharesToAddress(email, retryAfter),
    })),
  ]);
}

/**
 * Shares shipments of the tenant's workspace with people by e-mail, inside or outside the organization
 * (one share per shipment and address; sharing again what is already shared changes nothing). Each
 * recipient with an account gets a `shared` notification (bell INVITES, e-mail); an address without
 * one gets an e-mail with a sign-up link, and finds the shares once it is verified. A shipment is
 * e-mailed to an address at most once a day, and shares are limited per sharer and per address an
 * hour ({@link enforceShareLimits}). The answer is the same whether or not the addresses have
 * accounts. Whether the caller may share is the route's level (`shipments:change`).
 */
export async function createShares(
  ctx: AppContext,
  tenant: Tenant,
  sharer: UserRow,
  input: ShareRequest,
): Promise<CreateSharesResult> {
  // Sorted: concurrent shares take their row locks in one order.
  const emails = [...new Set(input.emails.map(lower))].sort();
  if (emails.includes(lower(sharer.email))) throw new AppError('VALIDATION', SHARING_MESSAGES.yourself);
  return withTransaction(ctx.pool, async (t) => {
    const { tx } = t;
    await enforceShareLimits(tx, sharer.id, emails);
    const chosen = await chosenShipments(tx, tenant, input);
    const accounts = await tx
      .select()
      .from(users)
      .where(inArray(sql`lower(${users.email})`, emails));
    const accountByEmail = new Map(accounts.map((u) => [lower(u.email), u]));
    const from = { id: sharer.id, name: fullName(sharer), email: sharer.email };
    const byShipment = new Map(chosen.map((c) => [c.shipmentId, c]));
    for (const email of emails) {
      const inserted = await tx
        .insert(shipmentShares)
        .values(
          chosen.map((c) => ({
            workspaceId: tenant.workspaceId,
            mode: input.shipmentType,
            shipmentId: c.shipmentId,
            email,
            sharedBy: sharer.id,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: shipmentShares.id, shipmentId: shipmentShares.shipmentId });
      if (inserted.length === 0) continue;
      const fresh: FreshShare[] = inserted.map((s) => {
        const c = byShipment.get(s.shipmentId)!;
        return { id: s.id, shipmentId: c.shipmentId, itemId: c.itemId, number: c.number };
      });
      const account = accountByEmail.get(email);
      if (account?.emailVerifiedAt) {
        await notifyRecipients(t, ctx, account, fresh, from, input.shipmentType, true);
        continue;
      }
      const mailed = await claimShareEmails(tx, email, input.shipmentType, fresh);
      if (mailed.length)
        await queueMail(
          t,
          ctx.jobs,
          shareMail(email, {
            sharerName: from.name,
            sharerEmail: from.email,
            numbers: mailed.map((f) => f.number),
            shipmentType: input.shipmentType,
            hasAccount: false,
            publicUrl: ctx.config.publicUrl,
          }),
        );
    }
    // The shipments' open pages show who they are shared with.
    await publishShipmentsChanged(
      tx,
      tenant.workspaceId,
      chosen.map((c) => c.shipmentId),
    );
    return { recipients: emails.length };
  });
}

/**
 * Called when an address is verified, in that transaction: shares that were waiting for it become the
 * user's `shared` notifications (no e-mail: the share's e-mail is what brought them here).
 */
export async function claimSharesFor(
  t: Transaction,
  ctx: Pick<AppContext, 'jobs' | 'config'>,
  user: UserRow,
) {
  const waiting = await t.tx
    .select({
      id: shipmentShares.id,
      mode: shipmentShares.mode,
      sharedBy: shipmentShares.sharedBy,
      shipmentId: shipmentShares.shipmentId,
    })
    .from(shipmentShares)
    .where(and(eq(shipmentShares.email, lower(user.email)), isNull(shipmentShares.revokedAt)));
  const subscriptionOf = await sharedSubscriptions(t.tx, waiting);
  for (const share of waiting) {
    const subscription = subscriptionOf(share);
    if (!subscription) continue;
    await notifyRecipients(
      t,
      ctx,
      user,
      [{ id: share.id, shipmentId: share.shipmentId, ...subscription }],
      { id: share.sharedBy, name: '', email: '' },
      share.mode,
      false,
    );
  }
}

/**
 * Who a shipment of the workspace is shared with (live shares), newest first: each address as typed
 * and whether its recipient opened the shipment. Nothing is read of an account behind an address:
 * whether one exists, and its name, are the recipient's to tell.
 */
export async function listSentShares(
  db: Database,
  tenant: Tenant,
  mode: TrackingMode,
  shipmentId: string,
): Promise<SentShare[]> {
  const rows = await db
    .select({
      id: shipmentShares.id,
      email: shipmentShares.email,
      openedAt: shipmentShares.openedAt,
      sharedAt: shipmentShares.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      sharerEmail: users.email,
    })
    .from(shipmentShares)
    .leftJoin(users, eq(users.id, shipmentShares.sharedBy))
    .where(
      and(
        inWorkspace(tenant, shipmentShares),
        eq(shipmentShares.mode, mode),
        eq(shipmentShares.shipmentId, shipmentId),
        isNull(shipmentShares.revokedAt),
      ),
    )
    .orderBy(desc(shipmentShares.createdAt), asc(shipmentShares.email));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    state: r.openedAt ? 'opened' : 'pending',
    sharedBy: r.sharerEmail ? fullName({ ...r, email: r.sharerEmail }) : 'A former member',
    sharedAt: r.sharedAt.toISOString(),
  }));
}

/**
 * Revokes a share of the workspace: from this moment the recipient's calls for it are not found, and
 * their open pages hear of it on their socket and refetch. A share of another workspace is not found.
 */
export async function revokeShare(ctx: AppContext, tenant: Tenant, shareId: string): Promise<void> {
  await withTransaction(ctx.pool, async ({ tx }) => {
    const [revoked] = await tx
      .update(shipmentShares)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(shipmentShares.id, shareId),
          inWorkspace(tenant, shipmentShares),
          isNull(shipmentShares.revokedAt),
        ),
      )
      .returning({ email: shipmentShares.email, shipmentId: shipmentShares.shipmentId });
    if (!revoked) throw new AppError('NOT_FOUND', SHARING_MESSAGES.shareNotFound);
    // The recipient's open page of it, and the sharers' open pages, refetch.
    await publishShipmentsChanged(tx, tenant.workspaceId, [revoked.shipmentId]);
    const recipients = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${revoked.email}`);
    await publish(tx, { topic: 'notifications', userIds: recipients.map((r) => r.id) });
  });
}
