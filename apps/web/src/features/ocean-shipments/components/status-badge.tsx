import { Badge, Loader } from '@mantine/core';
import type { OceanShipment } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { statusLook } from '../utils/status';
import classes from './status-badge.module.css';

/** The shipment's status as a coloured badge that always says it in words. */
export function StatusBadge({
  shipment,
  size = 'md',
}: {
  shipment: Pick<OceanShipment, 'state' | 'status'>;
  size?: 'sm' | 'md' | 'lg';
}) {
  const look = statusLook(shipment);
  const pending = shipment.state === 'pending';
  return (
    <Badge
      size={size}
      variant="light"
      color={look.color}
      radius="sm"
      className={classes.badge}
      leftSection={
        pending ? (
          <Loader size={8} color="gray" type="oval" aria-hidden />
        ) : (
          <span className={classes.dot} aria-hidden />
        )
      }
      data-testid="status-badge"
    >
      {look.label}
    </Badge>
  );
}
