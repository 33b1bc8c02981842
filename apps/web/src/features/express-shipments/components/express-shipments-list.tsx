import { PARCEL_STATUSES, PARCEL_STATUS_LABELS } from '@tracklane/shared/express/parcel-event';
import { NO_SOURCE_STATE } from '@tracklane/shared/tracking/no-connection';
import { NoConnectionNote } from '../../../components/no-connection';
import type {
  ExpressListTab,
  ExpressShipment,
} from '@tracklane/shared/express-shipments/express-shipments.schema';
import { useCallback, useMemo } from 'react';
import type { FilterSelect } from '../../../components/list-filters';
import { ShipmentListView } from '../../../components/shipment-list-view';
import { paths } from '../../../config/paths';
import { notifyFavoriteFailed } from '../../../lib/use-list-actions';
import { useAttentionLabel } from '../../../lib/dashboard-api';
import { filtersFromParams } from '../../../lib/list-filters';
import { queryClient } from '../../../lib/query-client';
import { columnsPreferenceQueryOptions } from '../../../lib/table-columns-preference';
import { useListFilters } from '../../../lib/use-list-filters';
import { useArchiveExpressShipments } from '../api/archive-express-shipments';
import { useFavoriteExpressShipments } from '../api/favorite-express-shipments';
import { useExpressOptions, type ExpressOptions } from '../api/get-express-options';
import {
  EXPRESS_LIST_FILTERS,
  expressListQueryOptions,
  expressShipmentsOf,
  expressTabCount,
  listAllExpressShipments,
  useExpressShipments,
} from '../api/list-express-shipments';
import { parcelCarrierLabel } from '../utils/carriers';
import { EXPRESS_COLUMNS, type ExpressColumnId } from '../utils/columns';
import { EXPRESS_DEMO_EXPLANATION, isDemo } from '../utils/parcel-status';
import { ExpressCell } from './express-cells';
import { EXPRESS_LIST_TITLE, expressListDescription } from '../../../components/page-headers';
import { expressEmptyTab, NOT_FOUND_EXPLANATION } from './express-empty-tab';
import { useIdle } from '../../../lib/use-idle';

interface ExpressShipmentsListProps {
  status: ExpressListTab;
  /** The reader's time zone: every date of the list is a day there (spec §9). */
  timeZone: string;
  /** shipmentPermission 0 (spec §6): offers "New shipment". */
  canCreate: boolean;
  /** Shares the selected rows; the app brings the dialog (a feature does not import another). */
  onShare?: (shipments: ExpressShipment[]) => void;
}

const TABS = [
  { value: 'active', label: 'Active' },
  { value: 'notFound', label: 'Not found' },
  { value: 'archived', label: 'Archived' },
] as const;

const TAB_PATH: Record<ExpressListTab, string> = {
  active: paths.shipments.groundActive,
  notFound: paths.shipments.groundNotFound,
  archived: paths.shipments.groundArchived,
};

export { EXPRESS_LIST_TITLE };

const PARCEL_STATUS_OPTIONS = PARCEL_STATUSES.map((status) => ({
  value: status,
  label: PARCEL_STATUS_LABELS[status],
}));

/** Carrier, parcel status and tag: the express list's selects. */
function expressSelects(
  options: ExpressOptions | undefined,
): FilterSelect<'carrier' | 'parcelStatus' | 'tag'>[] {
  return [
    {
      key: 'carrier',
      label: 'Carrier',
      placeholder: 'Carrier',
      options: (options?.carriers ?? []).map((carrier) => ({ value: carrier.code, label: carrier.name })),
      nothingFound: 'No such carrier',
      dropdownWidth: 240,
    },
    {
      key: 'parcelStatus',
      label: 'Parcel status',
      placeholder: 'Status',
      options: PARCEL_STATUS_OPTIONS,
      nothingFound: 'No such status',
      dropdownWidth: 220,
    },
    {
      key: 'tag',
      label: 'Tag',
      placeholder: 'Tag',
      options: (options?.tags ?? []).map((tag) => ({ value: tag, label: tag })),
      nothingFound: 'No parcel carries this tag',
    },
  ];
}

const SEARCH = { placeholder: 'Search tracking number', label: 'Search by tracking number' };
const DEMO = { isDemo, explanation: EXPRESS_DEMO_EXPLANATION };

const rowKey = (shipment: ExpressShipment) => shipment.expressOrderId;
const rowLabel = (shipment: ExpressShipment) =>
  `Tracking number ${shipment.expressOrderNo}, ${parcelCarrierLabel(shipment.carrier, shipment.carrierName)}`;
const rowName = (shipment: ExpressShipment) => shipment.expressOrderNo;

const detailHref = (shipment: ExpressShipment) =>
  paths.shipment.ground(shipment.expressOrderId, shipment.expressOrderNo);

const EXPRESS_COLUMNS_KEY = 'expressTableColumns';

/**
 * Starts the list's first page and the reader's columns, as the list will ask for them on its first
 * render (the filters from the address): `prefetch` of the page's route (router.tsx).
 */
export function prefetchExpressShipmentsList(status: ExpressListTab): Promise<unknown> {
  const filters = filtersFromParams(EXPRESS_LIST_FILTERS, new URLSearchParams(window.location.search));
  return Promise.all([
    queryClient.prefetchInfiniteQuery(expressListQueryOptions(status, filters)),
    queryClient.prefetchQuery(columnsPreferenceQueryOptions(EXPRESS_COLUMNS_KEY)),
  ]);
}

/**
 * /shipments/truck/express/active, /not-found and /archived: the workspace's parcels, three tabs of
 * one table.
 */
export function ExpressShipmentsList({ status, timeZone, canCreate, onShare }: ExpressShipmentsListProps) {
  const filterState = useListFilters(EXPRESS_LIST_FILTERS);
  const { filters } = filterState;
  const attentionLabel = useAttentionLabel('express', filters.attention);
  const list = useExpressShipments(status, filters);
  // The filters' choices: not needed before a filter opens, so not part of the first screen (issue #17).
  const options = useExpressOptions(useIdle());
  const selects = useMemo(() => expressSelects(options.data), [options.data]);
  const archive = useArchiveExpressShipments();
  const favorite = useFavoriteExpressShipments();

  const shipments = useMemo(() => expressShipmentsOf(list.data?.pages), [list.data]);
  const unconnected = useMemo(
    () =>
      shipments
        .filter((s) => s.state === NO_SOURCE_STATE)
        .map((s) => parcelCarrierLabel(s.carrier, s.carrierName)),
    [shipments],
  );
  const lastPage = list.data?.pages.at(-1);
  const counts = useMemo(
    () =>
      lastPage
        ? {
            active: expressTabCount(lastPage, 'active'),
            notFound: expressTabCount(lastPage, 'notFound'),
            archived: expressTabCount(lastPage, 'archived'),
          }
        : null,
    [lastPage],
  );

  // The table's rows are memoised (issue #17): what they draw with stays the same function while
  // what it shows does.
  const { mutate: mutateFavorite } = favorite;
  const { mutateAsync: archiveParcels } = archive;
  const renderCell = useCallback(
    (column: { id: ExpressColumnId }, shipment: ExpressShipment) => (
      <ExpressCell
        column={column.id}
        context={{
          shipment,
          timeZone,
          detailHref: detailHref(shipment),
          // The reader's own star: whoever sees the list may star (ADR 0033).
          onToggleFavorite: () =>
            mutateFavorite(
              { ids: [shipment.expressOrderId], favorite: !shipment.favorite },
              { onError: notifyFavoriteFailed },
            ),
        }}
      />
    ),
    [timeZone, mutateFavorite],
  );
  const archiveRows = useCallback(
    (ids: string[], archived: boolean) => archiveParcels({ expressOrderIds: ids, archived }),
    [archiveParcels],
  );
  const exportRows = useCallback(
    (onProgress: (loaded: number, total: number) => void) =>
      listAllExpressShipments(status, filters, onProgress),
    [status, filters],
  );
  const emptyTab = useMemo(() => expressEmptyTab(status, counts, canCreate), [status, counts, canCreate]);

  return (
    <ShipmentListView
      title={EXPRESS_LIST_TITLE[status]}
      description={expressListDescription(timeZone)}
      timeZone={timeZone}
      canChange={canCreate}
      newShipmentHref={canCreate ? paths.newShipments.ground : null}
      demo={DEMO}
      tabs={TABS}
      tab={status}
      tabPath={TAB_PATH}
      counts={counts}
      archived={status === 'archived'}
      // Where the tab is empty, its empty state says the same at more length.
      note={
        status === 'notFound' && shipments.length > 0 ? (
          NOT_FOUND_EXPLANATION
        ) : unconnected.length ? (
          <NoConnectionNote carrierNames={unconnected} />
        ) : null
      }
      filters={filterState}
      search={SEARCH}
      selects={selects}
      attentionLabel={attentionLabel}
      columns={EXPRESS_COLUMNS}
      columnsKey={EXPRESS_COLUMNS_KEY}
      identifierColumn="tracking"
      renderCell={renderCell}
      rows={shipments}
      query={list}
      rowKey={rowKey}
      rowLabel={rowLabel}
      rowName={rowName}
      detailHref={detailHref}
      archive={archiveRows}
      archiving={archive.isPending}
      onShare={onShare}
      exportRows={exportRows}
      exportName={`ground-shipments-${status === 'notFound' ? 'not-found' : status}`}
      filteredWhat="tracking number, carrier or status"
      emptyTab={emptyTab}
    />
  );
}
