import { Text } from '@mantine/core';
import type { ExpressShipmentDetail } from '@tracklane/shared/tracking/express/express-shipments.schema';
import detail from '../../../components/detail-page.module.css';
import { formatDateTime } from '../../../lib/dates';
import { placeLabel } from '../utils/parcel-place';
import classes from './express-shipment-detail.module.css';

interface Stop {
  key: string;
  label: string;
  place: string | null;
  /** What happened there, when it is known. */
  moment: string | null;
  reached: boolean;
}

/**
 * Origin → where the parcel was last scanned → destination, read left to right (top to bottom on a
 * phone). The middle stop shows only while the parcel is on its way.
 */
export function ParcelRoute({ shipment, timeZone }: { shipment: ExpressShipmentDetail; timeZone: string }) {
  const delivered = shipment.deliveredAt !== null;
  const stops: Stop[] = [
    {
      key: 'origin',
      label: 'Origin',
      place: placeLabel(shipment.origin),
      moment: shipment.pickedUpAt ? `Picked up ${formatDateTime(shipment.pickedUpAt, timeZone)}` : null,
      reached: shipment.pickedUpAt !== null || shipment.lastEventAt !== null,
    },
  ];
  if (!delivered && shipment.lastLocation) {
    stops.push({
      key: 'last-location',
      label: 'Last location',
      place: placeLabel(shipment.lastLocation),
      moment: shipment.lastEventAt ? `Scanned ${formatDateTime(shipment.lastEventAt, timeZone)}` : null,
      reached: true,
    });
  }
  stops.push({
    key: 'destination',
    label: 'Destination',
    place: placeLabel(shipment.destination),
    moment: shipment.deliveredAt
      ? `Delivered ${formatDateTime(shipment.deliveredAt, timeZone)}`
      : shipment.estimatedDelivery
        ? `EST: ${formatDateTime(shipment.estimatedDelivery, timeZone)}`
        : null,
    reached: delivered,
  });

  return (
    <ol className={classes.route} aria-label="Route">
      {stops.map((stop) => (
        <li
          key={stop.key}
          className={classes.routeStop}
          data-reached={stop.reached || undefined}
          data-testid="route-stop"
          data-stop={stop.key}
        >
          <span className={classes.routeDot} aria-hidden />
          <div className={classes.routeText}>
            <Text size="xs" c="dimmed" className={detail.factLabel}>
              {stop.label}
            </Text>
            <Text size="sm" fw={600} c={stop.place ? 'gray.9' : 'dimmed'}>
              {stop.place ?? 'Not given by the carrier'}
            </Text>
            {stop.moment ? (
              <Text size="xs" c="dimmed" className={classes.tabular}>
                {stop.moment}
              </Text>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
