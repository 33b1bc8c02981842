import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { isContainerNumber } from '@tracklane/shared/carrier-connections/carrier-connections.schema';
import { supportsPush } from '@tracklane/shared/carrier-connections/carrier-push.schema';
import type { AppContext } from '../../../app-context';
import type { Database } from '../../../db/client';
import { carrierConnections, type CarrierConnectionRow } from '../../../db/schema/carrier-connections';
import {
  carrierSubscriptions,
  type CarrierSubscriptionRow,
  type SubscriptionReferenceType,
} from '../../../db/schema/carrier-subscriptions';
import { oceanShipments, trackedItems, UNKNOWN_TIME } from '../../../db/schema/tracking';
import {
  classify,
  subscriptionsUrlOf,
} from '../../../integrations/tracking/connections/connections-contract';
import { newSubscriptionSecret } from '../../../integrations/tracking/dcsa/dcsa-subscriptions';
import { ProviderDeferredError } from '../../../integrations/tracking/provider';
import { withTransaction } from '../../../lib/transaction';
import { announceConnections } from './announce-connections';
import { organizationIs } from '../../../tenancy/scope';

type Ctx = Pick<AppContext, 'db' | 'pool' | 'carrierConnections'>;

/** How long a process may work on a subscription before another may take it over. */
const LEASE = sql`interval '5 minutes'`;
/** A subscription the carrier refused is offered again this much later. */
const RETRY_AFTER_FAILURE = sql`interval '30 minutes'`;
/** The most carrier calls one run makes (the budget usually stops it first); the next run goes on. */
const CALLS_PER_RUN = 200;

export interface SyncOutcome {
  created: number;
  deleted: number;
  failed: number;
  /** The budget (or the carrier's Retry-After) stopped the run: the rest waits until then. */
  deferredUntil: Date | null;
}

/** Whether the connection wants subscriptions now: enabled, set to push, of a kind that can, with an endpoint. */
export function isPushing(row: CarrierConnectionRow): boolean {
  return row.enabled && row.delivery === 'push' && supportsPush(row.kind) && subscriptionsUrlOf(row) !== null;
}

/**
 * SQL: the items a pushing connection must hold a subscription for: its organization's items of its
 * carrier obtained with its own credentials (scope `organization`, ADR 0035), still tracked, that an
 * unarchived shipment follows. Archived-only or unfollowed items need none (the engine parks them too).
 */
function wantedItems(row: CarrierConnectionRow) {
  return sql`
    SELECT i.id, i.tracking_no, i.reference FROM ${trackedItems} i
    WHERE i.scope = 'organization' AND ${organizationIs(row, sql`i.organization_id`)}
      AND i.carrier = ${row.carrier} AND i.mode = 'ocean'
      AND i.state NOT IN ('completed', 'no_source')
      AND EXISTS (SELECT 1 FROM ${oceanShipments} f WHERE f.item_id = i.id AND NOT f.archived)`;
}

/** What a subscription asks for: the container, or the bill of lading of an item without one. */
function referenceOf(item: { tracking_no: string; reference: string }): {
  referenceType: SubscriptionReferenceType;
  reference: string;
} | null {
  if (isContainerNumber(item.tracking_no))
    return { referenceType: 'equipmentReference', reference: item.tracking_no };
  if (item.reference) return { referenceType: 'transportDocumentReference', reference: item.reference };
  return null;
}

/**
 * Brings the rows in line with what the connection needs, without calling the carrier: a pending row
 * (with a fresh sealed secret) for each wanted item that has none, `ending` for each row whose item is
 * no longer wanted (or every row, when the connection does not push), and back to work for an ending
 * row whose item is wanted again before its deletion started.
 */
async function plan(ctx: Ctx, row: CarrierConnectionRow, pushing: boolean): Promise<void> {
  await withTransaction(ctx.pool, async ({ tx }) => {
    const wanted = pushing ? wantedItems(row) : sql`SELECT NULL::uuid AS id WHERE false`;
    await tx.execute(sql`
      UPDATE ${carrierSubscriptions} s SET state = 'ending', updated_at = now()
      WHERE s.connection_id = ${row.id} AND s.state <> 'ending'
        AND s.item_id NOT IN (SELECT w.id FROM (${wanted}) w)`);
    if (!pushing) return;
    await tx.execute(sql`
      UPDATE ${carrierSubscriptions} s
      SET state = CASE WHEN s.subscription_id IS NULL THEN 'pending' ELSE 'active' END, updated_at = now()
      WHERE s.connection_id = ${row.id} AND s.state = 'ending'
        AND (s.claimed_until IS NULL OR s.claimed_until < now())
        AND s.item_id IN (SELECT w.id FROM (${wanted}) w)`);
    const missing = await tx.execute<{ id: string; tracking_no: string; reference: string }>(sql`
      SELECT w.* FROM (${wanted}) w
      WHERE NOT EXISTS (SELECT 1 FROM ${carrierSubscriptions} s WHERE s.connection_id = ${row.id} AND s.item_id = w.id)`);
    if (missing.rows.length === 0) return;
    const box = ctx.carrierConnections.secretBox();
    const rows = missing.rows.flatMap((item) => {
      const reference = referenceOf(item);
      if (!reference) return [];
      const id = randomUUID();
      return [
        {
          id,
          connectionId: row.id,
          itemId: item.id,
          ...reference,
          state: 'pending' as const,
          secret: box.seal(newSubscriptionSecret(), id),
        },
      ];
    });
    for (let i = 0; i < rows.length; i += 500)
      await tx
        .insert(carrierSubscriptions)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing();
  });
}

/** Takes a lease on up to `limit` rows with carrier work to do: deletions first, then creations. */
async function claim(db: Database, connectionId: string, limit: number): Promise<CarrierSubscriptionRow[]> {
  const claimed = await db.execute<{ id: string }>(sql`
    UPDATE ${carrierSubscriptions} SET claimed_until = now() + ${LEASE}
    WHERE id IN (
      SELECT id FROM ${carrierSubscriptions}
      WHERE connection_id = ${connectionId}
        AND (claimed_until IS NULL OR claimed_until < now())
        AND (state IN ('pending', 'ending') OR (state = 'failed' AND retry_at <= now()))
      ORDER BY (state = 'ending') DESC, created_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id`);
  if (claimed.rows.length === 0) return [];
  const rows = await db
    .select()
    .from(carrierSubscriptions)
    .where(
      sql`${carrierSubscriptions.id} IN (${sql.join(
        claimed.rows.map((r) => sql`${r.id}::uuid`),
        sql`, `,
      )})`,
    );
  // Deletions first, then in the order they were wanted.
  return rows.sort(
    (a, b) =>
      Number(b.state === 'ending') - Number(a.state === 'ending') ||
      a.createdAt.getTime() - b.createdAt.getTime(),
  );
}

/** The subscription is gone at the carrier: the row goes, and its item, if still followed, is polled again. */
async function forget(ctx: Ctx, subscription: CarrierSubscriptionRow): Promise<void> {
  await withTransaction(ctx.pool, async ({ tx }) => {
    const [gone] = await tx
      .delete(carrierSubscriptions)
      .where(and(eq(carrierSubscriptions.id, subscription.id), eq(carrierSubscriptions.state, 'ending')))
      .returning({ itemId: carrierSubscriptions.itemId });
    if (!gone) return;
    // It was asked only as a safety net: its ordinary schedule resumes now (a parked item stays parked).
    await tx.execute(sql`
      UPDATE ${trackedItems} SET next_check_at = LEAST(next_check_at, now())
      WHERE id = ${gone.itemId} AND state NOT IN ('completed', 'no_source')
        AND next_check_at < ${UNKNOWN_TIME}::timestamptz
        AND NOT EXISTS (SELECT 1 FROM ${carrierSubscriptions} o WHERE o.item_id = ${gone.itemId} AND o.state = 'active')`);
  });
}

/** Gives the lease back without a result (the budget stopped the run): the row is taken up again later. */
async function release(db: Database, id: string): Promise<void> {
  await db.update(carrierSubscriptions).set({ claimedUntil: null }).where(eq(carrierSubscriptions.id, id));
}

/**
 * Makes the carrier's subscriptions match what a connection needs (ADR 0038): while it pushes, one
 * DCSA event subscription per container its organization follows through it, with a secret of its
 * own; none for containers nobody follows any more, and none at all once the connection is disabled,
 * switched back to polling or `ending` (about to be deleted). Every call to the carrier comes out of
 * the connection's budget and writes its health; a spent budget (or a 429) ends the run, and the rest
 * waits for the next one. Safe to run in several processes at once: each row is worked on under a lease.
 */
export async function syncCarrierSubscriptions(
  ctx: Ctx,
  connectionId: string,
  options: { now?: Date; ending?: boolean; deadline?: number } = {},
): Promise<SyncOutcome> {
  const [row] = await ctx.db.select().from(carrierConnections).where(eq(carrierConnections.id, connectionId));
  if (!row) return { created: 0, deleted: 0, failed: 0, deferredUntil: null };
  const outcome = await work(ctx, row, options);
  // The admins' open pages show the subscriptions by state.
  if (outcome.created || outcome.deleted || outcome.failed)
    await withTransaction(ctx.pool, ({ tx }) => announceConnections(tx, row.organizationId));
  return outcome;
}

async function work(
  ctx: Ctx,
  row: CarrierConnectionRow,
  options: { now?: Date; ending?: boolean; deadline?: number },
): Promise<SyncOutcome> {
  const outcome: SyncOutcome = { created: 0, deleted: 0, failed: 0, deferredUntil: null };
  const pushing = !options.ending && isPushing(row);
  await plan(ctx, row, pushing);
  const subscriber = ctx.carrierConnections.subscriber(row);

  for (let calls = 0; calls < CALLS_PER_RUN;) {
    if (options.deadline && Date.now() > options.deadline) break;
    const batch = await claim(ctx.db, row.id, 10);
    if (batch.length === 0) break;
    for (const [index, subscription] of batch.entries()) {
      const now = options.now ?? new Date();
      const ended = subscription.state === 'ending';
      try {
        if (ended) {
          if (subscription.subscriptionId) {
            calls++;
            await subscriber.remove(subscription.subscriptionId, now);
          }
          await forget(ctx, subscription);
          outcome.deleted++;
        } else {
          calls++;
          const secret = ctx.carrierConnections.secretBox().open(subscription.secret, subscription.id);
          const subscriptionId = await subscriber.create(
            { secret, referenceType: subscription.referenceType, reference: subscription.reference },
            now,
          );
          // An item unfollowed meanwhile was marked ending: it stays so, and is deleted next.
          await ctx.db
            .update(carrierSubscriptions)
            .set({
              state: sql`CASE WHEN ${carrierSubscriptions.state} = 'ending' THEN 'ending' ELSE 'active' END`,
              subscriptionId,
              lastError: null,
              retryAt: null,
              claimedUntil: null,
              updatedAt: new Date(),
            })
            .where(eq(carrierSubscriptions.id, subscription.id));
          outcome.created++;
        }
      } catch (error) {
        if (error instanceof ProviderDeferredError) {
          for (const rest of batch.slice(index)) await release(ctx.db, rest.id);
          outcome.deferredUntil = error.retryAt;
          return outcome;
        }
        await ctx.db
          .update(carrierSubscriptions)
          .set({
            state: sql`CASE WHEN ${carrierSubscriptions.state} = 'ending' THEN 'ending' ELSE 'failed' END`,
            lastError: classify(error).message.slice(0, 500),
            retryAt: sql`now() + ${RETRY_AFTER_FAILURE}`,
            claimedUntil: sql`now() + ${RETRY_AFTER_FAILURE}`,
            updatedAt: new Date(),
          })
          .where(eq(carrierSubscriptions.id, subscription.id));
        outcome.failed++;
        // What failed one call (credentials, an outage, a refused callback URL) fails the next: the
        // connection's health says so, and the next run tries again.
        for (const rest of batch.slice(index + 1)) await release(ctx.db, rest.id);
        return outcome;
      }
    }
  }
  return outcome;
}

/** Connections with subscription work: those that push, and those with subscriptions left to end. */
export async function connectionsWithSubscriptions(db: Database): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    SELECT c.id FROM ${carrierConnections} c
    WHERE (c.enabled AND c.delivery = 'push')
       OR EXISTS (SELECT 1 FROM ${carrierSubscriptions} s WHERE s.connection_id = c.id)
    ORDER BY c.id`);
  return rows.rows.map((r) => r.id);
}
