import { Badge, Loader } from '@mantine/core';
import type { ExpressShipment } from '@tracklane/shared/express-shipments/express-shipments.schema';
import { parcelStatusLook } from '../utils/parcel-status';
import classes from './express-shipment-detail.module.css';

/** The parcel's status as a coloured badge that always says it in words. */
export function ParcelStatusBadge({
  shipment,
  size = 'md',
}: {
  shipment: Pick<ExpressShipment, 'state' | 'status'>;
  size?: 'sm' | 'md' | 'lg';
}) {
  const look = parcelStatusLook(shipment);
  return (
    <Badge
      size={size}
      variant="light"
      color={look.color}
      radius="sm"
      className={classes.statusBadge}
      leftSection={
        shipment.state === 'pending' ? (
          <Loader size={8} color="gray" type="oval" aria-hidden />
        ) : (
          <span className={classes.statusDot} aria-hidden />
        )
      }
      data-testid="status-badge"
    >
      {look.label}
    </Badge>
  );
}
