import { ActionBar, Alert, Button, Paper, Progress, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArchive, IconArchiveOff, IconPlus } from '@tabler/icons-react';
import type { OceanShipment } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DemoBadge } from '../../../components/demo-badge';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useArchiveOceanShipments } from '../api/archive-ocean-shipments';
import { useFavoriteOceanShipments } from '../api/favorite-ocean-shipments';
import { useOceanOptions } from '../api/get-ocean-options';
import { shipmentsOf, useOceanShipments, type OceanListStatus } from '../api/list-ocean-shipments';
import { useColumnLayout } from '../hooks/use-column-layout';
import { isFiltered, useListFilters } from '../hooks/use-list-filters';
import { visibleColumns } from '../utils/columns';
import { oceanDetailHref } from '../utils/detail-href';
import { isDemo, OCEAN_DEMO_EXPLANATION } from '../utils/status';
import { ColumnSettings } from './column-settings';
import { ExportButton } from './export-button';
import { ListEmptyState } from './list-empty-state';
import { ListFilters } from './list-filters';
import { ListFooter } from './list-footer';
import classes from './ocean-shipments-list.module.css';
import { ShipmentsTable } from './shipments-table';

interface OceanShipmentsListProps {
  status: OceanListStatus;
  /** The reader's time zone: every date of the list is a day there (spec §9). */
  timeZone: string;
  /** shipmentPermission 0 (spec §6): offers "New shipment". */
  canCreate: boolean;
}

const TAB_PATH: Record<OceanListStatus, string> = {
  active: paths.shipments.oceanActive,
  archived: paths.shipments.oceanArchived,
};

const plural = (n: number, one: string, many = `${one}s`) => `${String(n)} ${n === 1 ? one : many}`;

/** /shipments/ocean/active and /archived: the workspace's ocean shipments, two tabs of one table. */
export function OceanShipmentsList({ status, timeZone, canCreate }: OceanShipmentsListProps) {
  const navigate = useNavigate();
  const { filters, setFilters, clearFilters, search } = useListFilters();
  const list = useOceanShipments(status, filters);
  const options = useOceanOptions();
  const { layout, setLayout, ready: layoutReady } = useColumnLayout();
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
  const columns = visibleColumns(layout);
  const filtered = isFiltered(filters);
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
  // New filters: the previous rows stay, under a thin bar, until the answer arrives. Background polls
  // (pending shipments) stay silent.
  const refreshing = list.isPlaceholderData;

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
              status={status}
              filters={filters}
              columns={columns}
              timeZone={timeZone}
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

      <Paper withBorder radius="lg" className={classes.card} component="section" aria-label={title}>
        <Tabs
          value={status}
          onChange={(value) => {
            if (value === 'active' || value === 'archived')
              void navigate(`${TAB_PATH[value]}${search ? `?${search}` : ''}`);
          }}
          classNames={{ list: classes.tabList, tab: classes.tab }}
          activateTabWithKeyboard={false}
        >
          <Tabs.List>
            {(['active', 'archived'] as const).map((tab) => {
              const label = tab === 'active' ? 'Active' : 'Archived';
              return (
                <Tabs.Tab
                  key={tab}
                  value={tab}
                  data-testid={`tab-${tab}`}
                  // "Active (12)" for everyone: browsers would read the pill as "Active ( 12 )".
                  aria-label={counts ? `${label} (${String(counts[tab])})` : label}
                >
                  {label}
                  {counts ? (
                    <span className={classes.count} data-testid={`count-${tab}`} aria-hidden>
                      {counts[tab]}
                    </span>
                  ) : null}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
        </Tabs>

        <ListFilters
          filters={filters}
          options={options.data}
          onChange={setFilters}
          onClear={clearFilters}
          filtered={filtered}
          end={<ColumnSettings layout={layout} onChange={setLayout} />}
        />

        <div className={classes.tableArea}>
          {refreshing ? (
            <Progress
              value={100}
              animated
              size={2}
              radius={0}
              className={classes.refreshing}
              aria-label="Updating"
            />
          ) : null}
          {list.isError && !list.data ? (
            <Alert
              m="lg"
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              title={
                isApiError(list.error) && list.error.status === 403
                  ? 'No access to shipments here'
                  : 'Could not load the shipments'
              }
            >
              <Text size="sm" mb="xs">
                {isApiError(list.error) ? list.error.message : 'Something went wrong.'}
              </Text>
              <Button size="xs" variant="default" onClick={() => void list.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : (
            <ShipmentsTable
              shipments={shipments}
              columns={columns}
              timeZone={timeZone}
              sort={filters.sort}
              onSort={(sort) => setFilters({ sort })}
              selected={selected}
              onSelectedChange={setSelected}
              loading={loading}
              archived={status === 'archived'}
              detailHref={detailHref}
              onOpen={(shipment) => void navigate(detailHref(shipment))}
              onToggleFavorite={toggleFavorite}
              onArchive={(shipment) => void moveShipments([shipment.shipmentOverallId], status === 'active')}
              onEndReached={loadMore}
              empty={
                <ListEmptyState
                  status={status}
                  filtered={filtered}
                  counts={counts}
                  canCreate={canCreate}
                  onClearFilters={clearFilters}
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
        </div>
      </Paper>

      <ActionBar
        opened={selected.size > 0}
        onClose={() => setSelected(new Set())}
        aria-label="Selected shipments"
        closeOnEscape
      >
        <Text size="sm" fw={600} px="xs" data-testid="selection-count">
          {plural(selected.size, 'selected', 'selected')}
        </Text>
        <ActionBar.Divider />
        <Button
          size="xs"
          variant="light"
          loading={archive.isPending}
          leftSection={status === 'active' ? <IconArchive size={16} /> : <IconArchiveOff size={16} />}
          onClick={() => void moveShipments([...selected], status === 'active')}
        >
          {status === 'active' ? 'Archive' : 'Unarchive'}
        </Button>
        <ActionBar.CloseButton aria-label="Clear the selection" />
      </ActionBar>
    </>
  );
}
