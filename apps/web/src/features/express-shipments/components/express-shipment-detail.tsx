import { Alert, Anchor, Loader, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconZoomQuestion } from '@tabler/icons-react';
import type { ExpressShipmentDetail as Detail } from '@tracklane/shared/express-shipments/express-shipments.schema';
import { Link } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useArchiveExpressShipments } from '../api/archive-express-shipments';
import { useFavoriteExpressShipments } from '../api/favorite-express-shipments';
import { useExpressShipment } from '../api/get-express-shipment';
import { parcelCarrierLabel } from '../utils/carriers';
import { DeliveryEstimateHistory } from './delivery-estimate-history';
import { DeliveryPanel } from './delivery-panel';
import classes from './express-shipment-detail.module.css';
import { ExpressShipmentHeader } from './express-shipment-header';
import { ParcelRoute } from './parcel-route';
import { ParcelTimeline } from './parcel-timeline';

interface ExpressShipmentDetailProps {
  expressOrderId: string;
  expressOrderNo: string;
  /** Validated by the page: the reader's own zone, or the link's (spec §9). */
  timeZone: string;
  /** shipmentPermission 0 (spec §6): may favourite and archive. */
  canChange: boolean;
}

function Fetching({ shipment, timeZone }: { shipment: Detail; timeZone: string }) {
  const carrier = parcelCarrierLabel(shipment.carrier, shipment.carrierName);
  return (
    <Paper withBorder radius="lg" p="xl" className={classes.stateCard} data-testid="detail-pending">
      <Loader size="sm" />
      {shipment.lastCheckedAt ? (
        <div>
          <Text fw={600}>Waiting for the first scan</Text>
          <Text size="sm" c="dimmed">
            {carrier} has nothing on {shipment.expressOrderNo} yet. Last asked{' '}
            {formatDateTime(shipment.lastCheckedAt, timeZone)}
            {shipment.nextCheckAt ? `; asked again ${formatDateTime(shipment.nextCheckAt, timeZone)}` : ''}.
          </Text>
        </div>
      ) : (
        <div>
          <Text fw={600}>Fetching carrier data…</Text>
          <Text size="sm" c="dimmed">
            The first check with {carrier} is running. This page updates by itself in a few seconds.
          </Text>
        </div>
      )}
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
      title="The carrier does not know this parcel yet"
      className={classes.stateAlert}
      data-testid="detail-not-found-at-carrier"
    >
      <Text size="sm">
        {parcelCarrierLabel(shipment.carrier, shipment.carrierName)} has no scans for{' '}
        {shipment.expressOrderNo}. Check the number and the carrier; if they are right, the carrier may not
        have received the parcel yet. Tracklane keeps asking once a day.
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
    <Stack gap="md" aria-busy="true" aria-label="Loading the parcel">
      <Skeleton height={18} width={160} radius="sm" />
      <Skeleton height={36} width={320} maw="100%" radius="sm" />
      <Skeleton height={96} radius="lg" mt="md" />
      <div className={classes.body}>
        <Skeleton height={380} radius="lg" />
        <Skeleton height={260} radius="lg" />
      </div>
    </Stack>
  );
}

/**
 * /shipment/truck/express/:expressOrderId/:expressOrderNo: one parcel's status, route, delivery and its
 * estimates, and every scan. A parcel this workspace does not follow is the not-found page: nothing
 * here may look as if it existed.
 */
export function ExpressShipmentDetail({
  expressOrderId,
  expressOrderNo,
  timeZone,
  canChange,
}: ExpressShipmentDetailProps) {
  const query = useExpressShipment(expressOrderId, expressOrderNo);
  const archive = useArchiveExpressShipments();
  const favorite = useFavoriteExpressShipments();
  const shipment = query.data;

  if (query.isError && !shipment) {
    // A path the server cannot read (400) names no parcel either.
    if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 400)) {
      return <NotFound homeHref={paths.shipments.groundActive} homeLabel="Back to ground shipments" />;
    }
    return (
      <>
        <Anchor
          component={Link}
          to={paths.shipments.groundActive}
          size="sm"
          c="dimmed"
          className={classes.back}
        >
          <IconArrowLeft size={14} /> Ground shipments
        </Anchor>
        <Title order={1} className={classes.title} mb="lg">
          Ground shipment
        </Title>
        <QueryErrorAlert
          title="Could not load the parcel"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }

  if (!shipment) return <Loading />;

  const toggleArchived = async () => {
    const archived = !shipment.archived;
    try {
      await archive.mutateAsync({ expressOrderIds: [shipment.expressOrderId], archived });
      notifications.show({
        color: 'teal',
        message: archived
          ? `Archived ${shipment.expressOrderNo}`
          : `Moved ${shipment.expressOrderNo} back to active`,
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
    favorite.mutate(
      { expressOrderIds: [shipment.expressOrderId], favorite: !shipment.favorite },
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

  return (
    <>
      <ExpressShipmentHeader
        shipment={shipment}
        timeZone={timeZone}
        canChange={canChange}
        onToggleFavorite={toggleFavorite}
        onToggleArchived={() => void toggleArchived()}
        archiving={archive.isPending}
      />
      {shipment.state === 'pending' ? <Fetching shipment={shipment} timeZone={timeZone} /> : null}
      {shipment.state === 'not_found' ? <NotFoundAtCarrier shipment={shipment} timeZone={timeZone} /> : null}
      {shipment.state !== 'pending' ? (
        <Paper withBorder radius="lg" className={classes.routeCard}>
          <ParcelRoute shipment={shipment} timeZone={timeZone} />
        </Paper>
      ) : null}
      <div className={classes.body}>
        <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="timeline-title">
          <Text id="timeline-title" size="sm" fw={650} mb="md">
            Scans{' '}
            <span className={classes.count}>
              {shipment.events.filter((e) => e.classifier === 'ACT').length}
            </span>
          </Text>
          <ParcelTimeline shipment={shipment} timeZone={timeZone} />
        </Paper>
        <Stack gap="lg" className={classes.side}>
          <DeliveryPanel shipment={shipment} timeZone={timeZone} />
          <DeliveryEstimateHistory shipment={shipment} timeZone={timeZone} />
        </Stack>
      </div>
    </>
  );
}
