import { PARCEL_STATUSES, PARCEL_STATUS_LABELS } from '@tracklane/shared/tracking/express/parcel-event';
import type {
  ExpressListItem,
  ExpressListResult,
  ExpressListTab,
  ExpressSort,
} from '@tracklane/shared/tracking/express/express-shipments.schema';
import { NO_SOURCE_STATE } from '@tracklane/shared/tracking/no-connection';
import { useCallback, useMemo } from 'react';
import { listDescription } from '../../components/page-headers';
import { EXPRESS_MODE } from './mode';
import { EXPRESS_PATHS, expressDetailPath } from './paths';
import { useArchiveExpressShipments } from './api/archive-express-shipments';
import { useFavoriteExpressShipments } from './api/favorite-express-shipments';
import { useExpressOptions, type ExpressOptions } from './api/get-express-options';
import {
  EXPRESS_LIST_FILTERS,
  expressListQueryOptions,
  expressShipmentsOf,
  expressTabCount,
  listAllExpressShipments,
  useExpressShipments,
  type ExpressSelectKey,
} from './api/list-express-shipments';
import { ExpressCell } from './components/express-cells';
import { expressEmptyTab, NOT_FOUND_EXPLANATION } from './components/express-empty-tab';
import { parcelCarrierLabel } from './utils/carriers';
import { EXPRESS_COLUMNS, type ExpressColumnId } from './utils/columns';
import { EXPRESS_DEMO_EXPLANATION, isDemo } from './utils/parcel-status';
import { expressShareSet } from './share-set';
import type { ModeListPage } from '../mode-definition';
import type { ListExtrasInput, ShipmentListDefinition } from '../../shipment-list/list-definition';
import { companySelect, type FilterSelect } from '../../shipment-list/list-filters';
import type { Company } from '@tracklane/shared/references/references.schema';
import { useCompanies } from '../../lib/shipment-references';

const PARCEL_STATUS_OPTIONS = PARCEL_STATUSES.map((status) => ({
  value: status,
  label: PARCEL_STATUS_LABELS[status],
}));

/** Carrier, parcel status, tag and company: the express list's selects. */
function expressSelects(
  options: ExpressOptions | undefined,
  companies: readonly Company[] | undefined,
): FilterSelect<ExpressSelectKey>[] {
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
    ...companySelect(companies),
  ];
}

function useExpressSelects(_filters: unknown) {
  const options = useExpressOptions();
  const companies = useCompanies();
  return useMemo(() => expressSelects(options.data, companies.data), [options.data, companies.data]);
}

/** The not-found tab says what it holds above its rows (where it is empty, its empty state says more). */
function useExpressExtras({
  tab,
  rows,
}: ListExtrasInput<ExpressListItem, ExpressListTab, ExpressSelectKey, ExpressSort>) {
  return { note: tab === 'notFound' && rows.length > 0 ? NOT_FOUND_EXPLANATION : undefined };
}

function useExpressArchive() {
  const { mutateAsync, isPending } = useArchiveExpressShipments();
  const archive = useCallback(
    (ids: string[], archived: boolean) => mutateAsync({ expressOrderIds: ids, archived }),
    [mutateAsync],
  );
  return { archive, isPending };
}

function useExpressFavorite() {
  const { mutate } = useFavoriteExpressShipments();
  return useCallback(
    (ids: string[], favorite: boolean, onError: (error: unknown) => void) =>
      mutate({ ids, favorite }, { onError }),
    [mutate],
  );
}

/**
 * /shipments/truck/express/active, /not-found and /archived: the workspace's parcels, three tabs of
 * one table.
 */
export const EXPRESS_LIST: ShipmentListDefinition<
  ExpressListItem,
  ExpressListResult,
  ExpressListTab,
  ExpressColumnId,
  ExpressSort,
  ExpressSelectKey
> = {
  mode: 'express',
  tabs: [
    { value: 'active', label: 'Active' },
    { value: 'notFound', label: 'Not found' },
    { value: 'archived', label: 'Archived' },
  ],
  tabPath: EXPRESS_PATHS.lists,
  title: EXPRESS_MODE.listHeader.titles,
  description: (timeZone) => listDescription(EXPRESS_MODE.listHeader.things, timeZone),
  newShipmentHref: EXPRESS_PATHS.newShipment,
  demo: { isDemo, explanation: EXPRESS_DEMO_EXPLANATION },
  search: { placeholder: 'Search tracking number', label: 'Search by tracking number' },
  filters: EXPRESS_LIST_FILTERS,
  columns: EXPRESS_COLUMNS,
  columnsKey: 'expressTableColumns',
  identifierColumn: 'tracking',
  Cell: ExpressCell,
  rowKey: (shipment) => shipment.expressOrderId,
  rowLabel: (shipment) =>
    `Tracking number ${shipment.expressOrderNo}, ${parcelCarrierLabel(shipment.carrier, shipment.carrierName)}`,
  rowName: (shipment) => shipment.expressOrderNo,
  detailHref: (shipment) => expressDetailPath(shipment.expressOrderId, shipment.expressOrderNo),
  isFavorite: (shipment) => shipment.favorite,
  unconnectedCarrier: (shipment) =>
    shipment.state === NO_SOURCE_STATE ? parcelCarrierLabel(shipment.carrier, shipment.carrierName) : null,
  prefetch: (queryClient, tab, filters) =>
    queryClient.ensureInfiniteQueryData(expressListQueryOptions(tab, filters)),
  useList: useExpressShipments,
  rowsOf: expressShipmentsOf,
  counts: (page) => ({
    active: expressTabCount(page, 'active'),
    notFound: expressTabCount(page, 'notFound'),
    archived: expressTabCount(page, 'archived'),
  }),
  useSelects: useExpressSelects,
  useExtras: useExpressExtras,
  useArchive: useExpressArchive,
  useFavorite: useExpressFavorite,
  exportAll: listAllExpressShipments,
  exportName: (tab) => `ground-shipments-${tab === 'notFound' ? 'not-found' : tab}`,
  filteredWhat: 'tracking number, carrier or status',
  emptyTab: expressEmptyTab,
};

/** The express list with how its selected rows are shared. */
export const EXPRESS_LIST_PAGE: ModeListPage = { list: EXPRESS_LIST, shareSet: expressShareSet };
