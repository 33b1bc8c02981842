import { Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { NO_SOURCE_STATE } from '@tracklane/shared/tracking/no-connection';
import { NoConnectionAlert } from '../../../components/no-connection';
import { ShipmentCustomFieldsPanel } from '../../../components/shipment-custom-fields';
import { ShipmentReferencesPanel } from '../../../components/shipment-references';
import { ShipmentTags } from '../../../components/shipment-tags';
import type { ExpressShipmentDetail as Detail } from '@tracklane/shared/tracking/express/express-shipments.schema';
import type { ReactNode } from 'react';
import { DetailBackLink, type SharedDetailSource } from '../../../components/detail-header';
import detail from '../../../components/detail-page.module.css';
import {
  DetailCarrierNotFound,
  DetailLoadError,
  DetailLoading,
  DetailPendingCard,
} from '../../../components/detail-states';
import { NotFound } from '../../../components/not-found';
import { EXPRESS_PATHS } from '../paths';
import { formatDateTime } from '../../../lib/dates';
import { archiveWithNotice } from '../../../lib/detail-actions';
import { notifyFavoriteFailed } from '../../../shipment-list/use-list-actions';
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

export const EXPRESS_DETAIL_TABS = ['tracking', 'documents', 'comments'] as const;
export type ExpressDetailTab = (typeof EXPRESS_DETAIL_TABS)[number];

interface ExpressShipmentDetailProps {
  expressOrderId: string;
  expressOrderNo: string;
  /** Validated by the page: the reader's own zone, or the link's (spec §9). */
  timeZone: string;
  /** shipmentPermission 0 (spec §6): may archive. Anyone who sees it may star it for themselves. */
  canChange: boolean;
  /** The tab shown; without `renderComments` (a shipment shared with the reader) there are no tabs. */
  tab?: ExpressDetailTab;
  onTabChange?: (tab: ExpressDetailTab) => void;
  /**
   * The Comments tab's content, composed by the page (comments are a feature of their own, and the
   * workspace's own: a shared view has none).
   */
  renderComments?: (shipment: Detail) => ReactNode;
  /** The Documents tab's content, composed by the page like the comments (the workspace's own only). */
  renderDocuments?: (shipment: Detail) => ReactNode;
  /** A parcel shared with the reader: the page's data, read-only, back to shared history. */
  shared?: SharedDetailSource<Detail>;
  /** Actions beside favourite and archive (Share), composed by the page. */
  extraActions?: ReactNode;
  /** When this workspace does not track the parcel: where else the user can open it (the page composes it). */
  elsewhere?: ReactNode;
}

function Fetching({ shipment, timeZone }: { shipment: Detail; timeZone: string }) {
  const carrier = parcelCarrierLabel(shipment.carrier, shipment.carrierName);
  if (shipment.lastCheckedAt) {
    return (
      <DetailPendingCard title="Waiting for the first scan">
        {carrier} has nothing on {shipment.expressOrderNo} yet. Last asked{' '}
        {formatDateTime(shipment.lastCheckedAt, timeZone)}
        {shipment.nextCheckAt ? `; asked again ${formatDateTime(shipment.nextCheckAt, timeZone)}` : ''}.
      </DetailPendingCard>
    );
  }
  return (
    <DetailPendingCard title="Fetching carrier data…">
      The first check with {carrier} is running. This page updates by itself in a few seconds.
    </DetailPendingCard>
  );
}

function NotFoundAtCarrier({ shipment, timeZone }: { shipment: Detail; timeZone: string }) {
  return (
    <DetailCarrierNotFound
      title="The carrier does not know this parcel yet"
      lastError={shipment.lastError}
      mb="lg"
    >
      {parcelCarrierLabel(shipment.carrier, shipment.carrierName)} has no scans for {shipment.expressOrderNo}.
      Check the number and the carrier; if they are right, the carrier may not have received the parcel yet.
      Tracklane keeps asking once a day.
      {shipment.lastCheckedAt ? ` Last asked ${formatDateTime(shipment.lastCheckedAt, timeZone)}.` : ''}
    </DetailCarrierNotFound>
  );
}

function Loading() {
  return (
    <DetailLoading
      label="Loading the parcel"
      head={
        <>
          <Skeleton height={18} width={160} radius="sm" />
          <Skeleton height={36} width={320} maw="100%" radius="sm" />
          <Skeleton height={96} radius="lg" mt="md" />
        </>
      }
      mainHeight={380}
    />
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
  canChange: mayChange,
  tab = 'tracking',
  onTabChange,
  renderComments,
  renderDocuments,
  shared,
  extraActions,
  elsewhere,
}: ExpressShipmentDetailProps) {
  const own = useExpressShipment(expressOrderId, expressOrderNo, !shared);
  const query = shared?.query ?? own;
  const canChange = mayChange && !shared;
  const archive = useArchiveExpressShipments();
  const favorite = useFavoriteExpressShipments();
  const shipment = query.data;

  if (query.isError && !shipment) {
    return (
      <DetailLoadError
        error={query.error}
        title="Could not load the parcel"
        onRetry={() => void query.refetch()}
        // A path the server cannot read (400) names no parcel either.
        notFoundStatuses={[404, 400]}
        notFound={
          <NotFound homeHref={EXPRESS_PATHS.lists.active} homeLabel="Back to ground shipments">
            {elsewhere}
          </NotFound>
        }
        heading={
          <>
            <DetailBackLink href={EXPRESS_PATHS.lists.active} label="Ground shipments" />
            <Title order={1} className={detail.title} mb="lg">
              Ground shipment
            </Title>
          </>
        }
      />
    );
  }

  if (!shipment) return <Loading />;

  const toggleArchived = async () => {
    const archived = !shipment.archived;
    await archiveWithNotice(shipment.expressOrderNo, archived, () =>
      archive.mutateAsync({ expressOrderIds: [shipment.expressOrderId], archived }),
    );
  };

  const toggleFavorite = () => {
    favorite.mutate(
      { ids: [shipment.expressOrderId], favorite: !shipment.favorite },
      { onError: notifyFavoriteFailed },
    );
  };

  const tracking = (
    <div className={detail.body}>
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="timeline-title">
        <Text id="timeline-title" size="sm" fw={650} mb="md">
          Scans{' '}
          <span className={detail.count}>{shipment.events.filter((e) => e.classifier === 'ACT').length}</span>
        </Text>
        <ParcelTimeline shipment={shipment} timeZone={timeZone} />
      </Paper>
      <Stack gap="lg" className={classes.side}>
        <DeliveryPanel shipment={shipment} timeZone={timeZone} />
        <DeliveryEstimateHistory shipment={shipment} timeZone={timeZone} />
      </Stack>
    </div>
  );

  return (
    <>
      <ExpressShipmentHeader
        shipment={shipment}
        timeZone={timeZone}
        canChange={canChange}
        canStar={!shared}
        onToggleFavorite={toggleFavorite}
        onToggleArchived={() => void toggleArchived()}
        archiving={archive.isPending}
        back={shared?.back}
        extraActions={extraActions}
      />
      {/* The workspace's own labels: never on a parcel shared with the reader. */}
      {shared ? null : (
        <ShipmentTags
          mode="express"
          shipmentId={shipment.expressOrderId}
          tags={shipment.tags}
          canEdit={canChange}
        />
      )}
      {shared ? null : (
        <ShipmentReferencesPanel mode="express" shipmentId={shipment.expressOrderId} canEdit={canChange} />
      )}
      {shared ? null : (
        <ShipmentCustomFieldsPanel mode="express" shipmentId={shipment.expressOrderId} canEdit={canChange} />
      )}
      {shipment.state === 'pending' ? <Fetching shipment={shipment} timeZone={timeZone} /> : null}
      {shipment.state === 'not_found' ? <NotFoundAtCarrier shipment={shipment} timeZone={timeZone} /> : null}
      {shipment.state === NO_SOURCE_STATE ? (
        <NoConnectionAlert
          carrierName={parcelCarrierLabel(shipment.carrier, shipment.carrierName)}
          shared={Boolean(shared)}
          what="parcel"
        />
      ) : null}
      {shipment.state !== 'pending' ? (
        <Paper withBorder radius="lg" className={classes.routeCard}>
          <ParcelRoute shipment={shipment} timeZone={timeZone} />
        </Paper>
      ) : null}
      {renderComments ? (
        <Tabs
          value={tab === 'documents' && !renderDocuments ? 'tracking' : tab}
          onChange={(value) => {
            if ((EXPRESS_DETAIL_TABS as readonly (string | null)[]).includes(value))
              onTabChange?.(value as ExpressDetailTab);
          }}
          classNames={{ list: classes.tabList, tab: classes.tab }}
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="tracking">Tracking</Tabs.Tab>
            {renderDocuments ? <Tabs.Tab value="documents">Documents</Tabs.Tab> : null}
            <Tabs.Tab value="comments">Comments</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="tracking" pt="lg">
            {tracking}
          </Tabs.Panel>
          {renderDocuments ? (
            <Tabs.Panel value="documents" pt="lg">
              {renderDocuments(shipment)}
            </Tabs.Panel>
          ) : null}
          <Tabs.Panel value="comments" pt="lg">
            {renderComments(shipment)}
          </Tabs.Panel>
        </Tabs>
      ) : (
        tracking
      )}
    </>
  );
}
