import type {
  OceanBillSummary,
  OceanShipment,
} from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { NO_SOURCE_STATE } from '@tracklane/shared/tracking/no-connection';
import { NoConnectionNote } from '../../../components/no-connection';
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
import { useArchiveOceanShipments } from '../api/archive-ocean-shipments';
import { listAllOceanShipments } from '../api/export-ocean-shipments';
import { useFavoriteOceanShipments } from '../api/favorite-ocean-shipments';
import { useOceanOptions, type OceanOptions } from '../api/get-ocean-options';
import {
  OCEAN_LIST_FILTERS,
  oceanListQueryOptions,
  type OceanSelectKey,
  shipmentsOf,
  useOceanShipments,
  type OceanListStatus,
} from '../api/list-ocean-shipments';
import { shortCarrierName } from '../utils/carriers';
import { OCEAN_COLUMNS, type ColumnId } from '../utils/columns';
import { carrierLabel } from '../utils/carriers';
import { oceanDetailHref } from '../utils/detail-href';
import { isDemo, OCEAN_DEMO_EXPLANATION } from '../utils/status';
import { useOceanBills } from '../api/ocean-bills';
import { BillGroupHeader, WaitingBills } from './ocean-bills';
import { oceanEmptyTab } from './ocean-empty-tab';
import { ShipmentCell } from './shipment-cells';
import { OCEAN_LIST_TITLE, oceanListDescription } from '../../../components/page-headers';
import { useIdle } from '../../../lib/use-idle';

interface OceanShipmentsListProps {
  status: OceanListStatus;
  /** The reader's time zone: every date of the list is a day there (spec §9). */
  timeZone: string;
  /** shipmentPermission 0 (spec §6): offers "New shipment". */
  canCreate: boolean;
  /** Shares the selected rows; the app brings the dialog (a feature does not import another). */
  onShare?: (shipments: OceanShipment[]) => void;
}

const TABS = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
] as const;

const TAB_PATH: Record<OceanListStatus, string> = {
  active: paths.shipments.oceanActive,
  archived: paths.shipments.oceanArchived,
};

const SEARCH = {
  placeholder: 'Search container or MBL',
  label: 'Search by container or bill of lading number',
};
const DEMO = { isDemo, explanation: OCEAN_DEMO_EXPLANATION };

const rowKey = (shipment: OceanShipment) => shipment.shipmentOverallId;
const rowLabel = (shipment: OceanShipment) =>
  `Container ${shipment.containerNo}, bill of lading ${shipment.mblNo}`;
const rowName = (shipment: OceanShipment) => shipment.containerNo;

const portOptions = (ports: OceanOptions['pols'] | undefined) =>
  (ports ?? []).map((port) => ({
    value: port.locode,
    label: port.name ? `${port.name} (${port.locode})` : port.locode,
  }));

/**
 * Carrier, POL, POD and tag: the ocean list's selects, from what the workspace's shipments use; and the
 * bill of lading or booking followed alone, when the workspace follows any.
 */
function oceanSelects(
  options: OceanOptions | undefined,
  bills: OceanBillSummary[] | undefined,
): FilterSelect<OceanSelectKey>[] {
  const ports = 'No such port in this workspace';
  const bill: FilterSelect<OceanSelectKey>[] = bills?.length
    ? [
        {
          key: 'bill',
          label: 'Bill of lading or booking',
          placeholder: 'Bill',
          options: bills.map((b) => ({
            value: b.billId,
            label: `${b.kind === 'booking' ? 'Booking ' : ''}${b.reference} (${carrierLabel(b.carrierScac, b.carrierName)})`,
          })),
          nothingFound: 'No such bill followed here',
          dropdownWidth: 300,
        },
      ]
    : [];
  return [
    {
      key: 'carrier',
      label: 'Carrier',
      placeholder: 'Carrier',
      options: (options?.carriers ?? []).map((carrier) => ({
        value: carrier.scac,
        label: `${shortCarrierName(carrier.name)} (${carrier.scac})`,
      })),
      nothingFound: 'No such carrier',
      dropdownWidth: 280,
    },
    {
      key: 'pol',
      label: 'Port of loading',
      placeholder: 'POL',
      options: portOptions(options?.pols),
      nothingFound: ports,
    },
    {
      key: 'pod',
      label: 'Port of discharge',
      placeholder: 'POD',
      options: portOptions(options?.pods),
      nothingFound: ports,
    },
    {
      key: 'tag',
      label: 'Tag',
      placeholder: 'Tag',
      options: (options?.tags ?? []).map((tag) => ({ value: tag, label: tag })),
      nothingFound: 'No shipment carries this tag',
    },
    ...bill,
  ];
}

const OCEAN_COLUMNS_KEY = 'oceanTableColumns';

/**
 * Starts the list's first page and the reader's columns, as the list will ask for them on its first
 * render (the filters from the address): `prefetch` of the page's route (router.tsx).
 */
export function prefetchOceanShipmentsList(status: OceanListStatus): Promise<unknown> {
  const filters = filtersFromParams(OCEAN_LIST_FILTERS, new URLSearchParams(window.location.search));
  return Promise.all([
    queryClient.prefetchInfiniteQuery(oceanListQueryOptions(status, filters)),
    queryClient.prefetchQuery(columnsPreferenceQueryOptions(OCEAN_COLUMNS_KEY)),
  ]);
}

/** /shipments/ocean/active and /archived: the workspace's ocean shipments, two tabs of one table. */
export function OceanShipmentsList({ status, timeZone, canCreate, onShare }: OceanShipmentsListProps) {
  const filterState = useListFilters(OCEAN_LIST_FILTERS);
  const { filters } = filterState;
  const attentionLabel = useAttentionLabel('ocean', filters.attention);
  const list = useOceanShipments(status, filters);
  // The filters' choices: not needed before a filter opens, so not part of the first screen (issue #17).
  const idle = useIdle();
  const options = useOceanOptions(idle);
  // The bills followed alone: the bill filter's choices (asked at once when the list is narrowed to one).
  const bills = useOceanBills('all', idle || filters.bill !== null);
  const selects = useMemo(() => oceanSelects(options.data, bills.data?.items), [options.data, bills.data]);
  const { setFilters } = filterState;
  const showAll = useCallback(() => setFilters({ bill: null }), [setFilters]);
  const archive = useArchiveOceanShipments();
  const favorite = useFavoriteOceanShipments();

  const shipments = useMemo(() => shipmentsOf(list.data?.pages), [list.data]);
  const unconnected = useMemo(
    () =>
      shipments
        .filter((s) => s.state === NO_SOURCE_STATE)
        .map((s) => carrierLabel(s.carrierScac, s.carrierName)),
    [shipments],
  );
  const lastPage = list.data?.pages.at(-1);
  const counts = useMemo(
    () => (lastPage ? { active: lastPage.activeCount, archived: lastPage.archivedCount } : null),
    [lastPage],
  );
  // The table's rows are memoised (issue #17): what they draw with stays the same function while
  // what it shows does.
  const hrefOf = useCallback((shipment: OceanShipment) => oceanDetailHref(shipment, timeZone), [timeZone]);
  const { mutate: mutateFavorite } = favorite;
  const { mutateAsync: archiveShipments } = archive;
  const renderCell = useCallback(
    (column: { id: ColumnId }, shipment: OceanShipment) => (
      <ShipmentCell
        column={column.id}
        context={{
          shipment,
          timeZone,
          detailHref: oceanDetailHref(shipment, timeZone),
          // The reader's own star: whoever sees the list may star (ADR 0033).
          onToggleFavorite: () =>
            mutateFavorite(
              { ids: [shipment.shipmentOverallId], favorite: !shipment.favorite },
              { onError: notifyFavoriteFailed },
            ),
        }}
      />
    ),
    [timeZone, mutateFavorite],
  );
  const archiveRows = useCallback(
    (ids: string[], archived: boolean) => archiveShipments({ shipmentOverallIds: ids, archived }),
    [archiveShipments],
  );
  const exportRows = useCallback(
    (onProgress: (loaded: number, total: number) => void) =>
      listAllOceanShipments(status, filters, onProgress),
    [status, filters],
  );
  const emptyTab = useMemo(() => oceanEmptyTab(status, counts, canCreate), [status, counts, canCreate]);

  return (
    <ShipmentListView
      title={OCEAN_LIST_TITLE[status]}
      description={oceanListDescription(timeZone)}
      timeZone={timeZone}
      canChange={canCreate}
      newShipmentHref={canCreate ? paths.newShipments.ocean : null}
      demo={DEMO}
      note={unconnected.length ? <NoConnectionNote carrierNames={unconnected} /> : null}
      banner={
        filters.bill ? (
          <BillGroupHeader billId={filters.bill} canChange={canCreate} onShowAll={showAll} />
        ) : null
      }
      aside={status === 'active' ? <WaitingBills canChange={canCreate} /> : null}
      tabs={TABS}
      tab={status}
      tabPath={TAB_PATH}
      counts={counts}
      archived={status === 'archived'}
      filters={filterState}
      search={SEARCH}
      selects={selects}
      attentionLabel={attentionLabel}
      columns={OCEAN_COLUMNS}
      columnsKey={OCEAN_COLUMNS_KEY}
      identifierColumn="container"
      renderCell={renderCell}
      rows={shipments}
      query={list}
      rowKey={rowKey}
      rowLabel={rowLabel}
      rowName={rowName}
      detailHref={hrefOf}
      archive={archiveRows}
      archiving={archive.isPending}
      onShare={onShare}
      exportRows={exportRows}
      exportName={`ocean-shipments-${status}`}
      filteredWhat="container, bill of lading, carrier, port or tag"
      emptyTab={emptyTab}
    />
  );
}
