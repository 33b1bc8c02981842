import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  OceanBill,
  OceanBillSummary,
  oceanBillListQuerySchema,
  OceanShipment,
} from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { carrierByScac } from '@tracklane/shared/tracking/ocean/carriers';
import { isUuid } from '@tracklane/shared/validation/database-ranges';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { oceanBills, oceanShipments, trackedBills, UNKNOWN_TIME } from '../../db/schema/tracking';
import { AppError } from '../../lib/app-error';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import type { Tenant } from '../../tenancy/tenant';
import { inWorkspace, workspaceIs } from '../../tenancy/scope';

export const BILL_NOT_FOLLOWED = 'This bill of lading or booking is not followed in this workspace.';

/**
 * SQL: the bill an ocean shipment was found on, as lists, details and webhooks name it
 * (`{ billId, kind, reference }`), or null.
 */
export const billRefColumn = sql<OceanShipment['bill']>`(
  SELECT json_build_object('billId', ob.id, 'kind', tb.kind, 'reference', tb.reference)
  FROM ${oceanBills} ob JOIN ${trackedBills} tb ON tb.id = ob.bill_id
  WHERE ob.id = ${oceanShipments.billId})`;

/**
 * SQL: how many bills the workspace follows alone still await their first answer. The ocean list
 * carries it, read in the page's snapshot, so that a page loaded before a bill's containers arrive
 * looks again shortly, as it does for a container awaiting its first answer.
 */
export const pendingBillsColumn = (workspaceId: string) => sql<number>`(
  SELECT count(*)::int FROM ${oceanBills} ob JOIN ${trackedBills} tb ON tb.id = ob.bill_id
  WHERE ${workspaceIs({ workspaceId }, sql`ob.workspace_id`)} AND tb.state = 'pending')`;

const SUMMARY_COLUMNS = {
  id: oceanBills.id,
  notAdded: oceanBills.notAdded,
  createdAt: oceanBills.createdAt,
  kind: trackedBills.kind,
  reference: trackedBills.reference,
  carrier: trackedBills.carrier,
  state: trackedBills.state,
  transportDocumentReference: trackedBills.transportDocumentReference,
  lastSource: trackedBills.lastSource,
  lastCheckedAt: trackedBills.lastCheckedAt,
  nextCheckAt: trackedBills.nextCheckAt,
  lastError: trackedBills.lastError,
  containerCount: sql<number>`(SELECT count(*)::int FROM ${oceanShipments} s WHERE s.bill_id = ${oceanBills.id})`,
};

const summaries = (db: Database) =>
  db.select(SUMMARY_COLUMNS).from(oceanBills).innerJoin(trackedBills, eq(trackedBills.id, oceanBills.billId));
type SummaryRow = Awaited<ReturnType<typeof summaries>>[number];

function toSummary(row: SummaryRow): OceanBillSummary {
  const planned =
    !['completed', 'not_found', 'no_source'].includes(row.state) && row.nextCheckAt < UNKNOWN_TIME;
  return {
    billId: row.id,
    kind: row.kind,
    reference: row.reference,
    carrierScac: row.carrier,
    carrierName: carrierByScac(row.carrier)?.name ?? null,
    state: row.state,
    transportDocumentReference: row.transportDocumentReference,
    containerCount: row.containerCount,
    notAdded: row.notAdded,
    source: row.lastSource,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    nextCheckAt: planned ? row.nextCheckAt.toISOString() : null,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * One page of the bills of lading and bookings the workspace follows alone, newest first (keyset
 * pages); `waiting`: only those none of whose containers it follows yet (asked, not known, no
 * connection, or none named), which the list shows above its containers.
 */
export async function listOceanBills(
  db: Database,
  tenant: Pick<Tenant, 'workspaceId'>,
  query: z.output<typeof oceanBillListQuerySchema>,
): Promise<{ items: OceanBillSummary[]; nextCursor: string | null }> {
  const filters: (SQL | undefined)[] = [inWorkspace(tenant, oceanBills)];
  if (query.status === 'waiting')
    filters.push(sql`NOT EXISTS (SELECT 1 FROM ${oceanShipments} s WHERE s.bill_id = ${oceanBills.id})`);
  if (query.cursor) {
    const { value, id } = decodeCursor(query.cursor, 'date');
    filters.push(sql`(${oceanBills.createdAt}, ${oceanBills.id}) < (${value}, ${id})`);
  }
  const rows = await summaries(db)
    .where(and(...filters))
    .orderBy(desc(oceanBills.createdAt), desc(oceanBills.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toSummary),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

/** A bill the workspace follows, with each of its containers there; null when it follows no such bill. */
export async function findOceanBill(
  db: Database,
  workspaceId: string,
  billId: string,
): Promise<OceanBill | null> {
  if (!isUuid(billId)) return null;
  const [row] = await summaries(db).where(
    and(inWorkspace({ workspaceId }, oceanBills), eq(oceanBills.id, billId)),
  );
  if (!row) return null;
  const containers = await db
    .select({
      containerNo: oceanShipments.containerNo,
      shipmentOverallId: oceanShipments.id,
      mblNo: oceanShipments.mblNo,
      state: oceanShipments.state,
      status: oceanShipments.status,
      archived: oceanShipments.archived,
    })
    .from(oceanShipments)
    .innerJoin(oceanBills, eq(oceanBills.id, oceanShipments.billId))
    .innerJoin(trackedBills, eq(trackedBills.id, oceanBills.billId))
    .where(and(inWorkspace({ workspaceId }, oceanShipments), eq(oceanShipments.billId, billId)))
    // In the order the carrier named them.
    .orderBy(
      sql`array_position(${trackedBills.containers}, ${oceanShipments.containerNo}) NULLS LAST`,
      asc(oceanShipments.createdAt),
      asc(oceanShipments.id),
    );
  return {
    ...toSummary(row),
    containers: containers.map((c) => ({
      ...c,
      status: c.status as OceanBill['containers'][number]['status'],
    })),
  };
}

/** {@link findOceanBill}, or 404 in the one envelope. */
export async function getOceanBill(db: Database, tenant: Pick<Tenant, 'workspaceId'>, billId: string) {
  const bill = await findOceanBill(db, tenant.workspaceId, billId);
  if (!bill) throw new AppError('NOT_FOUND', BILL_NOT_FOLLOWED);
  return bill;
}

/**
 * Stops following a bill: it names no more containers to this workspace. The containers it added stay
 * as shipments of their own (their bill reference cleared); another workspace's bill is not found.
 */
export async function stopFollowingOceanBill(
  db: Database,
  tenant: Pick<Tenant, 'workspaceId'>,
  billId: string,
): Promise<{ billId: string }> {
  if (!isUuid(billId)) throw new AppError('NOT_FOUND', BILL_NOT_FOLLOWED);
  const [deleted] = await db
    .delete(oceanBills)
    .where(and(inWorkspace(tenant, oceanBills), eq(oceanBills.id, billId)))
    .returning({ id: oceanBills.id });
  if (!deleted) throw new AppError('NOT_FOUND', BILL_NOT_FOLLOWED);
  return { billId: deleted.id };
}
