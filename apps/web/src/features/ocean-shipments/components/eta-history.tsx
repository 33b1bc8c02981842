import { Badge, Text } from '@mantine/core';
import type { OceanShipmentDetail } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { formatDateTime } from '../../../lib/dates';
import { formatShift, shiftMinutes } from '../../../lib/duration';
import { etaSlip } from '../utils/journey';
import classes from './ocean-shipment-detail.module.css';

function ShiftBadge({ from, to }: { from: string; to: string }) {
  const minutes = shiftMinutes(from, to);
  if (minutes === 0) return null;
  return (
    <Badge
      size="sm"
      radius="sm"
      variant="light"
      color={minutes > 0 ? 'orange' : 'teal'}
      className={classes.slipBadge}
    >
      {formatShift(from, to)}
    </Badge>
  );
}

/**
 * Every ETA the carrier announced for the port of discharge, newest first, with when it was announced and
 * how far it moved; the summary says how far arrival slipped against the first estimate.
 */
export function EtaHistory({ shipment, timeZone }: { shipment: OceanShipmentDetail; timeZone: string }) {
  const history = shipment.etaHistory;
  const slip = etaSlip(shipment);
  const pod = shipment.pod ? (shipment.pod.name ?? shipment.pod.locode) : 'the port of discharge';

  return (
    <section className={classes.sideCard} aria-labelledby="eta-history-title" data-testid="eta-history">
      <Text id="eta-history-title" size="sm" fw={650}>
        ETA history
      </Text>
      <Text size="xs" c="dimmed" mb="sm">
        Arrival at {pod}, as announced by the carrier
      </Text>
      {slip ? (
        <div
          className={classes.slipSummary}
          data-slipped={shiftMinutes(slip.first, slip.latest) > 0 || undefined}
          data-testid="eta-slip-summary"
        >
          <Text size="sm" fw={600}>
            {shiftMinutes(slip.first, slip.latest) > 0
              ? `${slip.latestIsActual ? 'Arrived' : 'Running'} ${formatShift(slip.first, slip.latest).slice(1)} late`
              : `${slip.latestIsActual ? 'Arrived' : 'Running'} ${formatShift(slip.first, slip.latest).slice(1)} early`}
          </Text>
          <Text size="xs" c="dimmed">
            {formatShift(slip.first, slip.latest)} against the first ETA of{' '}
            {formatDateTime(slip.first, timeZone)}
          </Text>
        </div>
      ) : null}
      {history.length === 0 ? (
        <Text size="sm" c="dimmed">
          No estimate from the carrier yet.
        </Text>
      ) : (
        <ol className={classes.etaList}>
          {[...history].reverse().map((record, reversedIndex) => {
            const index = history.length - 1 - reversedIndex;
            const previous = history[index - 1];
            return (
              <li
                key={`${record.eta}-${record.recordedAt}`}
                className={classes.etaItem}
                data-testid="eta-record"
              >
                <div>
                  <span className={classes.timeEstimate}>EST: {formatDateTime(record.eta, timeZone)}</span>
                  <Text size="xs" c="dimmed" mt={2}>
                    {index === 0 ? 'First announced' : 'Announced'}{' '}
                    {formatDateTime(record.recordedAt, timeZone)}
                  </Text>
                </div>
                {previous ? <ShiftBadge from={previous.eta} to={record.eta} /> : null}
              </li>
            );
          })}
        </ol>
      )}
      {shipment.arrivalVO.ata ? (
        <div className={classes.etaActual}>
          <Text size="xs" c="dimmed">
            Actual arrival
          </Text>
          <span className={classes.timeActual}>{formatDateTime(shipment.arrivalVO.ata, timeZone)}</span>
        </div>
      ) : null}
    </section>
  );
}
