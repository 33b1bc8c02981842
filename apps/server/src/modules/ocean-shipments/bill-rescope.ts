import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { workspaces } from '../../db/schema/organizations';
import { NO_ORGANIZATION, oceanBills, trackedBills } from '../../db/schema/tracking';
import { QUEUES } from '../../jobs/queue';
import type { Transaction } from '../../lib/transaction';
import { inOrganization } from '../../tenancy/scope';
import type { RescopeContext } from '../tracking/rescope.service';
import { scopeColumns } from '../tracking/routing';
import type { ItemScope } from '../tracking/tracking-mode';
import { BILL_REFRESH_BATCH, billRefreshJob, wakeBills } from './bill-follow.service';

/**
 * Moves an organization's followed bills of lading and bookings of one carrier (ADR 0037) whose bill has
 * another scope than `target` onto the bill of `target` with the same identity, created and queued when
 * nobody follows it yet, as rescope.service.ts moves container subscriptions: the workspace's bill keeps
 * its id, and with it its containers and what it could not add. The bills involved are locked first, in
 * id order, as a refresh locks one (bills before organizations before items). A bill that is over keeps
 * what it named.
 */
export async function moveBillsToScope(
  { tx, client }: Transaction,
  ctx: RescopeContext,
  organizationId: string,
  carrier: string,
  target: ItemScope,
): Promise<number> {
  const wrong = await tx
    .select({
      id: oceanBills.id,
      billId: trackedBills.id,
      kind: trackedBills.kind,
      reference: trackedBills.reference,
    })
    .from(oceanBills)
    .innerJoin(trackedBills, eq(trackedBills.id, oceanBills.billId))
    .innerJoin(workspaces, eq(workspaces.id, oceanBills.workspaceId))
    .where(
      and(
        inOrganization({ organizationId }, workspaces),
        eq(trackedBills.carrier, carrier),
        ne(trackedBills.state, 'completed'),
        sql`NOT (${trackedBills.scope} = ${target.scope} AND COALESCE(${trackedBills.organizationId}, ${NO_ORGANIZATION}::uuid) = ${target.organizationId ?? NO_ORGANIZATION}::uuid)`,
      ),
    );
  if (wrong.length === 0) return 0;
  const keyOf = (k: { kind: string; reference: string }) => `${k.kind}|${k.reference}`;
  const keys = [...new Map(wrong.map((w) => [keyOf(w), w])).values()];
  const fresh = await tx
    .insert(trackedBills)
    .values(keys.map((k) => ({ kind: k.kind, reference: k.reference, carrier, ...scopeColumns(target) })))
    .onConflictDoNothing()
    .returning({ id: trackedBills.id });
  const targets = await tx
    .select({ id: trackedBills.id, kind: trackedBills.kind, reference: trackedBills.reference })
    .from(trackedBills)
    .where(
      and(
        eq(trackedBills.carrier, carrier),
        eq(trackedBills.scope, target.scope),
        sql`COALESCE(${trackedBills.organizationId}, ${NO_ORGANIZATION}::uuid) = ${target.organizationId ?? NO_ORGANIZATION}::uuid`,
        sql`(${trackedBills.kind}, ${trackedBills.reference}) IN (${sql.join(
          keys.map((k) => sql`(${k.kind}, ${k.reference})`),
          sql`, `,
        )})`,
      ),
    );
  const involved = [...new Set([...wrong.map((w) => w.billId), ...targets.map((t) => t.id)])];
  await tx
    .select({ id: trackedBills.id })
    .from(trackedBills)
    .where(inArray(trackedBills.id, involved))
    .orderBy(asc(trackedBills.id))
    .for('no key update');
  const targetOf = new Map(targets.map((t) => [keyOf(t), t.id]));
  const moves = wrong.map((w) => ({ id: w.id, source: w.billId, target: targetOf.get(keyOf(w))! }));
  const moved = await tx.execute<{ bill_id: string }>(sql`
    UPDATE ${oceanBills} o SET bill_id = m.target
    FROM jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) AS m(id uuid, source uuid, target uuid)
    WHERE o.id = m.id AND o.bill_id = m.source
      AND NOT EXISTS (SELECT 1 FROM ${oceanBills} x WHERE x.workspace_id = o.workspace_id AND x.bill_id = m.target)
    RETURNING o.bill_id`);
  const movedTo = new Set(moved.rows.map((r) => r.bill_id));
  await wakeBills(tx, [...movedTo], new Date());
  const toAsk = target.scope === 'none' ? [] : fresh.map((f) => f.id).filter((id) => movedTo.has(id));
  for (let i = 0; i < toAsk.length; i += BILL_REFRESH_BATCH)
    await ctx.jobs.send(QUEUES.trackingRefresh, billRefreshJob(toAsk.slice(i, i + BILL_REFRESH_BATCH)), {
      client,
    });
  return moved.rows.length;
}

/** (organization_id, carrier) of every followed bill that is not over. */
export const billCarriersFollowed = sql`SELECT DISTINCT w.organization_id, b.carrier
    FROM ${trackedBills} b
    JOIN ${oceanBills} o ON o.bill_id = b.id
    JOIN ${workspaces} w ON w.id = o.workspace_id
    WHERE b.state <> 'completed'`;
