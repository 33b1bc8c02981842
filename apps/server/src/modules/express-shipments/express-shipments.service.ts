import { and, arrayContains, eq, or, sql, type SQL } from 'drizzle-orm';
import { EXPRESS_ATTENTION_RULES } from '@tracklane/shared/dashboard/dashboard.schema';
import type {
  EXPRESS_SORTS,
  ExpressListItem,
  ExpressListQuery,
  ExpressListTab,
  ExpressShipment,
  ExpressShipmentDetail,
  ExpressSort,
} from '@tracklane/shared/tracking/express/express-shipments.schema';
import type { DerivedParcel } from '@tracklane/shared/tracking/express/derived-parcel';
import { parcelCarrierByCode } from '@tracklane/shared/tracking/express/parcel-carriers';
import type { ParcelEvent } from '@tracklane/shared/tracking/express/parcel-event';
import { normaliseParcelNumber } from '@tracklane/shared/tracking/express/parcel-number';
import type { Database } from '../../db/client';
import {
  type EXPRESS_TABS,
  expressShipmentCounts,
  expressShipments,
  trackedItems,
  trackingEvents,
  UNKNOWN_TIME,
} from '../../db/schema/tracking';
import { AppError } from '../../lib/app-error';
import { firstAttentionRule } from '../dashboard/attention';
import { EXPRESS_ATTENTION } from './express-attention';
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
import {
  favoriteFilter,
  isFavoriteOf,
  type ListReader,
  type ShipmentReader,
} from '../shipment-favorites/shipment-favorites.service';
import { inWorkspace } from '../../tenancy/scope';
import { namesCompany, withReferences } from '../references/references.service';
import { pageChosenById, type ListReadOptions } from '../custom-fields/custom-field-list-page';
import { readListRows } from '../tracking/list-rows';

type ShipmentRow = typeof expressShipments.$inferSelect;
type ItemRow = typeof trackedItems.$inferSelect;

/**
 * The shipment columns a list row shows ({@link toExpressShipment}) and pages by (the sort keys): a list
 * page reads these and not the whole row (map positions, kept for the dashboard).
 */
const ROW_COLUMNS = {
  id: expressShipments.id,
  trackingNo: expressShipments.trackingNo,
  carrier: expressShipments.carrier,
  state: expressShipments.state,
  lastEventAt: expressShipments.lastEventAt,
  estimatedDelivery: expressShipments.estimatedDelivery,
  deliveredAt: expressShipments.deliveredAt,
  deliveryAt: expressShipments.deliveryAt,
  updatedAt: expressShipments.updatedAt,
  archived: expressShipments.archived,
  tags: expressShipments.tags,
  createdAt: expressShipments.createdAt,
};
type ListShipmentRow = Pick<ShipmentRow, keyof typeof ROW_COLUMNS>;

/** Of the item, what a list row shows. */
const ITEM_COLUMNS = listItemColumns<
  DerivedParcel,
  'service' | 'status' | 'subStatus' | 'statusText' | 'origin' | 'destination' | 'lastLocation'
>(['service', 'status', 'subStatus', 'statusText', 'origin', 'destination', 'lastLocation']);

/** The tab counts beside each row of a page ({@link countExpressTabs} for a page without rows). */
const tabCounts = (workspaceId: string) =>
  tabCountColumns(
    expressShipmentCounts.workspaceId,
    {
      active: expressShipmentCounts.active,
      notFound: expressShipmentCounts.notFound,
      archived: expressShipmentCounts.archived,
    },
    workspaceId,
  );

const NOT_TRACKED = 'This shipment is not tracked in this workspace.';

/** A subscription as every answer shows it; `favorite` is the reader's own star (ADR 0033). */
export function toExpressShipment(
  s: ListShipmentRow,
  item: Pick<ItemRow, 'derived' | 'lastCheckedAt' | 'lastSource'>,
  favorite: boolean,
): ExpressShipment {
  const d = item.derived as DerivedParcel | null;
  return {
    expressOrderId: s.id,
    expressOrderNo: s.trackingNo,
    carrier: s.carrier,
    carrierName: parcelCarrierByCode(s.carrier)?.name ?? null,
    service: d?.service ?? null,
    state: s.state,
    status: d?.status ?? null,
    subStatus: d?.subStatus ?? null,
    statusText: d?.statusText ?? null,
    origin: d?.origin ?? null,
    destination: d?.destination ?? null,
    lastLocation: d?.lastLocation ?? null,
    lastEventAt: s.lastEventAt?.toISOString() ?? null,
    estimatedDelivery: s.estimatedDelivery?.toISOString() ?? null,
    deliveredAt: s.deliveredAt?.toISOString() ?? null,
    favorite,
    archived: s.archived,
    tags: s.tags,
    createdAt: s.createdAt.toISOString(),
    lastCheckedAt: item.lastCheckedAt?.toISOString() ?? null,
    source: item.lastSource,
  };
}

/** How each named sort orders rows; the cursor carries the row's value of the column and its id. */
const SORTS: Record<(typeof EXPRESS_SORTS)[number], NamedSort> = {
  created_desc: { column: expressShipments.createdAt, direction: 'desc', kind: 'date' },
  delivery_asc: { column: expressShipments.deliveryAt, direction: 'asc', kind: 'date' },
  delivery_desc: { column: expressShipments.deliveryAt, direction: 'desc', kind: 'date' },
  updated_desc: { column: expressShipments.updatedAt, direction: 'desc', kind: 'date' },
  tracking_asc: { column: expressShipments.trackingNo, direction: 'asc', kind: 'text' },
};

/** The list's sort (a named one, or a custom field's or reference's column): resolveListSort. */
export const expressListSort = (db: Database, workspaceId: string, sort: ExpressSort) =>
  resolveListSort(db, workspaceId, expressShipments, SORTS, sort);

/** spec §3 tab names → the stored tab. */
const TABS: Record<ExpressListTab, (typeof EXPRESS_TABS)[number]> = {
  active: 'active',
  notFound: 'not_found',
  archived: 'archived',
};

/**
 * The list's tenancy and tab: an attention rule spans the active and not-found tabs (never archived),
 * whichever tab is asked for.
 */
const expressTabWhere = (
  workspaceId: string,
  query: Pick<ExpressListQuery, 'attention' | 'status'>,
  now: Date,
) =>
  and(
    inWorkspace({ workspaceId }, expressShipments),
    query.attention
      ? and(eq(expressShipments.archived, false), EXPRESS_ATTENTION[query.attention].where(now))
      : eq(expressShipments.tab, TABS[query.status]),
  )!;

/** The rows of a list request's page (`limit + 1` at most): readListRows over the express list. */
export function readExpressListRows(
  db: Database,
  reader: ListReader,
  query: ExpressListQuery,
  now = new Date(),
  options: ListReadOptions = {},
) {
  const { workspaceId } = reader;
  return readListRows(
    db,
    workspaceId,
    query,
    {
      table: expressShipments,
      sort: () => expressListSort(db, workspaceId, query.sort),
      where: expressTabWhere(workspaceId, query, now),
      page: (filters, sort, search, scan) =>
        expressListQuery(db, reader, query, now, filters, sort, search, undefined, scan),
    },
    options,
  );
}

/**
 * The page query of a list request, unexecuted (the benchmark runs its SQL through a bare client): the
 * rows (`s`, `item`), the reader's stars (`f`) and the tab counts (`k`) in one statement.
 */
export function expressListQuery(
  db: Database,
  reader: ListReader,
  query: ExpressListQuery,
  now = new Date(),
  /** The `cf` filters as SQL, resolved against the workspace's fields (customListConditions). */
  customFilters: readonly SQL[] = [],
  /**
   * The sort, resolved (expressListSort); a named sort needs none. A sort with an index walk keeps the
   * query to the page's rows (walkedPage): it is not one to offset.
   */
  sort: KeysetSort = namedListSort(expressShipments, SORTS, query.sort),
  /** The search's match on text custom fields (customListConditions), for a query with a search. */
  customSearch: SQL | undefined = undefined,
  /** Pick the page's ids before the join and the row's look-ups (pageChosenById); no OFFSET then. */
  idsFirst = customFilters.length > 0 || customSearch !== undefined,
  /** Choose those ids by scanning the tab (pageChosenById's `scan`; the filters are semi-joins). */
  scanTab = false,
) {
  const { workspaceId, userId } = reader;
  const selection = {
    s: ROW_COLUMNS,
    item: ITEM_COLUMNS,
    f: { favorite: isFavoriteOf('express', expressShipments.id, userId) },
    k: tabCounts(workspaceId),
    // The row's attention chip: the most urgent dashboard rule it falls under.
    a: {
      attention: firstAttentionRule(
        EXPRESS_ATTENTION_RULES,
        EXPRESS_ATTENTION,
        expressShipments.archived,
        now,
      ),
    },
    o: { sortValue: sortValueColumn(sort) },
  };
  const filters: (SQL | undefined)[] = [expressTabWhere(workspaceId, query, now)];
  const term = query.search ? normaliseParcelNumber(query.search).replace(/[%_\\]/g, '') : '';
  if (term || customSearch)
    filters.push(or(term ? sql`${expressShipments.trackingNo} LIKE ${`${term}%`}` : undefined, customSearch));
  if (query.carrier) filters.push(eq(expressShipments.carrier, query.carrier.trim().toLowerCase()));
  if (query.parcelStatus) filters.push(eq(expressShipments.status, query.parcelStatus));
  if (query.tag) filters.push(arrayContains(expressShipments.tags, [query.tag]));
  if (query.company !== undefined) filters.push(namesCompany(expressShipments, query.company));
  filters.push(...customFilters);
  filters.push(favoriteFilter('express', expressShipments.id, userId, query.favorite));
  // A sort an index serves reads the page's few ids from it first (walkedPage).
  filters.push(
    walkedPage(
      sort,
      expressShipments,
      sql`${expressShipments} INNER JOIN ${trackedItems} ON ${eq(trackedItems.id, expressShipments.itemId)}`,
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
      .from(expressShipments)
      .innerJoin(trackedItems, eq(trackedItems.id, expressShipments.itemId))
      .where(
        idsFirst
          ? pageChosenById(
              db,
              expressShipments,
              expressTabWhere(workspaceId, query, now),
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

/** The tab counts alone (a page query reads them beside its rows; see tabCounts). */
export function expressCountsQuery(db: Database, workspaceId: string) {
  return db.select().from(expressShipmentCounts).where(inWorkspace({ workspaceId }, expressShipmentCounts));
}

/** The express list's tab counts. */
export type ExpressTabCounts = Awaited<ReturnType<typeof countExpressTabs>>;

/** The counts of the three tabs, kept by a trigger (see the expressShipmentCounts table). */
export async function countExpressTabs(
  db: Database,
  workspaceId: string,
): Promise<{ activeCount: number; notFoundCount: number; archivedCount: number }> {
  const [row] = await expressCountsQuery(db, workspaceId);
  return {
    activeCount: row?.active ?? 0,
    notFoundCount: row?.notFound ?? 0,
    archivedCount: row?.archived ?? 0,
  };
}

/**
 * One page of the workspace's express shipments in one tab (keyset), with the three tabs' counts; stars
 * and the favourites filter are the reader's own.
 */
export async function listExpressShipments(
  db: Database,
  reader: ListReader,
  query: ExpressListQuery,
  now = new Date(),
) {
  const { workspaceId } = reader;
  const rows = await readExpressListRows(db, reader, query, now);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const first = rows[0];
  return {
    expressTrackingDocumentList: await withReferences(
      db,
      workspaceId,
      expressShipments,
      page.map((r): ExpressListItem => ({
        ...toExpressShipment(r.s, r.item, r.f.favorite),
        attention: r.a.attention,
      })),
      (s) => s.expressOrderId,
    ),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor(last.o.sortValue as Date | string | number | null, last.s.id, query.sort)
        : null,
    ...(first
      ? {
          activeCount: first.k.active ?? 0,
          notFoundCount: first.k.notFound ?? 0,
          archivedCount: first.k.archived ?? 0,
        }
      : await countExpressTabs(db, workspaceId)),
  };
}

/** When an event happened as a timeline shows it: a scan when it was made, an estimate when announced. */
const happenedAt = (e: ParcelEvent) => Date.parse(e.classifier === 'ACT' ? e.eventTime : e.createdAt);

/**
 * One express shipment of the workspace with everything the detail page shows, starred as the reader
 * starred it. Another workspace's, or an id whose number does not match, is not found.
 */
export async function getExpressShipment(
  db: Database,
  reader: ShipmentReader,
  expressOrderId: string,
  /** The public API names a parcel by its id alone. */
  expressOrderNo: string | undefined,
): Promise<ExpressShipmentDetail> {
  if (!isUuid(expressOrderId)) throw new AppError('NOT_FOUND', NOT_TRACKED);
  const [row] = await db
    .select({
      s: expressShipments,
      item: trackedItems,
      favorite: isFavoriteOf('express', expressShipments.id, reader.userId),
    })
    .from(expressShipments)
    .innerJoin(trackedItems, eq(trackedItems.id, expressShipments.itemId))
    .where(
      and(
        inWorkspace(reader, expressShipments),
        eq(expressShipments.id, expressOrderId),
        expressOrderNo === undefined
          ? undefined
          : eq(expressShipments.trackingNo, normaliseParcelNumber(expressOrderNo)),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', NOT_TRACKED);
  const stored = await db.select().from(trackingEvents).where(eq(trackingEvents.itemId, row.item.id));
  const events = stored
    .map((r) => ({ row: r, e: r.data as unknown as ParcelEvent }))
    .sort((a, b) => happenedAt(b.e) - happenedAt(a.e) || b.row.id - a.row.id);
  const d = row.item.derived as DerivedParcel | null;
  const finished = row.item.state === 'completed';
  const [shipment] = await withReferences(
    db,
    row.s.workspaceId,
    expressShipments,
    [toExpressShipment(row.s, row.item, row.favorite)],
    (s) => s.expressOrderId,
  );
  return {
    ...shipment!,
    exceptionReason: d?.exceptionReason ?? null,
    pickedUpAt: d?.pickedUpAt ?? null,
    signedBy: d?.signedBy ?? null,
    failedAttempts: d?.failedAttempts ?? 0,
    estimatedDeliveryHistory: d?.estimatedDeliveryHistory ?? [],
    events: events.map(({ row: r, e }) => ({
      classifier: e.classifier,
      status: e.status,
      subStatus: e.subStatus,
      carrierCode: e.carrierCode,
      description: e.description,
      exceptionReason: e.exceptionReason,
      location: e.location,
      eventTime: r.eventTime.toISOString(),
      eventCreatedAt: r.eventCreatedAt.toISOString(),
      receivedAt: r.receivedAt.toISOString(),
      source: r.source,
    })),
    lastError: row.item.lastError,
    // None planned once over, without a source, or parked (only archived shipments follow it).
    nextCheckAt:
      finished || row.item.state === 'no_source' || row.item.nextCheckAt >= UNKNOWN_TIME
        ? null
        : row.item.nextCheckAt.toISOString(),
  };
}
