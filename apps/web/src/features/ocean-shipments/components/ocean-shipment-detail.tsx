import { Alert, Button, EmptyState, Loader, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowLeft, IconSearch, IconZoomQuestion } from '@tabler/icons-react';
import type { OceanShipmentDetail as Detail } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useArchiveOceanShipments } from '../api/archive-ocean-shipments';
import { useFavoriteOceanShipments } from '../api/favorite-ocean-shipments';
import { useOceanShipment } from '../api/get-ocean-shipment';
import { carrierLabel } from '../utils/carriers';
import { EtaHistory } from './eta-history';
import { EventsTable } from './events-table';
import { MilestoneJourney } from './milestone-journey';
import classes from './ocean-shipment-detail.module.css';
import { RouteStrip } from './route-strip';
import { ShipmentHeader } from './shipment-header';

export const DETAIL_TABS = ['milestones', 'events'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

interface OceanShipmentDetailProps {
  containerNo: string;
  mblNo: string;
  /** Validated by the page: the `timeZone` parameter, else the reader's own (spec §2, §9). */
  timeZone: string;
  tab: DetailTab;
  onTabChange: (tab: DetailTab) => void;
}

function Fetching({ shipment }: { shipment: Detail }) {
  return (
    <Paper withBorder radius="lg" p="xl" className={classes.stateCard} data-testid="detail-pending">
      <Loader size="sm" />
      <div>
        <Text fw={600}>Fetching carrier data…</Text>
        <Text size="sm" c="dimmed">
          The first check with {carrierLabel(shipment.carrierScac, shipment.carrierName)} is running. This
          page updates by itself in a few seconds.
        </Text>
      </div>
    </Paper>
  );
}

function NotFoundAtCarrier({ shipment, timeZone }: { shipment: Detail; timeZone: string }) {
  return (
    <Alert
      color="orange"
      variant="light"
      radius="lg"
      icon={<IconZoomQuestion size={20} />}
      title="The carrier does not know this container yet"
      data-testid="detail-not-found-at-carrier"
    >
      <Text size="sm">
        {carrierLabel(shipment.carrierScac, shipment.carrierName)} has no events for {shipment.containerNo} on
        bill of lading {shipment.mblNo}. Check both numbers and the carrier; if they are right, the carrier
        may not have published the booking yet.
        {shipment.lastCheckedAt ? ` Last asked ${formatDateTime(shipment.lastCheckedAt, timeZone)}.` : ''}
      </Text>
      {shipment.lastError ? (
        <Text size="xs" c="dimmed" mt={6}>
          Carrier answer: {shipment.lastError}
        </Text>
      ) : null}
    </Alert>
  );
}

function Loading() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading the shipment">
      <Skeleton height={72} radius="lg" />
      <div className={classes.body}>
        <Skeleton height={420} radius="lg" />
        <Skeleton height={260} radius="lg" />
      </div>
    </Stack>
  );
}

/** /shipment/ocean/:containerNo/:mblNo: one container's journey, ETA history and every event. */
export function OceanShipmentDetail({
  containerNo,
  mblNo,
  timeZone,
  tab,
  onTabChange,
}: OceanShipmentDetailProps) {
  const query = useOceanShipment(containerNo, mblNo);
  const archive = useArchiveOceanShipments();
  const favorite = useFavoriteOceanShipments();
  const shipment = query.data;

  const toggleArchived = async () => {
    if (!shipment) return;
    const archived = !shipment.archived;
    try {
      await archive.mutateAsync({ shipmentOverallIds: [shipment.shipmentOverallId], archived });
      notifications.show({
        color: 'teal',
        message: archived ? `Archived ${containerNo}` : `Moved ${containerNo} back to active`,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: archived ? 'Could not archive' : 'Could not move back to active',
        message: isApiError(error) ? error.message : 'Something went wrong. Please try again.',
      });
    }
  };

  const toggleFavorite = () => {
    if (!shipment) return;
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

  const header = (
    <ShipmentHeader
      containerNo={containerNo}
      mblNo={mblNo}
      timeZone={timeZone}
      shipment={shipment}
      loading={query.isPending}
      onToggleFavorite={toggleFavorite}
      onToggleArchived={() => void toggleArchived()}
      archiving={archive.isPending}
    />
  );

  if (query.isError && !shipment) {
    const notHere = isApiError(query.error) && query.error.status === 404;
    return (
      <>
        {header}
        {notHere ? (
          <EmptyState
            py={56}
            variant="light"
            color="gray"
            icon={<IconSearch size={26} stroke={1.75} />}
            title="This shipment is not tracked in this workspace"
            description={`No shipment with container ${containerNo} and bill of lading ${mblNo} is followed here. It may belong to another workspace, or the numbers in the link are wrong.`}
            data-testid="detail-not-found"
          >
            <EmptyState.Actions>
              <Button
                component={Link}
                to={paths.shipments.oceanActive}
                variant="default"
                leftSection={<IconArrowLeft size={16} />}
              >
                Back to the shipment list
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title="Could not load the shipment"
          >
            <Text size="sm" mb="xs">
              {isApiError(query.error) ? query.error.message : 'Something went wrong.'}
            </Text>
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
      </>
    );
  }

  if (!shipment) {
    return (
      <>
        {header}
        <Loading />
      </>
    );
  }

  return (
    <>
      {header}
      {shipment.state === 'pending' ? <Fetching shipment={shipment} /> : null}
      {shipment.state === 'not_found' ? <NotFoundAtCarrier shipment={shipment} timeZone={timeZone} /> : null}
      {shipment.state !== 'pending' ? (
        <Paper withBorder radius="lg" className={classes.routeCard}>
          <RouteStrip shipment={shipment} timeZone={timeZone} />
        </Paper>
      ) : null}
      <Tabs
        value={tab}
        onChange={(value) => {
          if (value === 'milestones' || value === 'events') onTabChange(value);
        }}
        classNames={{ list: classes.tabList, tab: classes.tab }}
        mt="lg"
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="milestones">Milestones</Tabs.Tab>
          <Tabs.Tab value="events">
            Events <span className={classes.count}>{shipment.events.length}</span>
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="milestones" pt="lg">
          <div className={classes.body}>
            <Paper withBorder radius="lg" p="lg" component="section" aria-label="Journey">
              <MilestoneJourney shipment={shipment} timeZone={timeZone} />
            </Paper>
            <EtaHistory shipment={shipment} timeZone={timeZone} />
          </div>
        </Tabs.Panel>
        <Tabs.Panel value="events" pt="lg">
          <Paper
            withBorder
            radius="lg"
            component="section"
            aria-label="Events"
            className={classes.eventsCard}
          >
            <EventsTable shipment={shipment} timeZone={timeZone} />
          </Paper>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
