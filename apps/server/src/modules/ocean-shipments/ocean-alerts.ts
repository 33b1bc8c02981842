import { CONDITIONS_BY_MODE } from '@tracklane/shared/alerts/alerts.schema';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ACTIVE_EXCEPTION_STATES, type ExceptionType } from '@tracklane/shared/exceptions/exceptions.schema';
import { shipmentExceptions } from '../../db/schema/exceptions';
import { oceanShipments as os } from '../../db/schema/tracking';
import { markOf, NO_MARK } from '../alerts/alert-conditions';
import { OCEAN_CONDITIONS } from './ocean-attention';
import type { ModeAlerts } from '../tracking/tracking-mode';
import { EXCEPTION_TYPES_OF_CONDITION } from '../exceptions/exception-routing';

const DAY = 24 * 3_600_000;

/**
 * Conditions the exception rules judge from the derived view (a transshipment, the route): the
 * shipment has an active exception of these types; each exception episode is an alert of its own.
 */
function activeExceptions(types: readonly ExceptionType[]) {
  const x = shipmentExceptions;
  const active = and(
    sql`${x.subscriptionId} = ${os.id}`,
    eq(x.mode, 'ocean'),
    inArray(x.type, [...types]),
    inArray(x.state, [...ACTIVE_EXCEPTION_STATES]),
    isNull(x.clearedAt),
  );
  return {
    where: sql`EXISTS (SELECT 1 FROM ${x} WHERE ${active})`,
    mark: sql<string>`coalesce((SELECT string_agg(${x.type} || ':' || ${x.mark}, ' ' ORDER BY ${x.type}, ${x.mark}) FROM ${x} WHERE ${active}), '')`,
  };
}

/** Ocean's alert conditions (from its attention rules) and its rules' carrier and port filters. */
export const OCEAN_ALERTS: ModeAlerts = {
  conditions: CONDITIONS_BY_MODE.ocean,
  condition(condition, now) {
    switch (condition.kind) {
      case 'lfd':
        // Whichever clock runs: demurrage, then detention once the box is out (or the merged pool's).
        // A box picked up close to its last free day may have detention's close too: a last free day
        // other than demurrage's (last_free_day) is an occurrence of its own and alerts again. While
        // demurrage runs the mark stays '', as before detention was watched.
        return {
          where: OCEAN_CONDITIONS.freeTimeEnds(now, condition.days),
          mark: sql<string>`(CASE WHEN ${os.freeTimeEndsOn} IS DISTINCT FROM ${os.lastFreeDay} THEN ${markOf(os.freeTimeEndsOn)} ELSE '' END)`,
        };
      case 'eta_slip':
        return condition.against === 'first'
          ? { where: OCEAN_CONDITIONS.etaSlipped(condition.hours), mark: NO_MARK }
          : // Against the last announcement: each further slip is news of its own.
            { where: OCEAN_CONDITIONS.etaSlippedSinceLast(condition.hours), mark: markOf(os.eta) };
      case 'rolled':
        // A second roll is a new alert even though the box has not arrived in between.
        return { where: OCEAN_CONDITIONS.rolled(), mark: markOf(os.rolledAt) };
      case 'transshipment':
      case 'route_changed':
        return activeExceptions(EXCEPTION_TYPES_OF_CONDITION[condition.kind]);
      case 'not_picked_up':
        return {
          where: OCEAN_CONDITIONS.dischargedNotPickedUp(new Date(now.getTime() - condition.days * DAY)),
          mark: NO_MARK,
        };
      default:
        return null;
    }
  },
  filters(filters) {
    const upper = (values: string[]) => values.map((v) => v.toUpperCase());
    return and(
      filters.carriers.length ? inArray(os.carrierScac, upper(filters.carriers)) : undefined,
      filters.pol.length ? inArray(os.polLocode, upper(filters.pol)) : undefined,
      filters.pod.length ? inArray(os.podLocode, upper(filters.pod)) : undefined,
    );
  },
};
