import { Button, EmptyState, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import type {
  OceanShipmentDetail as Detail,
  OceanTrackingDetail,
} from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { NO_SOURCE_STATE } from '@tracklane/shared/tracking/no-connection';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { SharedDetailSource } from '../../../components/detail-header';
import { NoConnectionAlert } from '../../../components/no-connection';
import { ShipmentCustomFieldsPanel } from '../../../components/shipment-custom-fields';
import { ShipmentReferencesPanel } from '../../../components/shipment-references';
import { ShipmentTags } from '../../../components/shipment-tags';
import detail from '../../../components/detail-page.module.css';
import {
  DetailCarrierNotFound,
  DetailLoadError,
  DetailLoading,
  DetailPendingCard,
} from '../../../components/detail-states';
import { OCEAN_PATHS } from '../paths';
import { formatDateTime } from '../../../lib/dates';
import { archiveWithNotice } from '../../../lib/detail-actions';
import { notifyFavoriteFailed } from '../../../shipment-list/use-list-actions';
import { useArchiveOceanShipments } from '../api/archive-ocean-shipments';
import { useFavoriteOceanShipments } from '../api/favorite-ocean-shipments';
import { useOceanShipment } from '../api/get-ocean-shipment';
import { carrierLabel } from '../utils/carriers';
import { oceanDetailHref } from '../utils/detail-href';
import { groupEventVersions } from '../utils/event-versions';
import { ArrivalEstimatesSection } from './arrival-estimates';
import { EtaHistory } from './eta-history';
import { RollNotice } from './roll-notice';
import { EventsTable } from './events-table';
import { MilestoneJourney } from './milestone-journey';
import { BillContainers } from './ocean-bills';
import classes from './ocean-shipment-detail.module.css';
import { RouteStrip } from './route-strip';
import { ShipmentHeader } from './shipment-header';
import { TerminalAvailabilitySection } from './terminal-availability';

// The map (d3-geo, the world's outlines) comes after the page's first paint, never with the page.
const ShipmentMap = lazy(() => import('../../../components/shipment-map'));

export const DETAIL_TABS = ['milestones', 'events', 'documents', 'comments'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

interface OceanShipmentDetailProps {
  containerNo: string;
  mblNo: string;
  /** Validated by the page: the `timeZone` parameter, else the reader's own (spec §2, §9). */
  timeZone: string;
  tab: DetailTab;
  onTabChange: (tab: DetailTab) => void;
  /** shipmentPermission 0: the archive action shows. Anyone who sees it may star it for themselves. */
  canChange: boolean;
  /**
   * The Comments tab's content, composed by the page (comments are a feature of their own, and the
   * workspace's own: a shipment shared with the reader shows no Comments tab).
   */
  renderComments?: (shipment: Detail) => ReactNode;
  /** The Documents tab's content, composed by the page like the comments (the workspace's own only). */
  renderDocuments?: (shipment: Detail) => ReactNode;
  /**
   * A shipment shared with the reader: the page's data, read-only, back to shared history. It carries
   * no money (the sharer's demurrage and detention), so `aside` and `renderComments` never draw it.
   */
  shared?: SharedDetailSource<OceanTrackingDetail>;
  /** Actions beside favourite and archive (Share), composed by the page. */
  extraActions?: ReactNode;
  /** Shown beside the journey, under the ETA history (the page composes it: demurrage and detention). */
  aside?: (shipment: Detail) => ReactNode;
  /** When this workspace does not track it: where else the user can open it (the page composes it). */
  elsewhere?: ReactNode;
}

function Fetching({ shipment }: { shipment: OceanTrackingDetail }) {
  return (
    <DetailPendingCard title="Fetching carrier data…">
      The first check with {carrierLabel(shipment.carrierScac, shipment.carrierName)} is running. This page
      updates by itself in a few seconds.
    </DetailPendingCard>
  );
}

function NotFoundAtCarrier({ shipment, timeZone }: { shipment: OceanTrackingDetail; timeZone: string }) {
  return (
    <DetailCarrierNotFound
      title="The carrier does not know this container yet"
      lastError={shipment.lastError}
    >
      {carrierLabel(shipment.carrierScac, shipment.carrierName)} has no events for {shipment.containerNo} on
      bill of lading {shipment.mblNo}. Check both numbers and the carrier; if they are right, the carrier may
      not have published the booking yet.
      {shipment.lastCheckedAt ? ` Last asked ${formatDateTime(shipment.lastCheckedAt, timeZone)}.` : ''}
    </DetailCarrierNotFound>
  );
}

/** /shipment/ocean/:containerNo/:mblNo: one container's journey, ETA history and every event. */
export function OceanShipmentDetail({
  containerNo,
  mblNo,
  timeZone,
  tab,
  onTabChange,
  canChange: mayChange,
  renderComments,
  renderDocuments,
  shared,
  extraActions,
  aside,
  elsewhere,
}: OceanShipmentDetailProps) {
  const own = useOceanShipment(containerNo, mblNo, !shared);
  const query = shared?.query ?? own;
  const canChange = mayChange && !shared;
  const archive = useArchiveOceanShipments();
  const favorite = useFavoriteOceanShipments();
  const shipment: OceanTrackingDetail | undefined = query.data;
  // The workspace's own shipment, with its money: what the page's aside and comments are drawn from.
  const ownShipment = shared ? undefined : own.data;

  const toggleArchived = async () => {
    if (!shipment) return;
    const archived = !shipment.archived;
    await archiveWithNotice(containerNo, archived, () =>
      archive.mutateAsync({ shipmentOverallIds: [shipment.shipmentOverallId], archived }),
    );
  };

  const toggleFavorite = () => {
    if (!shipment) return;
    favorite.mutate(
      { ids: [shipment.shipmentOverallId], favorite: !shipment.favorite },
      { onError: notifyFavoriteFailed },
    );
  };

  const header = (
    <ShipmentHeader
      containerNo={containerNo}
      mblNo={mblNo}
      timeZone={timeZone}
      shipment={shipment}
      canChange={canChange}
      canStar={!shared}
      loading={query.isPending}
      onToggleFavorite={toggleFavorite}
      onToggleArchived={() => void toggleArchived()}
      archiving={archive.isPending}
      back={shared?.back}
      extraActions={extraActions}
    />
  );

  if (query.isError && !shipment) {
    return (
      <>
        {header}
        <DetailLoadError
          error={query.error}
          title="Could not load the shipment"
          onRetry={() => void query.refetch()}
          notFound={
            <EmptyState
              py={56}
              variant="light"
              color="gray"
              icon={<IconSearch size={26} stroke={1.75} />}
              title="This shipment is not tracked in this workspace"
              description={`No shipment with container ${containerNo} and bill of lading ${mblNo} is followed here. It may belong to another workspace, or the numbers in the link are wrong.`}
              data-testid="detail-not-found"
            >
              {elsewhere}
              <EmptyState.Actions>
                <Button
                  component={Link}
                  to={OCEAN_PATHS.lists.active}
                  variant="default"
                  leftSection={<IconArrowLeft size={16} />}
                >
                  Back to the shipment list
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          }
        />
      </>
    );
  }

  if (!shipment) {
    return (
      <>
        {header}
        <DetailLoading
          label="Loading the shipment"
          head={<Skeleton height={72} radius="lg" />}
          mainHeight={420}
        />
      </>
    );
  }

  return (
    <>
      {header}
      {/* The workspace's own labels: never on a shipment shared with the reader. */}
      {shared ? null : (
        <ShipmentTags
          mode="ocean"
          shipmentId={shipment.shipmentOverallId}
          tags={shipment.tags}
          canEdit={canChange}
        />
      )}
      {shared ? null : (
        <ShipmentReferencesPanel mode="ocean" shipmentId={shipment.shipmentOverallId} canEdit={canChange} />
      )}
      {shared ? null : (
        <ShipmentCustomFieldsPanel mode="ocean" shipmentId={shipment.shipmentOverallId} canEdit={canChange} />
      )}
      {shipment.state === 'pending' ? <Fetching shipment={shipment} /> : null}
      {shipment.state === 'not_found' ? <NotFoundAtCarrier shipment={shipment} timeZone={timeZone} /> : null}
      {shipment.state === NO_SOURCE_STATE ? (
        <NoConnectionAlert
          carrierName={carrierLabel(shipment.carrierScac, shipment.carrierName)}
          shared={Boolean(shared)}
          what="container"
        />
      ) : null}
      {shipment.state !== 'pending' ? (
        <Paper withBorder radius="lg" className={classes.routeCard}>
          <RouteStrip shipment={shipment} timeZone={timeZone} />
        </Paper>
      ) : null}
      {/* The workspace's own bill: never on a shipment shared with the reader. */}
      {ownShipment?.bill ? (
        <BillContainers bill={ownShipment.bill} containerNo={shipment.containerNo} timeZone={timeZone} />
      ) : null}
      <Tabs
        // Without a Comments tab (a shared shipment), ?tab=comments shows the milestones.
        value={
          (tab === 'comments' && !renderComments) || (tab === 'documents' && !renderDocuments)
            ? 'milestones'
            : tab
        }
        onChange={(value) => {
          if ((DETAIL_TABS as readonly (string | null)[]).includes(value)) onTabChange(value as DetailTab);
        }}
        classNames={{ list: classes.tabList, tab: classes.tab }}
        mt="lg"
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="milestones">Milestones</Tabs.Tab>
          <Tabs.Tab value="events">
            Events <span className={detail.count}>{groupEventVersions(shipment.events).length}</span>
          </Tabs.Tab>
          {renderDocuments ? <Tabs.Tab value="documents">Documents</Tabs.Tab> : null}
          {renderComments ? <Tabs.Tab value="comments">Comments</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="milestones" pt="lg">
          <RollNotice shipment={shipment} timeZone={timeZone} />
          <div className={detail.body}>
            <Paper withBorder radius="lg" p="lg" component="section" aria-label="Journey">
              <MilestoneJourney shipment={shipment} timeZone={timeZone} />
            </Paper>
            <Stack gap="lg">
              <Paper withBorder radius="lg" p="md" component="section" aria-label="Map">
                <Text fw={600} size="sm" mb="xs">
                  Where it is now
                </Text>
                <Suspense fallback={<Skeleton className={classes.mapLoading} aria-label="Loading the map" />}>
                  <ShipmentMap
                    shipments={[
                      {
                        item: { id: shipment.shipmentOverallId, identifier: shipment.containerNo },
                        map: shipment.map,
                      },
                    ]}
                    hrefOf={() => oceanDetailHref(shipment, timeZone)}
                  />
                </Suspense>
              </Paper>
              {/* The organization's own terminal answer: never on a shipment shared with the reader. */}
              {ownShipment?.terminal ? (
                <TerminalAvailabilitySection terminal={ownShipment.terminal} timeZone={timeZone} />
              ) : null}
              {/* The organization's measured accuracy: never on a shipment shared with the reader. */}
              {ownShipment?.arrivalEstimates ? (
                <ArrivalEstimatesSection
                  shipmentId={ownShipment.shipmentOverallId}
                  estimates={ownShipment.arrivalEstimates}
                  timeZone={timeZone}
                  arrived={Boolean(ownShipment.arrivalVO.ata)}
                  canChange={canChange}
                />
              ) : null}
              <EtaHistory shipment={shipment} timeZone={timeZone} />
              {ownShipment ? aside?.(ownShipment) : null}
            </Stack>
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
        {renderDocuments && ownShipment ? (
          <Tabs.Panel value="documents" pt="lg">
            {renderDocuments(ownShipment)}
          </Tabs.Panel>
        ) : null}
        {renderComments && ownShipment ? (
          <Tabs.Panel value="comments" pt="lg">
            {renderComments(ownShipment)}
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </>
  );
}
