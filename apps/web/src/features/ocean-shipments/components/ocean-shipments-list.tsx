import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import type { OceanShipment } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ColumnSettings } from '../../../components/column-settings';
import { DemoBadge } from '../../../components/demo-badge';
import { ExportButton } from '../../../components/export-button';
import { ListEmptyState } from '../../../components/list-empty-state';
import { ListFilters, type FilterSelect } from '../../../components/list-filters';
import { ListFooter } from '../../../components/list-footer';
import { ListLoadError } from '../../../components/list-load-error';
import { PageHeader } from '../../../components/page-header';
import { RowActions } from '../../../components/row-actions';
import { SelectionActionBar } from '../../../components/selection-action-bar';
import { ShipmentListCard } from '../../../components/shipment-list-card';
import { ShipmentsTable } from '../../../components/shipments-table';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { visibleColumns } from '../../../lib/table-columns';
import { useColumnLayout } from '../../../lib/use-column-layout';
import { useListFilters } from '../../../lib/use-list-filters';
import { useArchiveOceanShipments } from '../api/archive-ocean-shipments';
import { listAllOceanShipments } from '../api/export-ocean-shipments';
import { useFavoriteOceanShipments } from '../api/favorite-ocean-shipments';
import { useOceanOptions, type OceanOptions } from '../api/get-ocean-options';
import {
  OCEAN_LIST_FILTERS,
  shipmentsOf,
  useOceanShipments,
  type OceanListStatus,
} from '../api/list-ocean-shipments';
import { shortCarrierName } from '../utils/carriers';
import { OCEAN_COLUMNS } from '../utils/columns';
import { oceanDetailHref } from '../utils/detail-href';
import { isDemo, OCEAN_DEMO_EXPLANATION } from '../utils/status';
import { oceanEmptyTab } from './ocean-empty-tab';
import { ShipmentCell } from './shipment-cells';

interface OceanShipmentsListProps {
  status: OceanListStatus;
  /** The reader's time zone: every date of the list is a day there (spec §9). */
  timeZone: string;
  /** shipmentPermission 0 (spec §6): offers "New shipment". */
  canCreate: boolean;
}

const TABS = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
] as const;

const TAB_PATH: Record<OceanListStatus, string> = {
  active: paths.shipments.oceanActive,
  archived: paths.shipments.oceanArchived,
};

const plural = (n: number, one: string) => `${String(n)} ${one}${n === 1 ? '' : 's'}`;

const portOptions = (ports: OceanOptions['pols'] | undefined) =>
  (ports ?? []).map((port) => ({
    value: port.locode,
    label: port.name ? `${port.name} (${port.locode})` : port.locode,
  }));

/** Carrier, POL and POD: the ocean list's selects, from what the workspace's shipments use. */
function oceanSelects(options: OceanOptions | undefined): FilterSelect<'carrier' | 'pol' | 'pod'>[] {
  const ports = 'No such port in this workspace';
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
  ];
}

/** /shipments/ocean/active and /archived: the workspace's ocean shipments, two tabs of one table. */
export function OceanShipmentsList({ status, timeZone, canCreate }: OceanShipmentsListProps) {
  const navigate = useNavigate();
  const { filters, setFilters, clearFilters, filtered, search } = useListFilters(OCEAN_LIST_FILTERS);
  const list = useOceanShipments(status, filters);
  const options = useOceanOptions();
  const { layout, setLayout, ready: layoutReady } = useColumnLayout(OCEAN_COLUMNS, 'oceanTableColumns');
  const archive = useArchiveOceanShipments();
  const favorite = useFavoriteOceanShipments();

  // A selection belongs to one list: another tab or other filters start without one.
  const listKey = `${status}?${search}`;
  const [selection, setSelection] = useState<{ key: string; ids: Set<string> }>({
    key: listKey,
    ids: new Set(),
  });
  const selected = selection.key === listKey ? selection.ids : new Set<string>();
  const setSelected = (ids: Set<string>) => setSelection({ key: listKey, ids });

  const shipments = useMemo(() => shipmentsOf(list.data?.pages), [list.data]);
  const lastPage = list.data?.pages.at(-1);
  const counts = lastPage ? { active: lastPage.activeCount, archived: lastPage.archivedCount } : null;
  const columns = visibleColumns(OCEAN_COLUMNS, layout);
  const hasDemo = shipments.some(isDemo);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const detailHref = (shipment: OceanShipment) => oceanDetailHref(shipment, timeZone);

  const moveShipments = async (ids: string[], archived: boolean) => {
    try {
      const result = await archive.mutateAsync({ shipmentOverallIds: ids, archived });
      setSelected(new Set([...selected].filter((id) => !result.updatedIds.includes(id))));
      const n = result.updatedIds.length;
      notifications.show({
        color: 'teal',
        message: archived
          ? `Archived ${plural(n, 'shipment')}`
          : `Moved ${plural(n, 'shipment')} back to active`,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: archived ? 'Could not archive' : 'Could not move back to active',
        message: isApiError(error) ? error.message : 'Something went wrong. Please try again.',
      });
    }
  };

  const toggleFavorite = (shipment: OceanShipment) => {
    favorite.mutate(
      { shipmentOverallIds: [shipment.shipmentOverallId], favorite: !shipment.favorite },
      {
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'Could not change the favourite',
            message: isApiError(error) ? error.message : 'Please try again.',
          }),
      },
    );
  };

  const title = status === 'active' ? 'Active ocean shipments' : 'Archived ocean shipments';
  const total = counts ? counts[status] : null;
  const loading = list.isPending || !layoutReady;

  return (
    <>
      <PageHeader
        title={title}
        description={
          <>Containers this workspace follows, refreshed from the carriers. Dates are days in {timeZone}.</>
        }
        actions={
          <>
            {hasDemo ? <DemoBadge size="md" explanation={OCEAN_DEMO_EXPLANATION} /> : null}
            <ExportButton
              loadRows={(onProgress) => listAllOceanShipments(status, filters, onProgress)}
              columns={columns}
              timeZone={timeZone}
              fileName={`ocean-shipments-${status}`}
              disabled={loading || shipments.length === 0}
            />
            {canCreate ? (
              <Button component={Link} to={paths.newShipments.ocean} leftSection={<IconPlus size={16} />}>
                New shipment
              </Button>
            ) : null}
          </>
        }
      />

      <ShipmentListCard
        title={title}
        tabs={TABS}
        tab={status}
        counts={counts}
        onTabChange={(tab) => void navigate(`${TAB_PATH[tab]}${search ? `?${search}` : ''}`)}
        toolbar={
          <ListFilters
            filters={filters}
            onChange={setFilters}
            onClear={clearFilters}
            filtered={filtered}
            search={{
              placeholder: 'Search container or MBL',
              label: 'Search by container or bill of lading number',
            }}
            selects={oceanSelects(options.data)}
            end={<ColumnSettings columns={OCEAN_COLUMNS} layout={layout} onChange={setLayout} />}
          />
        }
        // New filters: the previous rows stay, under a thin bar, until the answer arrives. Background
        // polls (pending shipments) stay silent.
        refreshing={list.isPlaceholderData}
      >
        {list.isError && !list.data ? (
          <ListLoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <ShipmentsTable
            rows={shipments}
            rowKey={(shipment) => shipment.shipmentOverallId}
            rowLabel={(shipment) => `Container ${shipment.containerNo}, bill of lading ${shipment.mblNo}`}
            rowName={(shipment) => shipment.containerNo}
            columns={columns}
            identifierColumn="container"
            renderCell={(column, shipment) => (
              <ShipmentCell
                column={column.id}
                context={{
                  shipment,
                  timeZone,
                  detailHref: detailHref(shipment),
                  onToggleFavorite: () => toggleFavorite(shipment),
                }}
              />
            )}
            renderActions={(shipment) => (
              <RowActions
                name={shipment.containerNo}
                archived={status === 'archived'}
                detailHref={detailHref(shipment)}
                onArchive={() => void moveShipments([shipment.shipmentOverallId], status === 'active')}
              />
            )}
            sort={filters.sort}
            onSort={(sort) => setFilters({ sort })}
            selected={selected}
            onSelectedChange={setSelected}
            loading={loading}
            onOpen={(shipment) => void navigate(detailHref(shipment))}
            onEndReached={loadMore}
            empty={
              <ListEmptyState
                filtered={filtered}
                filteredWhat="container, bill of lading, carrier or port"
                onClearFilters={clearFilters}
                empty={oceanEmptyTab(status, counts, canCreate)}
              />
            }
            footer={
              shipments.length > 0 ? (
                <ListFooter
                  shown={shipments.length}
                  total={filtered ? null : total}
                  hasMore={Boolean(hasNextPage)}
                  loadingMore={isFetchingNextPage}
                  onLoadMore={loadMore}
                />
              ) : null
            }
          />
        )}
      </ShipmentListCard>

      <SelectionActionBar
        count={selected.size}
        archived={status === 'archived'}
        busy={archive.isPending}
        onArchive={() => void moveShipments([...selected], status === 'active')}
        onClear={() => setSelected(new Set())}
      />
    </>
  );
}
