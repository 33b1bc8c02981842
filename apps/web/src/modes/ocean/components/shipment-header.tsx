import type { ReactNode } from 'react';
import { Group, Text, Tooltip } from '@mantine/core';
import type { OceanTrackingDetail } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { CopyIdentifier } from '../../../components/copy-identifier';
import { DetailFact, DetailFacts, DetailHeader } from '../../../components/detail-header';
import { paths } from '../../../config/paths';
import { carrierLabel } from '../utils/carriers';
import { isDemo, OCEAN_DEMO_EXPLANATION, sourceLabel, statusLook } from '../utils/status';
import classes from './ocean-shipment-detail.module.css';

interface ShipmentHeaderProps {
  containerNo: string;
  mblNo: string;
  timeZone: string;
  /** Undefined while loading or when the shipment cannot be shown: the identifiers still are. */
  shipment: OceanTrackingDetail | undefined;
  /** shipmentPermission 0: the archive action shows. */
  canChange: boolean;
  /** The workspace's own shipment (not a share): the reader may star it for themselves. */
  canStar: boolean;
  /** The first answer is on its way: placeholders where its facts will be. */
  loading: boolean;
  onToggleFavorite: () => void;
  onToggleArchived: () => void;
  archiving: boolean;
  /** Another way back (a shared shipment goes back to shared history). */
  back?: { href: string; label: string } | undefined;
  extraActions?: ReactNode;
}

/** Who the shipment is (container, MBL, carrier), where it is, and the actions on it. */
export function ShipmentHeader(props: ShipmentHeaderProps) {
  const { containerNo, mblNo, timeZone, shipment } = props;
  // A container a booking named before its bill of lading was known (ADR 0037).
  const booking = shipment?.referenceKind === 'booking';

  return (
    <DetailHeader
      documentTitle={`${containerNo} · Ocean shipment · Tracklane`}
      extraActions={props.extraActions}
      back={
        props.back ??
        (shipment?.archived
          ? { href: paths.shipments.oceanArchived, label: 'Archived shipments' }
          : { href: paths.shipments.oceanActive, label: 'Active shipments' })
      }
      kind="Container"
      number={containerNo}
      numberName="container number"
      status={shipment ? { look: statusLook(shipment), pending: shipment.state === 'pending' } : undefined}
      demoExplanation={shipment && isDemo(shipment) ? OCEAN_DEMO_EXPLANATION : undefined}
      subline={
        <Group gap={6} mt={4} wrap="wrap" className={classes.subline}>
          <Text span size="sm" c="dimmed">
            {booking ? 'Booking' : 'MBL'}
          </Text>
          <Text span size="sm" className={classes.mono} c="gray.8">
            {mblNo}
          </Text>
          <CopyIdentifier value={mblNo} what={booking ? 'booking number' : 'bill of lading number'} />
          {shipment ? (
            <>
              <span className={classes.dotSeparator} aria-hidden>
                ·
              </span>
              <Tooltip
                label={`${shipment.carrierName ?? shipment.carrierScac} · SCAC ${shipment.carrierScac}`}
              >
                <Text span size="sm" c="gray.8">
                  {carrierLabel(shipment.carrierScac, shipment.carrierName)}{' '}
                  <span className={classes.monoSmall}>{shipment.carrierScac}</span>
                </Text>
              </Tooltip>
            </>
          ) : null}
        </Group>
      }
      favorite={
        shipment && props.canStar ? { favorite: shipment.favorite, onToggle: props.onToggleFavorite } : null
      }
      actions={
        shipment && props.canChange
          ? {
              archived: shipment.archived,
              onToggleArchived: props.onToggleArchived,
              archiving: props.archiving,
            }
          : null
      }
      facts={
        <DetailFacts
          timeZone={timeZone}
          checks={
            shipment
              ? {
                  lastCheckedAt: shipment.lastCheckedAt,
                  nextCheckAt: shipment.nextCheckAt,
                  sourceLabel: sourceLabel(shipment.source),
                }
              : undefined
          }
          loading={props.loading}
        >
          {shipment ? (
            <DetailFact label="Vessel / voyage">
              {shipment.vessel ? (
                <>
                  {shipment.vessel.name}
                  {shipment.vessel.voyage ? (
                    <span className={classes.monoSmall}> / {shipment.vessel.voyage}</span>
                  ) : null}
                  {shipment.vessel.imo ? (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      IMO {shipment.vessel.imo}
                    </Text>
                  ) : null}
                </>
              ) : (
                <Text span c="dimmed">
                  Not known yet
                </Text>
              )}
            </DetailFact>
          ) : null}
        </DetailFacts>
      }
    />
  );
}
