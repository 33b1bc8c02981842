import type {
  OceanBillSummary,
  OceanListItem,
} from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { NO_SOURCE_STATE } from '@tracklane/shared/tracking/no-connection';
import { useCallback, useMemo } from 'react';
import { listDescription } from '../../components/page-headers';
import { OCEAN_MODE } from './mode';
import { OCEAN_PATHS } from './paths';
import { useArchiveOceanShipments } from './api/archive-ocean-shipments';
import { listAllOceanShipments } from './api/export-ocean-shipments';
import { useFavoriteOceanShipments } from './api/favorite-ocean-shipments';
import { useOceanOptions, type OceanOptions } from './api/get-ocean-options';
import {
  OCEAN_LIST_FILTERS,
  oceanListQueryOptions,
  type OceanListPage,
  type OceanListStatus,
  type OceanSelectKey,
  shipmentsOf,
  useOceanShipments,
} from './api/list-ocean-shipments';
import { useOceanBills } from './api/ocean-bills';
import { BillGroupHeader, WaitingBills } from './components/ocean-bills';
import { oceanEmptyTab } from './components/ocean-empty-tab';
import { ShipmentCell } from './components/shipment-cells';
import { carrierLabel, shortCarrierName } from './utils/carriers';
import { OCEAN_COLUMNS, type ColumnId } from './utils/columns';
import { oceanDetailHref } from './utils/detail-href';
import { isDemo, OCEAN_DEMO_EXPLANATION } from './utils/status';
import { oceanShareSet } from './share-set';
import type { ModeListPage } from '../mode-definition';
import type { ListExtrasInput, ShipmentListDefinition } from '../../shipment-list/list-definition';
import { companySelect, type FilterSelect } from '../../shipment-list/list-filters';
import type { Company } from '@tracklane/shared/references/references.schema';
import { useCompanies } from '../../lib/shipment-references';
import type { OceanSort } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';

const portOptions = (ports: OceanOptions['pols'] | undefined) =>
  (ports ?? []).map((port) => ({
    value: port.locode,
    label: port.name ? `${port.name} (${port.locode})` : port.locode,
  }));

/**
 * Carrier, POL, POD, tag and company: the ocean list's selects, from what the workspace's shipments use; and the
 * bill of lading or booking followed alone, when the workspace follows any.
 */
function oceanSelects(
  options: OceanOptions | undefined,
  bills: OceanBillSummary[] | undefined,
  companies: readonly Company[] | undefined,
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
    ...companySelect(companies),
    ...bill,
  ];
}

type OceanFilters = Parameters<typeof useOceanShipments>[1];

function useOceanSelects(_filters: OceanFilters) {
  const options = useOceanOptions();
  // The bills followed alone: the bill filter's choices.
  const bills = useOceanBills('all');
  const companies = useCompanies();
  return useMemo(
    () => oceanSelects(options.data, bills.data?.items, companies.data),
    [options.data, bills.data, companies.data],
  );
}

/** The bill a list is narrowed to, above its rows; the bills still waiting for containers, above the list. */
function useOceanExtras({
  tab,
  filters,
  setFilters,
  canCreate,
}: ListExtrasInput<OceanListItem, OceanListStatus, OceanSelectKey, OceanSort>) {
  const showAll = useCallback(() => setFilters({ bill: null }), [setFilters]);
  return {
    banner: filters.bill ? (
      <BillGroupHeader billId={filters.bill} canChange={canCreate} onShowAll={showAll} />
    ) : null,
    aside: tab === 'active' ? <WaitingBills canChange={canCreate} /> : null,
  };
}

function useOceanArchive() {
  const { mutateAsync, isPending } = useArchiveOceanShipments();
  const archive = useCallback(
    (ids: string[], archived: boolean) => mutateAsync({ shipmentOverallIds: ids, archived }),
    [mutateAsync],
  );
  return { archive, isPending };
}

function useOceanFavorite() {
  const { mutate } = useFavoriteOceanShipments();
  return useCallback(
    (ids: string[], favorite: boolean, onError: (error: unknown) => void) =>
      mutate({ ids, favorite }, { onError }),
    [mutate],
  );
}

/** /shipments/ocean/active and /archived: the workspace's ocean shipments, two tabs of one table. */
export const OCEAN_LIST: ShipmentListDefinition<
  OceanListItem,
  OceanListPage,
  OceanListStatus,
  ColumnId,
  OceanSort,
  OceanSelectKey
> = {
  mode: 'ocean',
  tabs: [
    { value: 'active', label: 'Active' },
    { value: 'archived', label: 'Archived' },
  ],
  tabPath: OCEAN_PATHS.lists,
  title: OCEAN_MODE.listHeader.titles,
  description: (timeZone) => listDescription(OCEAN_MODE.listHeader.things, timeZone),
  newShipmentHref: OCEAN_PATHS.newShipment,
  demo: { isDemo, explanation: OCEAN_DEMO_EXPLANATION },
  search: { placeholder: 'Search container or MBL', label: 'Search by container or bill of lading number' },
  filters: OCEAN_LIST_FILTERS,
  columns: OCEAN_COLUMNS,
  columnsKey: 'oceanTableColumns',
  identifierColumn: 'container',
  Cell: ShipmentCell,
  rowKey: (shipment) => shipment.shipmentOverallId,
  rowLabel: (shipment) => `Container ${shipment.containerNo}, bill of lading ${shipment.mblNo}`,
  rowName: (shipment) => shipment.containerNo,
  detailHref: oceanDetailHref,
  isFavorite: (shipment) => shipment.favorite,
  unconnectedCarrier: (shipment) =>
    shipment.state === NO_SOURCE_STATE ? carrierLabel(shipment.carrierScac, shipment.carrierName) : null,
  prefetch: (queryClient, tab, filters) =>
    queryClient.ensureInfiniteQueryData(oceanListQueryOptions(tab, filters)),
  useList: useOceanShipments,
  rowsOf: shipmentsOf,
  counts: (page) => ({ active: page.activeCount, archived: page.archivedCount }),
  useSelects: useOceanSelects,
  useExtras: useOceanExtras,
  useArchive: useOceanArchive,
  useFavorite: useOceanFavorite,
  exportAll: listAllOceanShipments,
  exportName: (tab) => `ocean-shipments-${tab}`,
  filteredWhat: 'container, bill of lading, carrier, port or tag',
  emptyTab: oceanEmptyTab,
};

/** The ocean list with how its selected rows are shared. */
export const OCEAN_LIST_PAGE: ModeListPage = { list: OCEAN_LIST, shareSet: oceanShareSet };
