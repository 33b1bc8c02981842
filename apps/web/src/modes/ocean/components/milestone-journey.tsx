import { Badge, Text, Tooltip } from '@mantine/core';
import type {
  OceanShipmentDetail,
  OceanTrackingDetail,
} from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { LAST_FREE_DAY_SOURCE_LABELS } from '@tracklane/shared/free-time/free-time.schema';
import { EstimateShift } from '../../../components/estimate-history';
import { formatDateTime, formatDay } from '../../../lib/dates';
import { etaSlip, journeyStops, lastActualIndex, type JourneyStop } from '../utils/journey';
import { lastFreeDayUrgency } from '../utils/shipment-dates';
import { MilestoneTime } from './milestone-time';
import classes from './ocean-shipment-detail.module.css';

const stateOf = (stop: JourneyStop) =>
  !stop.at ? 'missing' : stop.at.classifier === 'ACT' ? 'actual' : 'estimate';

const place = (stop: JourneyStop) =>
  stop.location ? `${stop.location.name ?? stop.location.locode} (${stop.location.locode})` : null;

function SlipBadge({ shipment, timeZone }: { shipment: OceanTrackingDetail; timeZone: string }) {
  const slip = etaSlip(shipment);
  if (!slip) return null;
  return (
    <Tooltip
      label={`First ETA ${formatDateTime(slip.first, timeZone)}; ${slip.latestIsActual ? 'arrived' : 'now expected'} ${formatDateTime(slip.latest, timeZone)}`}
      multiline
      w={260}
    >
      <EstimateShift from={slip.first} to={slip.latest} suffix="vs first ETA" data-testid="eta-slip" />
    </Tooltip>
  );
}

/**
 * Demurrage's last free day as the clocks count it (set by hand, the terminal's, the carrier's: ADR
 * 0039) and who gave it; the carrier's alone on a shipment shared with the reader (no free time).
 */
function demurrageDeadline(
  shipment: OceanTrackingDetail & Partial<Pick<OceanShipmentDetail, 'freeTime'>>,
  stop: JourneyStop,
): { day: string | null; source: string } | null {
  const demurrage = shipment.freeTime?.demurrage;
  const source = demurrage?.lastFreeDaySource;
  if (demurrage?.lastFreeDay && (source === 'manual' || source === 'terminal'))
    return { day: demurrage.lastFreeDay, source: LAST_FREE_DAY_SOURCE_LABELS[source] };
  return stop.at ? { day: null, source: LAST_FREE_DAY_SOURCE_LABELS.carrier } : null;
}

/**
 * The journey line (STYLE "milestones read at a glance"): from empty gate-out to empty return, what has
 * happened drawn solid up to where the container is now, what is expected outlined and marked EST:,
 * what nobody knows yet muted.
 */
export function MilestoneJourney({
  shipment,
  timeZone,
}: {
  /** With the workspace's free time when it is its own shipment; a shared one carries none. */
  shipment: OceanTrackingDetail & Partial<Pick<OceanShipmentDetail, 'freeTime'>>;
  timeZone: string;
}) {
  const stops = journeyStops(shipment);
  const current = lastActualIndex(stops);
  return (
    <ol className={classes.journey} aria-label="Journey milestones">
      {stops.map((stop, index) => {
        const deadline = stop.key === 'lastFreeDay' ? demurrageDeadline(shipment, stop) : null;
        const state = deadline?.day ? 'estimate' : stateOf(stop);
        const where = place(stop);
        const urgency =
          stop.key === 'lastFreeDay' && shipment.freeTime
            ? lastFreeDayUrgency({ freeTime: shipment.freeTime })
            : 'none';
        return (
          <li
            key={stop.key}
            className={classes.stop}
            data-state={state}
            data-kind={stop.kind}
            data-done={index <= current || undefined}
            data-current={index === current || undefined}
            data-testid="journey-stop"
            data-stop={stop.key}
          >
            <span className={classes.rail} aria-hidden>
              <span className={classes.node} />
            </span>
            <div className={classes.stopBody}>
              <div className={classes.stopTitle}>
                <Text span size="sm" fw={600} c={state === 'missing' ? 'gray.6' : 'gray.9'}>
                  {stop.label}
                </Text>
                {stop.kind === 'transshipment' && stop.location ? (
                  <Text span size="sm" fw={600} c="gray.9">
                    · {stop.location.name ?? stop.location.locode}
                  </Text>
                ) : null}
                {index === current ? (
                  <Badge size="xs" radius="sm" variant="filled" color="ocean" className={classes.nowBadge}>
                    Latest
                  </Badge>
                ) : null}
                {stop.key === 'arrival' ? <SlipBadge shipment={shipment} timeZone={timeZone} /> : null}
                {urgency !== 'none' ? (
                  <Badge
                    size="xs"
                    radius="sm"
                    variant="light"
                    color={urgency === 'passed' ? 'red' : 'orange'}
                  >
                    {urgency === 'passed' ? 'Passed' : 'Soon'}
                  </Badge>
                ) : null}
              </div>
              {where && stop.kind !== 'transshipment' ? (
                <Text size="xs" c="dimmed">
                  {where}
                  {deadline ? ` · ${deadline.source}` : ''}
                </Text>
              ) : null}
              {stop.legs ? (
                <dl className={classes.legs}>
                  {stop.legs.map((leg) => (
                    <div key={leg.label} className={classes.leg}>
                      <dt>{leg.label}</dt>
                      <dd>
                        <MilestoneTime at={leg.at} timeZone={timeZone} />
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : null}
            </div>
            {stop.legs ? null : (
              <div className={classes.stopTime}>
                {deadline?.day ? (
                  <span className={classes.timeDeadline}>{formatDay(deadline.day)}</span>
                ) : stop.kind === 'deadline' && stop.at ? (
                  <span className={classes.timeDeadline}>{formatDateTime(stop.at.time, timeZone)}</span>
                ) : (
                  <MilestoneTime at={stop.at} timeZone={timeZone} />
                )}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
