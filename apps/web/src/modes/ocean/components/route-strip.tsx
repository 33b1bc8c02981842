import { Text } from '@mantine/core';
import { IconShip } from '@tabler/icons-react';
import type { OceanTrackingDetail } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import detail from '../../../components/detail-page.module.css';
import { formatDateTime } from '../../../lib/dates';
import { journeyStops, type JourneyStop, type JourneyTime } from '../utils/journey';
import classes from './ocean-shipment-detail.module.css';

type Port = NonNullable<OceanTrackingDetail['pol']>;

interface Call {
  port: Port | null;
  role: string;
  reached: boolean;
  left: boolean;
  /** The time that matters at this port: when it left, arrived, or is expected. */
  moment: { verb: string; at: JourneyTime } | null;
}

const isActual = (at: JourneyTime | null | undefined): at is JourneyTime => at?.classifier === 'ACT';

function momentOf(departed: JourneyTime | null, arrived: JourneyTime | null): Call['moment'] {
  if (isActual(departed)) return { verb: 'Departed', at: departed };
  if (isActual(arrived)) return { verb: 'Arrived', at: arrived };
  const expected = arrived ?? departed;
  return expected ? { verb: 'EST:', at: expected } : null;
}

/** The ports of the voyage and whether the box has reached and left each, from the journey stops. */
function callsOf(shipment: OceanTrackingDetail): Call[] {
  const stops = journeyStops(shipment);
  const at = (key: string) => stops.find((s: JourneyStop) => s.key === key)?.at ?? null;
  const departure = at('departure');
  const arrival = at('arrival');
  return [
    {
      port: shipment.pol,
      role: 'POL',
      reached: isActual(at('fullGateIn')) || isActual(at('loaded')) || isActual(departure),
      left: isActual(departure),
      moment: momentOf(departure, null),
    },
    ...stops
      .filter((stop) => stop.kind === 'transshipment')
      .map((stop) => {
        const arrived = stop.legs?.[0]?.at ?? null;
        const departed = stop.legs?.[1]?.at ?? null;
        return {
          port: stop.location,
          role: 'Transshipment',
          reached: isActual(arrived) || isActual(departed),
          left: isActual(departed),
          moment: momentOf(departed, arrived),
        };
      }),
    {
      port: shipment.pod,
      role: 'POD',
      reached: isActual(arrival),
      left: false,
      moment: momentOf(null, arrival),
    },
  ];
}

function Moment({ moment, timeZone }: { moment: Call['moment']; timeZone: string }) {
  if (!moment) return null;
  if (moment.at.classifier === 'ACT') {
    return (
      <Text size="xs" c="gray.8" mt={4} className={classes.callName}>
        {moment.verb} {formatDateTime(moment.at.time, timeZone)}
      </Text>
    );
  }
  return (
    <div className={classes.callMoment}>
      <span className={detail.timeEstimate}>EST: {formatDateTime(moment.at.time, timeZone)}</span>
    </div>
  );
}

/**
 * POL → transshipments → POD as a line: travelled solid, the leg at sea marked with the vessel. Across
 * on a wide screen; down on a phone, where the ports would not fit side by side.
 */
export function RouteStrip({ shipment, timeZone }: { shipment: OceanTrackingDetail; timeZone: string }) {
  const calls = callsOf(shipment);
  return (
    <ol className={classes.routeStrip} aria-label="Route" data-testid="route-strip">
      {calls.map((call, index) => {
        const next = calls[index + 1];
        const segment = !next ? null : next.reached ? 'done' : call.left ? 'sailing' : 'ahead';
        return (
          <li
            key={`${call.role}-${String(index)}`}
            className={classes.call}
            data-reached={call.reached || undefined}
          >
            <div className={classes.callTrack}>
              <span className={classes.callDot} aria-hidden />
              {segment ? (
                <span className={classes.segment} data-segment={segment} aria-hidden>
                  {segment === 'sailing' ? (
                    <>
                      <span className={classes.segmentDone} />
                      <IconShip size={18} stroke={1.75} className={classes.ship} />
                      <span className={classes.segmentAhead} />
                    </>
                  ) : null}
                </span>
              ) : null}
            </div>
            <div className={classes.callText}>
              <Text size="sm" fw={600} c="gray.9" className={classes.callName}>
                {call.port ? (call.port.name ?? call.port.locode) : 'Unknown'}
              </Text>
              <Text size="xs" c="dimmed" className={classes.callName}>
                {call.role}
                {call.port ? (
                  <>
                    {' · '}
                    <span className={classes.monoSmall}>{call.port.locode}</span>
                  </>
                ) : null}
              </Text>
              <Moment moment={call.moment} timeZone={timeZone} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
