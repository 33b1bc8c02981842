import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  HISTORY_PAGE_SIZE,
  type SharedHistoryPage,
  type ShareInfo,
  type TrackingHistoryPage,
} from '@tracklane/shared/sharing/sharing.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { allModeFeatures, modeFeatures, modePresentation } from '../../modes';
import { shipmentShares, type ShipmentShareRow } from '../../db/schema/sharing';
import { users, type UserRow } from '../../db/schema/users';
import { setArchived } from '../tracking/archive.service';
import type { Tenant } from '../../tenancy/tenant';
import { inWorkspace } from '../../tenancy/scope';

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);
const nameOf = sql<string | null>`NULLIF(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;
const offsetOf = (pageNo: number) => (pageNo - 1) * HISTORY_PAGE_SIZE;
export const carrierNameOf = (mode: TrackingMode, carrier: string) =>
  modePresentation(mode).carrierName(carrier);

/**
 * The tracking history of the workspace: every shipment of the mode it ever added, archived ones
 * included, with who added it and when, newest first, searchable by number. Subscriptions are never
 * deleted (archiving is how a shipment leaves the lists), so they are the history.
 */
export async function listTrackingHistory(
  db: Database,
  tenant: Tenant,
  mode: TrackingMode,
  input: { search?: string | undefined; pageNo: number },
): Promise<TrackingHistoryPage> {
  const term = input.search ? `%${escapeLike(input.search.toUpperCase())}%` : null;
  // Every mode's subscriptions, read through the same columns: number, reference and carrier.
  const presentation = modePresentation(mode);
  const t = modeFeatures(mode).table;
  const columns = presentation.historyColumns();
  const { number, reference, carrier, status } = columns;
  const search = term ? columns.search(term) : undefined;
  const where = and(inWorkspace(tenant, t), search);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: t.id,
        number: sql<string>`${number}`,
        reference: sql<string>`${reference}`,
        carrier: sql<string>`${carrier}`,
        status: sql<string | null>`${status}`,
        archived: t.archived,
        createdAt: t.createdAt,
        addedBy: nameOf,
        addedByEmail: users.email,
      })
      .from(t)
      .leftJoin(users, eq(users.id, t.createdBy))
      .where(where)
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(HISTORY_PAGE_SIZE)
      .offset(offsetOf(input.pageNo)),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      shipmentId: r.id,
      number: r.number,
      reference: r.reference,
      carrierName: carrierNameOf(mode, r.carrier),
      status: r.status,
      archived: r.archived,
      addedBy: r.addedBy ?? r.addedByEmail,
      addedAt: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    pageNo: input.pageNo,
    pageSize: HISTORY_PAGE_SIZE,
  };
}

/**
 * One-click re-track from the history: archived shipments come back to the active list within the
 * plan's quota of active shipments (the same locked path as unarchiving); active ones stay as they are.
 */
export async function retrackShipments(ctx: AppContext, tenant: Tenant, mode: TrackingMode, ids: string[]) {
  const { table } = modeFeatures(mode);
  const archived = await ctx.db
    .select({ id: table.id })
    .from(table)
    .where(and(inWorkspace(tenant, table), sql`${table.id} IN ${ids}`, eq(table.archived, true)));
  const result = archived.length
    ? await setArchived(
        ctx,
        tenant,
        mode,
        archived.map((a) => a.id),
        false,
      )
    : { updatedIds: [] };
  const retracked = result.updatedIds.length;
  const alreadyActive = ids.length - archived.length;
  const message =
    retracked > 0
      ? `${String(retracked)} shipment${retracked === 1 ? '' : 's'} tracked again`
      : 'Already tracked: nothing to do';
  return { retracked, alreadyActive, message };
}

/** The live shares of the mode addressed to the user, newest first, searchable by number. */
export async function listSharedHistory(
  db: Database,
  user: UserRow,
  mode: TrackingMode,
  input: { search?: string | undefined; pageNo: number },
): Promise<SharedHistoryPage> {
  const term = input.search ? `%${escapeLike(input.search.toUpperCase())}%` : null;
  // The shares' subscriptions of the mode, read through the history columns every mode has.
  const presentation = modePresentation(mode);
  const t = modeFeatures(mode).table;
  const columns = presentation.historyColumns();
  const filters: (SQL | undefined)[] = [
    eq(shipmentShares.email, user.email.toLowerCase()),
    eq(shipmentShares.mode, mode),
    isNull(shipmentShares.revokedAt),
    term ? columns.search(term) : undefined,
  ];
  const where = and(...filters);
  const shared = eq(t.id, shipmentShares.shipmentId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: shipmentShares.id,
        sharedAt: shipmentShares.createdAt,
        number: sql<string>`${columns.number}`,
        reference: sql<string>`${columns.reference}`,
        carrier: sql<string>`${columns.carrier}`,
        status: sql<string | null>`${columns.status}`,
        arrival: sql<Date | null>`COALESCE(${columns.arrivedAt}, ${columns.expectedAt})`,
        arrivalActual: sql<boolean>`(${columns.arrivedAt} IS NOT NULL)`,
        sharedBy: nameOf,
        sharedByEmail: users.email,
      })
      .from(shipmentShares)
      .innerJoin(t, shared)
      .leftJoin(users, eq(users.id, shipmentShares.sharedBy))
      .where(where)
      .orderBy(desc(shipmentShares.createdAt), desc(shipmentShares.id))
      .limit(HISTORY_PAGE_SIZE)
      .offset(offsetOf(input.pageNo)),
    db.select({ n: count() }).from(shipmentShares).innerJoin(t, shared).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      overallId: r.id,
      shipmentType: mode,
      number: r.number,
      reference: r.reference,
      carrierName: carrierNameOf(mode, r.carrier),
      status: r.status,
      arrival: r.arrival ? new Date(r.arrival).toISOString() : null,
      arrivalActual: r.arrivalActual,
      sharedBy: r.sharedBy ?? r.sharedByEmail ?? 'A former member',
      sharedAt: r.sharedAt.toISOString(),
    })),
    total: total?.n ?? 0,
    pageNo: input.pageNo,
    pageSize: HISTORY_PAGE_SIZE,
  };
}

async function sharerName(db: Database, share: ShipmentShareRow): Promise<string> {
  if (!share.sharedBy) return 'A former member';
  const [u] = await db
    .select({ name: nameOf, email: users.email })
    .from(users)
    .where(eq(users.id, share.sharedBy));
  return u?.name ?? u?.email ?? 'A former member';
}

/**
 * A shared shipment as its recipient sees it (under its mode's name): the live tracking data of the sharer's shipment, with
 * what belongs to the sharer's workspace left out: no favourite (stars are personal), archive and tags
 * blanked, and its money
 * (demurrage and detention: `freeTime`, cost and currency) and its organization's terminal answers
 * (`terminal`, ADR 0039) not carried at all.
 */
export async function getSharedShipment(
  db: Database,
  share: ShipmentShareRow,
): Promise<{ share: ShareInfo } & Record<string, object | null>> {
  const info = {
    overallId: share.id,
    shipmentType: share.mode,
    sharedBy: await sharerName(db, share),
    sharedAt: share.createdAt.toISOString(),
  };
  // Read on nobody's behalf: the recipient has no star on the sharer's shipment, whoever starred it.
  const {
    references: _sharersReferences,
    customFields: _sharersFields,
    ...detail
  } = (await modePresentation(share.mode).sharedDetail(
    db,
    { workspaceId: share.workspaceId, userId: null },
    share.shipmentId,
  )) as { references?: unknown; customFields?: unknown };
  // The sharer's references and custom field values are their workspace's own, whatever the mode's
  // detail carries: a recipient in another organization never reads them (ADR 0048, 0051).
  // A field per registered mode, named by the mode: the share's own filled, the others null.
  const details = allModeFeatures().map(({ mode }): [string, object | null] => [
    mode,
    mode === share.mode ? detail : null,
  ]);
  return { share: info, ...Object.fromEntries(details) };
}
