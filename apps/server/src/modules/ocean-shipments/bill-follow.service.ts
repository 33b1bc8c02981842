import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { BillKind } from '@tracklane/shared/tracking/ocean/ocean-bills';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import {
  NO_ORGANIZATION,
  oceanBills,
  oceanShipments,
  trackedBills,
  UNKNOWN_TIME,
} from '../../db/schema/tracking';
import { publishToUsers } from '../../integrations/realtime/realtime-hub';
import { QUEUES } from '../../jobs/queue';
import { joinTransaction, type Transaction } from '../../lib/transaction';
import { followWithinQuota } from '../billing/shipment-quota';
import { shipmentReaders } from '../members/shipment-readers';
import { HOUR } from '../tracking/backoff';
import type { Follower } from '../tracking/follow.service';
import { routeCarriers, scopeColumns } from '../tracking/routing';
import { oceanSubscriptions } from './ocean-subscriptions';
import { inWorkspace } from '../../tenancy/scope';

type Ctx = Pick<AppContext, 'pool' | 'tracking' | 'jobs'>;
export type TrackedBill = typeof trackedBills.$inferSelect;

/** A bill of lading or booking as intake names it: normalised reference and the carrier's SCAC. */
export interface BillKey {
  kind: BillKind;
  reference: string;
  carrier: string;
}

export type BillFollowResult =
  | { outcome: 'created'; billId: string }
  | { outcome: 'already_tracked'; billId: string | null }
  /** The same bill earlier in the same request. */
  | { outcome: 'duplicate' };

/** Bills asked together by one refresh job. */
export const BILL_REFRESH_BATCH = 20;
/** The job that asks the carriers about these bills (tracking.jobs.ts runs it). */
export const billRefreshJob = (billIds: string[]) => ({ billIds });

/** While containers wait for room in the plan's quota, they are tried again this often. */
export const NOT_ADDED_RETRY_MS = HOUR;

const keyOf = (k: BillKey) => `${k.kind}|${k.reference}|${k.carrier}`;

/**
 * The reference a bill's containers are followed with: its bill of lading, or a booking's bill once
 * the carrier named it, else the booking itself (ADR 0037).
 */
export function containerReference(
  bill: Pick<TrackedBill, 'kind' | 'reference' | 'transportDocumentReference'>,
): {
  reference: string;
  referenceKind: BillKind;
} {
  if (bill.kind === 'bl') return { reference: bill.reference, referenceKind: 'bl' };
  return bill.transportDocumentReference
    ? { reference: bill.transportDocumentReference, referenceKind: 'bl' }
    : { reference: bill.reference, referenceKind: 'booking' };
}

/** Makes parked bills due again: a workspace follows them again. */
export async function wakeBills(db: Database, billIds: readonly string[], now: Date): Promise<void> {
  if (billIds.length === 0) return;
  await db
    .update(trackedBills)
    .set({ nextCheckAt: now })
    .where(
      and(
        inArray(trackedBills.id, [...billIds]),
        eq(trackedBills.nextCheckAt, UNKNOWN_TIME),
        sql`${trackedBills.state} NOT IN ('completed', 'no_source')`,
      ),
    );
}

/**
 * Makes the workspace follow these bills of lading and bookings (one answer per key, in order), in the
 * caller's transaction. A bill the workspace follows already is answered as such; the others follow the
 * bill of the scope their carrier routes to for the organization (ADR 0035), created and queued for its
 * first check when nobody follows it yet. A bill others follow already brings the containers it has
 * named at once, within the plan's quota.
 */
export async function followBills(
  t: Transaction,
  ctx: Ctx,
  follower: Follower,
  keys: readonly BillKey[],
): Promise<BillFollowResult[]> {
  const { tx, client } = t;
  const unique = [...new Map(keys.map((k) => [keyOf(k), k])).values()];
  if (unique.length === 0) return [];
  const existing = await tx
    .select({
      id: oceanBills.id,
      kind: trackedBills.kind,
      reference: trackedBills.reference,
      carrier: trackedBills.carrier,
    })
    .from(oceanBills)
    .innerJoin(trackedBills, eq(trackedBills.id, oceanBills.billId))
    .where(
      and(
        inWorkspace(follower, oceanBills),
        sql`(${trackedBills.kind}, ${trackedBills.reference}, ${trackedBills.carrier}) IN (${sql.join(
          unique.map((k) => sql`(${k.kind}, ${k.reference}, ${k.carrier})`),
          sql`, `,
        )})`,
      ),
    );
  const followed = new Map(existing.map((e) => [keyOf(e), e.id]));
  const toAdd = unique.filter((k) => !followed.has(keyOf(k)));
  const scopes = await routeCarriers(
    tx,
    ctx.tracking,
    'ocean',
    follower.organizationId,
    toAdd.map((k) => k.carrier),
  );
  const scoped = toAdd.map((k) => ({ ...k, ...scopeColumns(scopes.get(k.carrier)!) }));
  const fresh = scoped.length
    ? await tx
        .insert(trackedBills)
        .values(scoped)
        .onConflictDoNothing()
        .returning({ id: trackedBills.id, scope: trackedBills.scope })
    : [];
  const bills = scoped.length
    ? await tx
        .select()
        .from(trackedBills)
        .where(
          sql`(${trackedBills.kind}, ${trackedBills.reference}, ${trackedBills.carrier}, ${trackedBills.scope}, COALESCE(${trackedBills.organizationId}, ${NO_ORGANIZATION}::uuid)) IN (${sql.join(
            scoped.map(
              (k) =>
                sql`(${k.kind}, ${k.reference}, ${k.carrier}, ${k.scope}, ${k.organizationId ?? NO_ORGANIZATION}::uuid)`,
            ),
            sql`, `,
          )})`,
        )
    : [];
  const byKey = new Map(bills.map((b) => [keyOf(b), b]));
  const created = bills.length
    ? await tx
        .insert(oceanBills)
        .values(
          bills.map((b) => ({ workspaceId: follower.workspaceId, billId: b.id, createdBy: follower.userId })),
        )
        .onConflictDoNothing()
        .returning({ id: oceanBills.id, billId: oceanBills.billId })
    : [];
  const createdByBill = new Map(created.map((c) => [c.billId, c.id]));
  // A bill nobody followed was parked: it is asked again now.
  await wakeBills(tx, [...createdByBill.keys()], new Date());
  const toAsk = fresh.filter((b) => b.scope !== 'none').map((b) => b.id);
  for (let i = 0; i < toAsk.length; i += BILL_REFRESH_BATCH)
    await ctx.jobs.send(QUEUES.trackingRefresh, billRefreshJob(toAsk.slice(i, i + BILL_REFRESH_BATCH)), {
      client,
    });
  await addBillContainers(
    t,
    ctx,
    bills
      .filter((b) => createdByBill.has(b.id) && b.containers.length > 0)
      .map((bill) => ({ ...follower, oceanBillId: createdByBill.get(bill.id)!, notAdded: [], bill })),
  );

  const answered = new Set<string>();
  return keys.map((k): BillFollowResult => {
    const key = keyOf(k);
    if (answered.has(key)) return { outcome: 'duplicate' };
    answered.add(key);
    const already = followed.get(key);
    if (already) return { outcome: 'already_tracked', billId: already };
    const createdId = createdByBill.get(byKey.get(key)!.id);
    if (createdId) return { outcome: 'created', billId: createdId };
    // A concurrent request of this workspace followed it a moment ago.
    return { outcome: 'already_tracked', billId: null };
  });
}

/** A workspace following a bill, as {@link addBillContainers} reconciles it. */
export interface BillFollowing extends Follower {
  oceanBillId: string;
  /** What it could not add at its last reconciliation. */
  notAdded: readonly string[];
  bill: TrackedBill;
}

/**
 * Adds to each following workspace the containers its bill names that it does not follow under the
 * bill yet, in the caller's transaction, within each organization's quota of active shipments (the
 * organizations are locked in id order, so that two bills reconciled at once never wait on each
 * other): each becomes an ocean shipment under the bill, or joins it when the workspace followed that
 * container already; those beyond the quota are recorded as not added, tried again within the hour
 * and at the bill's next check. Returns the workspaces whose shipments or bill changed.
 */
export async function addBillContainers(
  t: Transaction,
  ctx: Ctx,
  followings: readonly BillFollowing[],
): Promise<Set<string>> {
  const { tx } = t;
  const changed = new Set<string>();
  const ordered = [...followings].sort(
    (a, b) => a.organizationId.localeCompare(b.organizationId) || a.oceanBillId.localeCompare(b.oceanBillId),
  );
  for (const following of ordered) {
    const { bill, oceanBillId } = following;
    const present = bill.containers.length
      ? await tx
          .select({ containerNo: oceanShipments.containerNo })
          .from(oceanShipments)
          .where(eq(oceanShipments.billId, oceanBillId))
      : [];
    const here = new Set(present.map((p) => p.containerNo));
    const missing = bill.containers.filter((c) => !here.has(c));
    const notAdded: string[] = [];
    if (missing.length) {
      const { reference, referenceKind } = containerReference(bill);
      const results = await followWithinQuota(
        { ...ctx, pool: joinTransaction(t) },
        following,
        oceanSubscriptions,
        missing.map((containerNo) => ({
          trackingNo: containerNo,
          reference,
          carrier: bill.carrier,
          referenceKind,
        })),
        { billId: oceanBillId },
      );
      const joining: string[] = [];
      results.forEach((result, i) => {
        if (result.outcome === 'over_quota') notAdded.push(missing[i]!);
        else if (result.outcome === 'created') changed.add(following.workspaceId);
        else if (result.outcome === 'already_tracked' && result.subscriptionId)
          joining.push(result.subscriptionId);
      });
      // Containers the workspace followed already, by their own numbers: now shown under the bill too.
      if (joining.length) {
        const joined = await tx
          .update(oceanShipments)
          .set({ billId: oceanBillId })
          .where(and(inArray(oceanShipments.id, joining), isNull(oceanShipments.billId)))
          .returning({ id: oceanShipments.id });
        if (joined.length) changed.add(following.workspaceId);
      }
    }
    const same =
      notAdded.length === following.notAdded.length && notAdded.every((c, i) => c === following.notAdded[i]);
    if (!same) changed.add(following.workspaceId);
    await tx
      .update(oceanBills)
      .set({
        notAdded,
        retryAt: notAdded.length ? new Date(Date.now() + NOT_ADDED_RETRY_MS) : null,
      })
      .where(eq(oceanBills.id, oceanBillId));
  }
  return changed;
}

/**
 * Tells the members who may see these workspaces' shipments that the engine changed them (a bill
 * answered, containers added): their open lists and details refetch, once the transaction commits.
 */
export async function nudgeShipmentReaders(tx: Database, workspaceIds: Iterable<string>): Promise<void> {
  const users = new Set<string>();
  for (const workspaceId of new Set(workspaceIds))
    for (const reader of await shipmentReaders(tx, workspaceId)) users.add(reader.userId);
  await publishToUsers(tx, 'shipments', [...users]);
}
