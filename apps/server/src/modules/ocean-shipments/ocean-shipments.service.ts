import { and, arrayContains, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { OCEAN_ATTENTION_RULES } from '@tracklane/shared/dashboard/dashboard.schema';
import type {
  OCEAN_SORTS,
  OceanListItem,
  OceanListQuery,
  OceanShipment,
  OceanShipmentDetail,
  OceanSort,
} from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { carrierByScac } from '@tracklane/shared/tracking/ocean/carriers';
import type { DerivedShipment } from '@tracklane/shared/tracking/ocean/derive-shipment';
import { seaLanes } from '@tracklane/shared/tracking/ocean/sea-lanes/sea-lanes';
import { voyageMap } from '@tracklane/shared/tracking/ocean/sea-lanes/voyage-map';
import type { TrackingEvent } from '@tracklane/shared/tracking/ocean/tracking-event';
import { portByLocode } from '@tracklane/shared/tracking/ocean/ports';
import { normaliseContainerNumber, normaliseMblNumber } from '@tracklane/shared/validation/container-number';
import type { Database } from '../../db/client';
import {
  oceanShipmentCounts,
  oceanShipments,
  trackedItems,
  trackingEvents,
  UNKNOWN_TIME,
} from '../../db/schema/tracking';
import { AppError } from '../../lib/app-error';
import { firstAttentionRule } from '../dashboard/attention';
import { OCEAN_ATTENTION } from './ocean-attention';
import { clocksNow, termsColumns, type resolveTerms } from './free-time/free-time-clocks';
import { terminalAvailabilityOf } from './terminal-availability/terminal-availability.service';
import { encodeCursor, keysetAfter, keysetOrder, type KeysetSort } from '../../lib/keyset-cursor';
import {
  namedListSort,
  resolveListSort,
  sortValueColumn,
  walkedPage,
  type NamedSort,
} from '../tracking/list-sort';
import { listItemColumns, tabCountColumns } from '../tracking/list-page';
import { isUuid } from '@tracklane/shared/validation/database-ranges';
import { billRefColumn, findOceanBill, pendingBillsColumn } from './bills.service';
import { freeTimeOf } from './ocean-free-time-view';
import {
  favoriteFilter,
  isFavoriteOf,
  type ListReader,
  type ShipmentReader,
} from '../shipment-favorites/shipment-favorites.service';
import { inWorkspace } from '../../tenancy/scope';
import { carrierEstimates, shownEta, withMeasuredEstimates } from './eta/arrival-estimates';
import { namesCompany, withReferences } from '../references/references.service';
import { pageChosenById, type ListReadOptions } from '../custom-fields/custom-field-list-page';
import { readListRows } from '../tracking/list-rows';

type ShipmentRow = typeof oceanShipments.$inferSelect;
type ItemRow = typeof trackedItems.$inferSelect;

/**
 * The shipment columns a list row shows ({@link toOceanShipment}) and pages by (the sort keys): a list
 * page reads these and not the whole row (free-time terms, timestamps kept for the dashboard's rules).
 */
const ROW_COLUMNS = {
  id: oceanShipments.id,
  containerNo: oceanShipments.containerNo,
  mblNo: oceanShipments.mblNo,
  carrierScac: oceanShipments.carrierScac,
  state: oceanShipments.state,
  status: oceanShipments.status,
  polLocode: oceanShipments.polLocode,
  podLocode: oceanShipments.podLocode,
  vesselName: oceanShipments.vesselName,
  etd: oceanShipments.etd,
  atd: oceanShipments.atd,
  eta: oceanShipments.eta,
  ata: oceanShipments.ata,
  archived: oceanShipments.archived,
  tags: oceanShipments.tags,
  createdAt: oceanShipments.createdAt,
  arrivalAt: oceanShipments.arrivalAt,
  departureAt: oceanShipments.departureAt,
  freeTimeEndsOn: oceanShipments.freeTimeEndsOn,
  ddCostCents: oceanShipments.ddCostCents,
  billId: oceanShipments.billId,
  manualEta: oceanShipments.manualEta,
  manualEtaSetAt: oceanShipments.manualEtaSetAt,
};
type ListShipmentRow = Pick<ShipmentRow, keyof typeof ROW_COLUMNS>;

/** Of the item, what a list row shows. */
const ITEM_COLUMNS = {
  ...listItemColumns<DerivedShipment, 'pol' | 'pod' | 'shipmentOverall' | 'etaHistory'>([
    'pol',
    'pod',
    'shipmentOverall',
    'etaHistory',
  ]),
  referenceKind: trackedItems.referenceKind,
};

/** The tab counts beside each row of a page (countsWithoutRows for a page without rows). */
const tabCounts = (workspaceId: string) => ({
  ...tabCountColumns(
    oceanShipmentCounts.workspaceId,
    { active: oceanShipmentCounts.active, archived: oceanShipmentCounts.archived },
    workspaceId,
  ),
  billsPending: pendingBillsColumn(workspaceId),
});

const port = (locode: string | null) =>
  locode ? { locode, name: portByLocode(locode)?.name ?? null } : null;

/** Of the shipment's row, the terms its clocks are counted on (termsColumns). */
type TermsRow = Parameters<typeof resolveTerms>[0];

/** A subscription as every answer shows it; `favorite` is the reader's own star (ADR 0033). */
export function toOceanShipment(
  s: ListShipmentRow,
  c: Pick<ItemRow, 'derived' | 'lastCheckedAt' | 'lastSource' | 'referenceKind'>,
  terms: TermsRow,
  favorite: boolean,
  bill: OceanShipment['bill'],
  now = new Date(),
): OceanShipment {
  const d = c.derived as DerivedShipment | null;
  const o = d?.shipmentOverall;
  return {
    shipmentOverallId: s.id,
    containerNo: s.containerNo,
    mblNo: s.mblNo,
    referenceKind: c.referenceKind,
    bill,
    carrierScac: s.carrierScac,
    carrierName: carrierByScac(s.carrierScac)?.name ?? null,
    state: s.state,
    status: (s.status as OceanShipment['status']) ?? null,
    pol: d?.pol ?? port(s.polLocode),
    pod: d?.pod ?? port(s.podLocode),
    vesselName: s.vesselName,
    departureVO: { etd: s.etd?.toISOString() ?? null, atd: s.atd?.toISOString() ?? null },
    // An ETA set by hand is the one shown until the box arrives (ADR 0049); the carrier's stays in
    // `arrivalEstimates`.
    arrivalVO: { eta: shownEta(s.eta, s.ata, s.manualEta), ata: s.ata?.toISOString() ?? null },
    arrivalEstimates: carrierEstimates(s.eta?.toISOString() ?? null, s.ata?.toISOString() ?? null, d, {
      eta: s.manualEta,
      setAt: s.manualEtaSetAt,
    }),
    shipmentOverall: {
      shipmentOverallId: s.id,
      emptyGateOut: o?.emptyGateOut ?? null,
      fullGateIn: o?.fullGateIn ?? null,
      loaded: o?.loaded ?? null,
      lastFreeDay: o?.lastFreeDay ?? null,
      fullGateOut: o?.fullGateOut ?? null,
      emptyReturned: o?.emptyReturned ?? null,
      discharged: o?.discharged ?? null,
      berthed: o?.berthed ?? null,
    },
    favorite,
    archived: s.archived,
    tags: s.tags,
    createdAt: s.createdAt.toISOString(),
    lastCheckedAt: c.lastCheckedAt?.toISOString() ?? null,
    source: c.lastSource,
    freeTime: freeTimeOf(clocksNow({ ...terms, pod: s.podLocode }, d, now)),
  };
}

/** How each named sort orders rows; the cursor carries the row's value of the column and its id. */
const SORTS: Record<(typeof OCEAN_SORTS)[number], NamedSort> = {
  created_desc: { column: oceanShipments.createdAt, direction: 'desc', kind: 'date' },
  arrival_asc: { column: oceanShipments.arrivalAt, direction: 'asc', kind: 'date' },
  arrival_desc: { column: oceanShipments.arrivalAt, direction: 'desc', kind: 'date' },
  departure_asc: { column: oceanShipments.departureAt, direction: 'asc', kind: 'date' },
  departure_desc: { column: oceanShipments.departureAt, direction: 'desc', kind: 'date' },
  container_asc: { column: oceanShipments.containerNo, direction: 'asc', kind: 'text' },
  free_time_asc: { column: oceanShipments.freeTimeEndsOn, direction: 'asc', kind: 'date' },
  cost_desc: { column: oceanShipments.ddCostCents, direction: 'desc', kind: 'integer' },
};

/** The list's sort (a named one, or a custom field's or reference's column): resolveListSort. */
export const oceanListSort = (db: Database, workspaceId: string, sort: OceanSort) =>
  resolveListSort(db, workspaceId, oceanShipments, SORTS, sort);

/** The list's tenancy and tab: an attention rule counts active shipments only, whichever tab is asked for. */
const oceanTabWhere = (workspaceId: string, query: Pick<OceanListQuery, 'attention' | 'status'>) =>
  and(
    inWorkspace({ workspaceId }, oceanShipments),
    eq(oceanShipments.archived, query.attention ? false : query.status === 'archived'),
  )!;

/** The rows of a list request's page (`limit + 1` at most): readListRows over the ocean list. */
export function readOceanListRows(
  db: Database,
  reader: ListReader,
  query: OceanListQuery,
  now = new Date(),
  options: ListReadOptions = {},
) {
  const { workspaceId } = reader;
  return readListRows(
    db,
    workspaceId,
    query,
    {
      table: oceanShipments,
      sort: () => oceanListSort(db, workspaceId, query.sort),
      where: oceanTabWhere(workspaceId, query),
      page: (filters, sort, search, scan) =>
        oceanListQuery(db, reader, query, now, filters, sort, search, undefined, scan),
    },
    options,
  );
}

/**
 * The page query of a list request, unexecuted (the benchmark runs its SQL through a bare client): the
 * rows (`s`, `c`), the reader's stars (`f`) and the tab counts (`k`) in one statement.
 */
export function oceanListQuery(
  db: Database,
  reader: ListReader,
  query: OceanListQuery,
  now = new Date(),
  /** The `cf` filters as SQL, resolved against the workspace's fields (customListConditions). */
  customFilters: readonly SQL[] = [],
  /**
   * The sort, resolved (oceanListSort); a named sort needs none. A sort with an index walk keeps the
   * query to the page's rows (walkedPage): it is not one to offset.
   */
  sort: KeysetSort = namedListSort(oceanShipments, SORTS, query.sort),
  /** The search's match on text custom fields (customListConditions), for a query with a search. */
  customSearch: SQL | undefined = undefined,
  /** Pick the page's ids before the join and the row's look-ups (pageChosenById); no OFFSET then. */
  idsFirst = customFilters.length > 0 || customSearch !== undefined,
  /** Choose those ids by scanning the tab (pageChosenById's `scan`; the filters are semi-joins). */
  scanTab = false,
) {
  const { workspaceId } = reader;
  const selection = { ...oceanListSelection(reader, now), o: { sortValue: sortValueColumn(sort) } };
  const filters: (SQL | undefined)[] = [oceanTabWhere(workspaceId, query)];
  if (query.attention) filters.push(OCEAN_ATTENTION[query.attention].where(now));
  if (query.search?.trim()) {
    const term = normaliseContainerNumber(query.search).replace(/[%_\\]/g, '');
    const mblTerm = normaliseMblNumber(query.search).replace(/[%_\\]/g, '');
    if (term || customSearch)
      filters.push(
        or(
          term
            ? sql`(${oceanShipments.containerNo} LIKE ${`${term}%`} OR ${oceanShipments.mblNo} LIKE ${`${mblTerm}%`})`
            : undefined,
          customSearch,
        ),
      );
  }
  if (query.carrier) filters.push(eq(oceanShipments.carrierScac, query.carrier.toUpperCase()));
  if (query.pol) filters.push(eq(oceanShipments.polLocode, query.pol.toUpperCase()));
  if (query.pod) filters.push(eq(oceanShipments.podLocode, query.pod.toUpperCase()));
  if (query.tag) filters.push(arrayContains(oceanShipments.tags, [query.tag]));
  if (query.company !== undefined) filters.push(namesCompany(oceanShipments, query.company));
  filters.push(...customFilters);
  // Another workspace's bill, or no bill at all, matches no row.
  if (query.bill !== undefined)
    filters.push(isUuid(query.bill) ? eq(oceanShipments.billId, query.bill) : sql`false`);
  filters.push(favoriteFilter('ocean', oceanShipments.id, reader.userId, query.favorite));
  // A sort an index serves reads the page's few ids from it first (walkedPage).
  filters.push(
    walkedPage(
      sort,
      oceanShipments,
      sql`${oceanShipments} INNER JOIN ${trackedItems} ON ${eq(trackedItems.id, oceanShipments.itemId)}`,
      and(...filters),
      query.cursor,
      query.limit + 1,
    ),
  );
  if (query.cursor) filters.push(keysetAfter(sort, query.cursor));
  return {
    selection,
    query: db
      .select(selection)
      .from(oceanShipments)
      .innerJoin(trackedItems, eq(trackedItems.id, oceanShipments.itemId))
      .where(
        idsFirst
          ? pageChosenById(
              db,
              oceanShipments,
              oceanTabWhere(workspaceId, query),
              and(...filters),
              sort,
              query.limit + 1,
              scanTab,
            )
          : and(...filters),
      )
      .orderBy(...keysetOrder(sort))
      .limit(query.limit + 1),
  };
}

const oceanListSelection = ({ workspaceId, userId }: ListReader, now: Date) => ({
  s: ROW_COLUMNS,
  c: ITEM_COLUMNS,
  t: termsColumns,
  f: { favorite: isFavoriteOf('ocean', oceanShipments.id, userId), bill: billRefColumn },
  k: tabCounts(workspaceId),
  // The row's attention chip: the most urgent dashboard rule it falls under.
  a: {
    attention: firstAttentionRule(OCEAN_ATTENTION_RULES, OCEAN_ATTENTION, oceanShipments.archived, now),
  },
});

/**
 * One page of the workspace's ocean shipments (keyset pagination: stable while rows are added, and as
 * fast on page 1,000 as on page 1), with the counts of both tabs; stars and the favourites filter are
 * the reader's own.
 */
export async function listOceanShipments(
  db: Database,
  reader: ListReader,
  query: OceanListQuery,
  now = new Date(),
) {
  const { workspaceId } = reader;
  const rows = await readOceanListRows(db, reader, query, now);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const first = rows[0];
  const items = page.map((r): OceanListItem => ({
    ...toOceanShipment(r.s, r.c, r.t, r.f.favorite, r.f.bill, now),
    attention: r.a.attention,
  }));
  return {
    items: await withReferences(
      db,
      workspaceId,
      oceanShipments,
      await withMeasuredEstimates(db, workspaceId, items, now),
      (s) => s.shipmentOverallId,
    ),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor(last.o.sortValue as Date | string | number | null, last.s.id, query.sort)
        : null,
    // In the page's own snapshot: a bill still asked is seen with the rows it has not added yet.
    ...(first
      ? {
          activeCount: first.k.active ?? 0,
          archivedCount: first.k.archived ?? 0,
          billsPending: first.k.billsPending,
        }
      : await countsWithoutRows(db, workspaceId)),
  };
}

/** A page without rows reads the counts its rows would carry (tabCounts) in one statement of its own. */
async function countsWithoutRows(db: Database, workspaceId: string) {
  const k = tabCounts(workspaceId);
  const { rows } = await db.execute<{ active: number | null; archived: number | null; pending: number }>(
    sql`SELECT ${k.active} AS active, ${k.archived} AS archived, ${k.billsPending} AS pending`,
  );
  const [row] = rows;
  return {
    activeCount: row?.active ?? 0,
    archivedCount: row?.archived ?? 0,
    billsPending: row?.pending ?? 0,
  };
}

/** The tab counts alone (a page query reads them beside its rows; see tabCounts). */
export function oceanCountsQuery(db: Database, workspaceId: string) {
  return db.select().from(oceanShipmentCounts).where(inWorkspace({ workspaceId }, oceanShipmentCounts));
}

/** The ocean list's tab counts. */
export type OceanTabCounts = Awaited<ReturnType<typeof countOceanTabs>>;

/** The counts of both tabs, kept by a trigger (see the oceanShipmentCounts table). */
export async function countOceanTabs(
  db: Database,
  workspaceId: string,
): Promise<{ activeCount: number; archivedCount: number }> {
  const [row] = await oceanCountsQuery(db, workspaceId);
  return { activeCount: row?.active ?? 0, archivedCount: row?.archived ?? 0 };
}

const NOT_TRACKED = 'This shipment is not tracked in this workspace.';
/**
 * One shipment of the workspace with everything the detail page shows, starred as the reader starred
 * it. Another workspace's is not found.
 */
export async function getOceanShipment(
  db: Database,
  reader: ShipmentReader,
  containerNo: string,
  mblNo: string,
  now = new Date(),
): Promise<OceanShipmentDetail> {
  return oceanShipmentDetail(
    db,
    reader,
    and(
      inWorkspace(reader, oceanShipments),
      eq(oceanShipments.containerNo, normaliseContainerNumber(containerNo)),
      eq(oceanShipments.mblNo, normaliseMblNumber(mblNo)),
    )!,
    now,
  );
}

/** The same, by the shipment's id (shipmentOverallId), as the public API names shipments. */
export async function getOceanShipmentById(
  db: Database,
  reader: ShipmentReader,
  shipmentId: string,
  now = new Date(),
): Promise<OceanShipmentDetail> {
  if (!isUuid(shipmentId)) throw new AppError('NOT_FOUND', NOT_TRACKED);
  return oceanShipmentDetail(
    db,
    reader,
    and(inWorkspace(reader, oceanShipments), eq(oceanShipments.id, shipmentId))!,
    now,
  );
}

async function oceanShipmentDetail(
  db: Database,
  reader: ShipmentReader,
  where: SQL,
  now: Date,
): Promise<OceanShipmentDetail> {
  const [row] = await db
    .select({
      s: oceanShipments,
      c: trackedItems,
      t: termsColumns,
      favorite: isFavoriteOf('ocean', oceanShipments.id, reader.userId),
    })
    .from(oceanShipments)
    .innerJoin(trackedItems, eq(trackedItems.id, oceanShipments.itemId))
    .where(where)
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', NOT_TRACKED);
  const [events, terminal] = await Promise.all([
    db
      .select()
      .from(trackingEvents)
      .where(eq(trackingEvents.itemId, row.c.id))
      .orderBy(asc(trackingEvents.eventTime), asc(trackingEvents.id)),
    terminalAvailabilityOf(db, row.c.id, row.s.workspaceId),
  ]);
  const d = row.c.derived as DerivedShipment | null;
  const bill = row.s.billId ? await findOceanBill(db, row.s.workspaceId, row.s.billId) : null;
  const [shipment] = await withReferences(
    db,
    row.s.workspaceId,
    oceanShipments,
    await withMeasuredEstimates(
      db,
      row.s.workspaceId,
      [toOceanShipment(row.s, row.c, row.t, row.favorite, bill)],
      now,
    ),
    (s) => s.shipmentOverallId,
  );
  return {
    ...shipment!,
    bill,
    transshipments: d?.transshipments ?? [],
    vessel: d?.vessel ?? null,
    etaHistory: d?.etaHistory ?? [],
    // Views derived before rolls were read have none until the container's next change.
    rolls: d?.rolls ?? [],
    map: voyageMap(seaLanes(), d, d?.vessel?.name ?? null, now),
    events: events.map((row) => {
      const e = row.data as unknown as TrackingEvent;
      return {
        eventType: e.eventType,
        typeCode: e.typeCode,
        classifier: e.classifier,
        emptyIndicator: e.emptyIndicator,
        location: e.locationCode ? { locode: e.locationCode, name: e.locationName } : null,
        vesselName: e.vesselName,
        vesselImo: e.vesselImo,
        voyage: e.voyage,
        transportCallSequence: e.transportCallSequence ?? null,
        eventTime: row.eventTime.toISOString(),
        eventCreatedAt: row.eventCreatedAt.toISOString(),
        receivedAt: row.receivedAt.toISOString(),
        source: row.source,
      };
    }),
    lastError: row.c.lastError,
    terminal,
    // None planned: over, given up to the daily recheck, without a source, or parked (only archived
    // shipments follow it).
    nextCheckAt:
      ['completed', 'not_found', 'no_source'].includes(row.c.state) || row.c.nextCheckAt >= UNKNOWN_TIME
        ? null
        : row.c.nextCheckAt.toISOString(),
  };
}
