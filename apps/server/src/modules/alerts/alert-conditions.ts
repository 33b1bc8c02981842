import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { AlertCondition, AlertFilters } from '@tracklane/shared/alerts/alerts.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { expressShipments as es, oceanShipments as os } from '../../db/schema/tracking';
import { EXPRESS_CONDITIONS, OCEAN_CONDITIONS, staleItem } from '../dashboard/attention';
import { isFavoriteOf } from '../shipment-favorites/shipment-favorites.service';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A rule's condition as SQL over its mode's subscriptions joined to tracked_items, and its episode mark. */
export interface ConditionSql {
  where: SQL;
  /** Tells occurrences apart while the condition holds throughout ('' when one episode is one alert). */
  mark: SQL<string>;
}

const NO_MARK = sql<string>`''`;
const markOf = (column: SQL | typeof os.rolledAt | typeof os.eta | typeof os.freeTimeEndsOn) =>
  sql<string>`coalesce(to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), '')`;

/**
 * The condition of an alert rule, built from the dashboard's definitions (dashboard/attention.ts)
 * with the rule's thresholds: a rule and the attention card it mirrors can never disagree.
 */
export function conditionSql(mode: TrackingMode, condition: AlertCondition, now: Date): ConditionSql {
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
    case 'not_picked_up': {
      const since = new Date(now.getTime() - condition.days * DAY);
      return mode === 'ocean'
        ? { where: OCEAN_CONDITIONS.dischargedNotPickedUp(since), mark: NO_MARK }
        : { where: EXPRESS_CONDITIONS.awaitingPickup(since), mark: NO_MARK };
    }
    case 'stale':
      return { where: staleItem(now, condition.days * 24), mark: NO_MARK };
    case 'exception':
      return { where: EXPRESS_CONDITIONS.exception(), mark: NO_MARK };
    case 'failed_attempt':
      return { where: EXPRESS_CONDITIONS.failedAttempt(), mark: NO_MARK };
    case 'late':
      return { where: EXPRESS_CONDITIONS.late(now, condition.hours), mark: NO_MARK };
  }
}

/** Shipments carrying any of the tags, compared regardless of case. */
function anyTag(column: typeof os.tags | typeof es.tags, tags: string[]): SQL | undefined {
  if (!tags.length) return undefined;
  const lowered = tags.map((t) => t.toLowerCase());
  return sql`EXISTS (SELECT 1 FROM unnest(${column}) AS t(tag) WHERE lower(t.tag) = ANY(${sql.param(lowered)}::text[]))`;
}

/**
 * A rule's filters over its mode's subscriptions (ports apply to ocean only).
 *
 * Favourites are personal (ADR 0033), so "favourites only" needs a person: it means the favourites of
 * the rule's owner (`ownerId`: who made it, and for a personal rule the one who hears it). A workspace
 * rule an admin made watches the admin's stars, whoever it notifies; the rule form says so. A rule
 * whose owner is gone (account deleted) has no favourites and matches nothing.
 */
export function filtersSql(
  mode: TrackingMode,
  filters: AlertFilters,
  ownerId: string | null,
): SQL | undefined {
  const upper = (values: string[]) => values.map((v) => v.toUpperCase());
  const starred = (id: typeof os.id | typeof es.id) =>
    filters.favoritesOnly ? isFavoriteOf(mode, id, ownerId) : undefined;
  if (mode === 'ocean') {
    return and(
      anyTag(os.tags, filters.tags),
      filters.carriers.length ? inArray(os.carrierScac, upper(filters.carriers)) : undefined,
      filters.pol.length ? inArray(os.polLocode, upper(filters.pol)) : undefined,
      filters.pod.length ? inArray(os.podLocode, upper(filters.pod)) : undefined,
      starred(os.id),
    );
  }
  return and(
    anyTag(es.tags, filters.tags),
    filters.carriers.length
      ? inArray(
          es.carrier,
          filters.carriers.map((c) => c.toLowerCase()),
        )
      : undefined,
    starred(es.id),
  );
}
