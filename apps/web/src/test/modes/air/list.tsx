import { IconPlane } from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import { StatusBadge } from '../../../components/status-badge';
import { activeEmptyTab, archiveEmptyTab } from '../../../components/list-empty-state';
import { listDescription } from '../../../components/page-headers';
import { formatDate } from '../../../lib/dates';
import type { ModeListPage } from '../../../modes/mode-definition';
import type { ListCellContext, ShipmentListDefinition } from '../../../shipment-list/list-definition';
import { DayCell, IdentifierCell, MissingValue } from '../../../shipment-list/table-cells';
import { columnSet, tagsColumn } from '../../../shipment-list/table-columns';
import type { TableColumnsKey } from '../../../shipment-list/table-columns-preference';
import {
  AIR_LIST_FILTERS,
  airListQueryOptions,
  airRowsOf,
  listAllAirShipments,
  useAirOptions,
  useAirShipments,
  useArchiveAirShipments,
  useFavoriteAirShipments,
  type AirFilters,
  type AirListPage,
  type AirRow,
  type AirSelectKey,
  type AirSort,
  type AirTab,
} from './list-api';
import { airDetailPath, AIR_LIST_HEADER, AIR_PATHS } from './paths';

/*
 * The test mode's list: its columns, cells, calls and words, handed to the shared list machinery as
 * each product mode hands its own.
 */

const statusLook = (row: AirRow) =>
  row.status === 'landed' ? { label: 'Landed', color: 'teal' } : { label: 'In the air', color: 'blue' };

const width = { min: 96, preferred: 140 };

const AIR_COLUMNS = columnSet<AirRow, AirSort>()({
  columns: {
    awb: {
      label: 'Air waybill',
      width: { min: 140, preferred: 180 },
      sorts: { first: 'awb_asc' },
      text: (row) => row.awb,
    },
    airline: { label: 'Airline', width, text: (row) => row.airline },
    status: { label: 'Status', width, text: (row) => statusLook(row).label },
    landing: {
      label: 'Landing',
      width,
      sorts: { first: 'landing_asc', second: 'landing_desc' },
      text: (row, timeZone) => (row.landingAt ? formatDate(row.landingAt, timeZone) : ''),
    },
    tags: tagsColumn(width),
  },
  hidden: [],
  card: {
    identifier: 'awb',
    detail: 'airline',
    status: 'status',
    date: () => 'landing',
    attention: () => null,
  },
});

type AirColumnId = (typeof AIR_COLUMNS.ids)[number];

function AirCell({ column: id, context }: { column: AirColumnId; context: ListCellContext<AirRow> }) {
  const { shipment: row, timeZone } = context;
  switch (id) {
    case 'awb':
      return (
        <IdentifierCell
          value={row.awb}
          what="air waybill"
          primary={{
            href: context.detailHref,
            favorite: row.favorite,
            onToggleFavorite: context.onToggleFavorite,
          }}
        />
      );
    case 'airline':
      return <span>{row.airline}</span>;
    case 'status':
      return <StatusBadge look={statusLook(row)} pending={row.state === 'pending'} />;
    case 'landing':
      return <DayCell value={row.landingAt} timeZone={timeZone} />;
    case 'tags':
      return row.tags.length ? <span>{row.tags.join(', ')}</span> : <MissingValue />;
  }
}

function useAirSelects(_filters: AirFilters) {
  const options = useAirOptions();
  return useMemo(
    () => [
      {
        key: 'airline' as const,
        label: 'Airline',
        placeholder: 'Airline',
        options: (options.data?.airlines ?? []).map((airline) => ({ value: airline, label: airline })),
        nothingFound: 'No such airline',
      },
    ],
    [options.data],
  );
}

function useAirArchive() {
  const { mutateAsync, isPending } = useArchiveAirShipments();
  const archive = useCallback(
    (ids: string[], archived: boolean) => mutateAsync({ airShipmentIds: ids, archived }),
    [mutateAsync],
  );
  return { archive, isPending };
}

function useAirFavorite() {
  const { mutate } = useFavoriteAirShipments();
  return useCallback(
    (ids: string[], favorite: boolean, onError: (error: unknown) => void) =>
      mutate({ ids, favorite }, { onError }),
    [mutate],
  );
}

export const AIR_LIST: ShipmentListDefinition<
  AirRow,
  AirListPage,
  AirTab,
  AirColumnId,
  AirSort,
  AirSelectKey
> = {
  mode: 'air',
  tabs: [
    { value: 'active', label: 'Active' },
    { value: 'archived', label: 'Archived' },
  ],
  tabPath: AIR_PATHS.lists,
  title: AIR_LIST_HEADER.titles,
  description: (timeZone) => listDescription(AIR_LIST_HEADER.things, timeZone),
  newShipmentHref: AIR_PATHS.newShipment,
  demo: { isDemo: () => false, explanation: '' },
  search: { placeholder: 'Search air waybill', label: 'Search by air waybill' },
  filters: AIR_LIST_FILTERS,
  columns: AIR_COLUMNS,
  // The server's keys are the product's; the fake API answers the test mode's own.
  columnsKey: 'airTableColumns' as TableColumnsKey,
  identifierColumn: 'awb',
  Cell: AirCell,
  rowKey: (row) => row.airShipmentId,
  rowLabel: (row) => `Air waybill ${row.awb}, ${row.airline}`,
  rowName: (row) => row.awb,
  detailHref: (row, timeZone) => `${airDetailPath(row.awb)}?timeZone=${encodeURIComponent(timeZone)}`,
  isFavorite: (row) => row.favorite,
  unconnectedCarrier: () => null,
  prefetch: (queryClient, tab, filters) =>
    queryClient.ensureInfiniteQueryData(airListQueryOptions(tab, filters)),
  useList: useAirShipments,
  rowsOf: airRowsOf,
  counts: (page) => ({ active: page.activeCount, archived: page.archivedCount }),
  useSelects: useAirSelects,
  useArchive: useAirArchive,
  useFavorite: useAirFavorite,
  exportAll: listAllAirShipments,
  exportName: (tab) => `air-waybills-${tab}`,
  filteredWhat: 'air waybill or airline',
  emptyTab: (tab, counts, canCreate) =>
    tab === 'archived'
      ? archiveEmptyTab(AIR_PATHS.lists.active)
      : activeEmptyTab({
          icon: <IconPlane size={26} stroke={1.75} />,
          firstTitle: 'No air waybills yet',
          howToAdd: 'Add an air waybill by its number.',
          newShipmentHref: canCreate ? AIR_PATHS.newShipment : null,
          archivedHref: AIR_PATHS.lists.archived,
          everArchived: (counts?.archived ?? 0) > 0,
        }),
};

/** The air list with how its selected rows are shared. */
export const AIR_LIST_PAGE: ModeListPage = {
  list: AIR_LIST,
  shareSet: (rows: AirRow[]) => ({
    mode: 'air' as never,
    shipments: rows.map((row) => ({ shipmentId: row.airShipmentId, number: row.awb })),
    request: (emails) => ({
      shipmentType: 'air' as never,
      shipments: rows.map((row) => ({ trackingNo: row.awb, expressOrderId: row.airShipmentId })),
      emails,
    }),
  }),
};
