import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import type { ExpressShipmentDetail } from '@tracklane/shared/tracking/express/express-shipments.schema';
import { DetailFacts, DetailHeader } from '../../../components/detail-header';
import { paths } from '../../../config/paths';
import { parcelCarrierLabel } from '../utils/carriers';
import { EXPRESS_DEMO_EXPLANATION, isDemo, parcelStatusLook, sourceLabel } from '../utils/parcel-status';

interface ExpressShipmentHeaderProps {
  shipment: ExpressShipmentDetail;
  timeZone: string;
  /** shipmentPermission 0: the archive action shows. */
  canChange: boolean;
  /** The workspace's own parcel (not a share): the reader may star it for themselves. */
  canStar: boolean;
  onToggleFavorite: () => void;
  onToggleArchived: () => void;
  archiving: boolean;
  /** Another way back (a shared parcel goes back to shared history). */
  back?: { href: string; label: string } | undefined;
  extraActions?: ReactNode;
}

/** Which parcel this is (number, carrier, service), whether it is demo data, and the actions on it. */
export function ExpressShipmentHeader(props: ExpressShipmentHeaderProps) {
  const { shipment, timeZone, canChange } = props;
  const number = shipment.expressOrderNo;

  return (
    <DetailHeader
      documentTitle={`${number} · Ground shipment · Tracklane`}
      extraActions={props.extraActions}
      back={
        props.back ??
        (shipment.archived
          ? { href: paths.shipments.groundArchived, label: 'Archived ground shipments' }
          : { href: paths.shipments.groundActive, label: 'Ground shipments' })
      }
      kind="Parcel"
      number={number}
      numberName="tracking number"
      status={{ look: parcelStatusLook(shipment), pending: shipment.state === 'pending' }}
      demoExplanation={isDemo(shipment) ? EXPRESS_DEMO_EXPLANATION : undefined}
      subline={
        <Text size="sm" c="gray.8" mt={4} data-testid="carrier-service">
          {parcelCarrierLabel(shipment.carrier, shipment.carrierName)}
          {shipment.service ? (
            <Text span size="sm" c="dimmed">
              {' '}
              · {shipment.service}
            </Text>
          ) : null}
        </Text>
      }
      favorite={props.canStar ? { favorite: shipment.favorite, onToggle: props.onToggleFavorite } : null}
      actions={
        canChange
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
          checks={{
            lastCheckedAt: shipment.lastCheckedAt,
            nextCheckAt: shipment.nextCheckAt,
            sourceLabel: sourceLabel(shipment.source),
          }}
        />
      }
    />
  );
}
