import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { workspaces } from '../../db/schema/organizations';
import { oceanBills, trackedBills, UNKNOWN_TIME, type BillState } from '../../db/schema/tracking';
import {
  ProviderDeferredError,
  type BillAnswer,
  type OceanProvider,
} from '../../integrations/tracking/provider';
import type { ModeSources } from '../../integrations/tracking/sources';
import { withTransaction } from '../../lib/transaction';
import { failureBackoff, HOUR, MINUTE, NOT_FOUND_RECHECK_MS, notFoundBackoff } from '../tracking/backoff';
import {
  addBillContainers,
  nudgeShipmentReaders,
  type BillFollowing,
  type TrackedBill,
} from './bill-follow.service';

type Ctx = Pick<AppContext, 'pool' | 'tracking' | 'jobs'>;

/** A bill whose containers are not all on board is asked again this often: containers may still join. */
export const BILL_RECHECK_MS = 6 * HOUR;

export interface BillRefreshOutcome {
  result: 'found' | 'not_found' | 'failed' | 'deferred' | 'skipped';
  /** Workspaces whose shipments or bill changed. */
  changedWorkspaces: number;
}

/** What a source that cannot look up bills says, as the bill's error. */
const NO_BILL_LOOKUP = (source: string) =>
  `${source}: this data source cannot look up bills of lading or bookings`;

/**
 * Claims up to `limit` due bills, pushing their next check out by a lease as claimDueItems does; a due
 * bill no workspace follows any more is parked instead (its next check the far future) until one does.
 */
export async function claimDueBills(db: Database, now: Date, limit: number): Promise<string[]> {
  const lease = new Date(now.getTime() + 10 * MINUTE);
  for (;;) {
    const rows = await db.execute<{ id: string; followed: boolean }>(sql`
      WITH due AS (
        SELECT b.id, EXISTS (SELECT 1 FROM ${oceanBills} o WHERE o.bill_id = b.id) AS followed
        FROM ${trackedBills} b
        WHERE b.state NOT IN ('completed', 'no_source') AND b.next_check_at <= ${now}
        ORDER BY b.next_check_at
        LIMIT ${limit}
        FOR UPDATE OF b SKIP LOCKED
      )
      UPDATE ${trackedBills} b
      SET next_check_at = CASE WHEN due.followed THEN ${lease}::timestamptz ELSE ${UNKNOWN_TIME}::timestamptz END
      FROM due WHERE b.id = due.id
      RETURNING b.id, due.followed`);
    const claimed = rows.rows.filter((r) => r.followed).map((r) => r.id);
    if (claimed.length > 0 || rows.rows.length === 0) return claimed;
  }
}

/** Every workspace following these bills, as reconciliation takes them. */
async function followingsOf(db: Database, bills: readonly TrackedBill[]): Promise<BillFollowing[]> {
  if (bills.length === 0) return [];
  const byId = new Map(bills.map((b) => [b.id, b]));
  const rows = await db
    .select({
      oceanBillId: oceanBills.id,
      billId: oceanBills.billId,
      workspaceId: oceanBills.workspaceId,
      organizationId: workspaces.organizationId,
      userId: oceanBills.createdBy,
      notAdded: oceanBills.notAdded,
    })
    .from(oceanBills)
    .innerJoin(workspaces, eq(workspaces.id, oceanBills.workspaceId))
    .where(inArray(oceanBills.billId, [...byId.keys()]));
  return rows.map(({ billId, ...row }) => ({ ...row, bill: byId.get(billId)! }));
}

type Asked = { bill: TrackedBill; source: string } & ({ answer: BillAnswer } | { error: unknown });

/**
 * Asks the carriers which containers travel on these bills (ADR 0037), through the same data sources,
 * scopes and budgets as containers, and stores each answer in a transaction of its own: the bill's
 * state, the containers it names (never fewer than before) and a booking's bill of lading; then every
 * workspace following it gets the containers it does not follow yet, within its organization's quota.
 * Failures back off as a container's do, a spent budget or a carrier's Retry-After defers, and a bill
 * that is not known moves to not found after the same number of answers. Followers hear of a change
 * over the realtime hub once it commits.
 */
export async function refreshBills(
  ctx: Ctx & Pick<AppContext, 'db'>,
  billIds: readonly string[],
  now: Date,
): Promise<Map<string, BillRefreshOutcome>> {
  const outcomes = new Map<string, BillRefreshOutcome>(
    billIds.map((id) => [id, { result: 'skipped', changedWorkspaces: 0 }]),
  );
  if (billIds.length === 0) return outcomes;
  const bills = await ctx.db
    .select()
    .from(trackedBills)
    .where(inArray(trackedBills.id, [...billIds]));
  // The ocean mode's sources answer with ocean providers (createOceanMode).
  const sources = ctx.tracking.modes.ocean.sources as ModeSources<OceanProvider>;
  const asked = (
    await Promise.all(
      bills
        .filter((bill) => bill.state !== 'completed' && bill.scope !== 'none')
        .map(async (bill): Promise<Asked | null> => {
          const provider = await sources.provider(bill);
          // Its source is gone and its followers are not rescoped yet: nothing to ask.
          if (!provider) return null;
          if (!provider.bill)
            return { bill, source: provider.source, error: new Error(NO_BILL_LOOKUP(provider.source)) };
          try {
            const answer = await provider.bill(
              {
                kind: bill.kind,
                reference: bill.reference,
                carrierScac: bill.carrier,
                trackingStartedAt: bill.trackingStartedAt,
              },
              now,
            );
            return { bill, source: provider.source, answer };
          } catch (error) {
            return { bill, source: provider.source, error };
          }
        }),
    )
  ).filter((a): a is Asked => a !== null);
  for (const one of asked) outcomes.set(one.bill.id, await storeBillAnswer(ctx, one, now));
  return outcomes;
}

async function storeBillAnswer(ctx: Ctx, asked: Asked, now: Date): Promise<BillRefreshOutcome> {
  return withTransaction(ctx.pool, async (t) => {
    const { tx } = t;
    // NO KEY UPDATE: a workspace following the bill meanwhile (a key share through its foreign key)
    // does not wait for this, nor this for it; a second refresh of the bill does.
    const [bill] = await tx
      .select()
      .from(trackedBills)
      .where(eq(trackedBills.id, asked.bill.id))
      .for('no key update');
    if (!bill || bill.state === 'completed' || bill.scope === 'none')
      return { result: 'skipped', changedWorkspaces: 0 };
    const checked = { lastCheckedAt: now, lastSource: asked.source };
    let set: Partial<TrackedBill>;
    let result: BillRefreshOutcome['result'];
    if ('error' in asked && asked.error instanceof ProviderDeferredError) {
      set = {
        nextCheckAt: asked.error.retryAt > now ? asked.error.retryAt : new Date(now.getTime() + MINUTE),
      };
      result = 'deferred';
    } else if ('error' in asked) {
      const failures = bill.consecutiveFailures + 1;
      const error = asked.error;
      set = {
        ...checked,
        consecutiveFailures: failures,
        lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
        nextCheckAt: new Date(now.getTime() + failureBackoff(failures)),
      };
      result = 'failed';
    } else if (asked.answer.status === 'not_found') {
      const checks = bill.notFoundChecks + 1;
      // A bill the carrier knew stays known: a later "unknown" is the carrier's hiccup, not news.
      const state: BillState =
        bill.state === 'not_found' || (bill.state === 'pending' && checks >= ctx.tracking.notFoundAttempts)
          ? 'not_found'
          : bill.state;
      set = {
        ...checked,
        state,
        notFoundChecks: checks,
        consecutiveFailures: 0,
        lastError: null,
        nextCheckAt: new Date(
          now.getTime() + (state === 'not_found' ? NOT_FOUND_RECHECK_MS : notFoundBackoff(checks)),
        ),
      };
      result = 'not_found';
    } else {
      const { answer } = asked;
      const containers = [
        ...bill.containers,
        ...answer.containers.filter((c) => !bill.containers.includes(c)),
      ];
      set = {
        ...checked,
        state: answer.loaded ? 'completed' : 'found',
        containers,
        transportDocumentReference: answer.transportDocumentReference ?? bill.transportDocumentReference,
        notFoundChecks: 0,
        consecutiveFailures: 0,
        lastError: null,
        nextCheckAt: answer.loaded ? UNKNOWN_TIME : new Date(now.getTime() + BILL_RECHECK_MS),
      };
      result = 'found';
    }
    const [updated] = await tx.update(trackedBills).set(set).where(eq(trackedBills.id, bill.id)).returning();
    const followings = await followingsOf(tx, [updated!]);
    const changed = result === 'found' ? await addBillContainers(t, ctx, followings) : new Set<string>();
    if (updated!.state !== bill.state) for (const f of followings) changed.add(f.workspaceId);
    await nudgeShipmentReaders(tx, changed);
    return { result, changedWorkspaces: changed.size };
  });
}

/**
 * Tries again the containers that followed bills could not add for the plan's quota (ADR 0037), an hour
 * after the last try, without asking any carrier: archiving shipments or a larger plan makes room.
 */
export async function retryNotAdded(
  ctx: Ctx & Pick<AppContext, 'db'>,
  now: Date,
  limit = 50,
): Promise<number> {
  const due = await ctx.db
    .select({ id: oceanBills.id })
    .from(oceanBills)
    .where(and(lte(oceanBills.retryAt, now), sql`${oceanBills.notAdded} <> '{}'`))
    .orderBy(oceanBills.retryAt)
    .limit(limit);
  let changed = 0;
  for (const { id } of due)
    changed += await withTransaction(ctx.pool, async (t) => {
      // The bill first, as a refresh locks it (then the organization, then this row): skipped while a
      // refresh of the bill runs, which reconciles its followers itself.
      const [row] = await t.tx
        .select({
          oceanBillId: oceanBills.id,
          workspaceId: oceanBills.workspaceId,
          organizationId: workspaces.organizationId,
          userId: oceanBills.createdBy,
          notAdded: oceanBills.notAdded,
          bill: trackedBills,
        })
        .from(oceanBills)
        .innerJoin(workspaces, eq(workspaces.id, oceanBills.workspaceId))
        .innerJoin(trackedBills, eq(trackedBills.id, oceanBills.billId))
        .where(and(eq(oceanBills.id, id), lte(oceanBills.retryAt, now)))
        .for('no key update', { of: trackedBills, skipLocked: true });
      if (!row) return 0;
      const workspacesChanged = await addBillContainers(t, ctx, [row]);
      await nudgeShipmentReaders(t.tx, workspacesChanged);
      return workspacesChanged.size;
    });
  return changed;
}
