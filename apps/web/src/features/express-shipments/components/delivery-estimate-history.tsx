import { Badge, Text } from '@mantine/core';
import type { ExpressShipmentDetail } from '@tracklane/shared/express-shipments/express-shipments.schema';
import { formatDateTime } from '../../../lib/dates';
import { formatShift, shiftMinutes } from '../../../lib/duration';
import { deliverySlip } from '../utils/delivery-slip';
import classes from './express-shipment-detail.module.css';

function ShiftBadge({ from, to }: { from: string; to: string }) {
  const minutes = shiftMinutes(from, to);
  if (minutes === 0) return null;
  return (
    <Badge
      size="sm"
      radius="sm"
      variant="light"
      color={minutes > 0 ? 'orange' : 'teal'}
      className={classes.plainBadge}
      data-testid="estimate-shift"
    >
      {formatShift(from, to)}
    </Badge>
  );
}

function SlipSummary({ shipment, timeZone }: { shipment: ExpressShipmentDetail; timeZone: string }) {
  const slip = deliverySlip(shipment);
  if (!slip) return null;
  const minutes = shiftMinutes(slip.first, slip.latest);
  const amount = formatShift(slip.first, slip.latest).slice(1);
  const headline =
    minutes === 0
      ? slip.latestIsActual
        ? 'Delivered as first announced'
        : 'On the first estimate'
      : `${slip.latestIsActual ? 'Delivered' : 'Running'} ${amount} ${minutes > 0 ? 'late' : 'early'}`;
  return (
    <div className={classes.slipSummary} data-slipped={minutes > 0 || undefined} data-testid="delivery-slip">
      <Text size="sm" fw={600}>
        {headline}
      </Text>
      <Text size="xs" c="dimmed">
        {minutes === 0 ? 'Against' : `${formatShift(slip.first, slip.latest)} against`} the first estimate of{' '}
        {formatDateTime(slip.first, timeZone)}
      </Text>
    </div>
  );
}

/**
 * Every delivery time the carrier announced, newest first, each with when it was announced and how far
 * it moved from the one before; the summary says how far delivery slipped against the first.
 */
export function DeliveryEstimateHistory({
  shipment,
  timeZone,
}: {
  shipment: ExpressShipmentDetail;
  timeZone: string;
}) {
  const history = shipment.estimatedDeliveryHistory;
  return (
    <section
      className={classes.sideCard}
      aria-labelledby="estimate-history-title"
      data-testid="estimate-history"
    >
      <Text id="estimate-history-title" size="sm" fw={650}>
        Estimated delivery history
      </Text>
      <Text size="xs" c="dimmed" mb="sm">
        As announced by the carrier
      </Text>
      <SlipSummary shipment={shipment} timeZone={timeZone} />
      {history.length === 0 ? (
        <Text size="sm" c="dimmed">
          No delivery estimate from the carrier yet.
        </Text>
      ) : (
        <ol className={classes.estimateList}>
          {history
            .map((record, index) => ({ record, index, previous: history[index - 1] }))
            .reverse()
            .map(({ record, index, previous }) => (
              <li
                key={`${record.estimatedDelivery}-${record.recordedAt}`}
                className={classes.estimateItem}
                data-testid="estimate-record"
              >
                <div>
                  <span className={classes.timeEstimate}>
                    EST: {formatDateTime(record.estimatedDelivery, timeZone)}
                  </span>
                  <Text size="xs" c="dimmed" mt={2}>
                    {index === 0 ? 'First announced' : 'Announced'}{' '}
                    {formatDateTime(record.recordedAt, timeZone)}
                  </Text>
                </div>
                {previous ? (
                  <ShiftBadge from={previous.estimatedDelivery} to={record.estimatedDelivery} />
                ) : null}
              </li>
            ))}
        </ol>
      )}
      {shipment.deliveredAt ? (
        <div className={classes.estimateActual}>
          <Text size="xs" c="dimmed">
            Delivered
          </Text>
          <span className={classes.timeActual}>{formatDateTime(shipment.deliveredAt, timeZone)}</span>
        </div>
      ) : null}
    </section>
  );
}
