import { and, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  computeFreeTimeClocks,
  localDate,
  type ClockMilestones,
  type FreeTimeClocks,
  type LocalDate,
} from '@tracklane/shared/free-time/free-time';
import {
  BUILT_IN_TERMS,
  type FreeTimeTerms,
  type TermsSource,
} from '@tracklane/shared/free-time/free-time.schema';
import { PORT_TIME_ZONES, portTimeZone } from '@tracklane/shared/free-time/port-time-zones';
import type { DerivedShipment, Milestone } from '@tracklane/shared/tracking/ocean/derive-shipment';
import type { Database } from '../../../db/client';
import { freeTimeDefaults } from '../../../db/schema/alerts';
import { oceanShipments as os, trackedItems as ti, UNKNOWN_TIME } from '../../../db/schema/tracking';
import { inWorkspace } from '../../../tenancy/scope';

const DAY = 86_400_000;
const MINUTE = 60_000;
const BATCH = 500;

/** The last free days a subscription row holds besides the carrier's: set by hand, and the terminal's. */
export interface GivenLastFreeDays {
  manualLfd?: string | null;
  terminalLfd?: string | null;
}

/**
 * The actual times that start and stop the clocks (estimates never do), and the last free days given
 * rather than counted: the carrier's from the view, the terminal's and the one set by hand from the
 * subscription's row (ADR 0039: set by hand > terminal > carrier > the tariff's count).
 */
export function clockMilestones(
  derived: Pick<DerivedShipment, 'shipmentOverall'> | null | undefined,
  given: GivenLastFreeDays = {},
): ClockMilestones {
  const actual = (m: Milestone | null | undefined) => (m?.classifier === 'ACT' ? m.time : null);
  const o = derived?.shipmentOverall;
  return {
    discharged: actual(o?.discharged),
    fullGateOut: actual(o?.fullGateOut),
    emptyReturned: actual(o?.emptyReturned),
    carrierLastFreeDay: o?.lastFreeDay?.time ?? null,
    terminalLastFreeDay: given.terminalLfd ?? null,
    manualLastFreeDay: given.manualLfd ?? null,
  };
}

/** A shipment's terms: its own, else its carrier's in the workspace, else the workspace's, else built in. */
export function resolveTerms(row: {
  own: FreeTimeTerms | null;
  carrier: FreeTimeTerms | null;
  workspace: FreeTimeTerms | null;
}): { terms: FreeTimeTerms; source: TermsSource } {
  if (row.own) return { terms: row.own, source: 'shipment' };
  if (row.carrier) return { terms: row.carrier, source: 'carrier' };
  if (row.workspace) return { terms: row.workspace, source: 'workspace' };
  return { terms: BUILT_IN_TERMS, source: 'built_in' };
}

/**
 * The terms columns of a query over ocean_shipments (the carrier's and the workspace's defaults), and
 * the last free days the row holds that win over the terms' count (set by hand, the terminal's).
 */
export const termsColumns = {
  manualLfd: os.manualLastFreeDay,
  terminalLfd: os.terminalLastFreeDay,
  own: os.freeTimeTerms,
  carrier: sql<FreeTimeTerms | null>`(SELECT d.terms FROM ${freeTimeDefaults} d WHERE d.workspace_id = ${os.workspaceId} AND d.carrier_scac = ${os.carrierScac})`,
  workspace: sql<FreeTimeTerms | null>`(SELECT d.terms FROM ${freeTimeDefaults} d WHERE d.workspace_id = ${os.workspaceId} AND d.carrier_scac = '')`,
};

/** What {@link clocksNow} reads of a row of ocean_shipments joined to tracked_items. */
export const clockColumns = {
  ...termsColumns,
  pod: os.podLocode,
  overall: sql<DerivedShipment['shipmentOverall'] | null>`${ti.derived} -> 'shipmentOverall'`,
};

/**
 * A subscription's clocks now, on its terms and in its port's calendar: what the detail computes,
 * for the rows a list or a card shows (`derived` when the row has the item's view at hand).
 */
export function clocksNow(
  row: Parameters<typeof resolveTerms>[0] & GivenLastFreeDays & { pod: string | null },
  derived: (Pick<DerivedShipment, 'shipmentOverall'> & { pod?: DerivedShipment['pod'] }) | null,
  now: Date,
): FreeTimeClocks {
  const { terms } = resolveTerms(row);
  const timeZone = portTimeZone(row.pod ?? derived?.pod?.locode);
  return computeFreeTimeClocks(terms, clockMilestones(derived, row), { timeZone, now });
}

/**
 * Today in the calendar of each row's port of discharge at `now`, in SQL. The day of every port is
 * worked out here (portTimeZone, localDate: as the detail counts) and the ports are grouped by it: at
 * any instant the ports span two or three days, so a row tests its locode against a list or two
 * instead of converting `now` into its zone once per rule that counts days. Every zone's
 * offset is a whole number of minutes, so no port's day changes within a minute of UTC: the SQL is
 * built once a minute.
 */
function portToday(now: Date): SQL {
  const minute = Math.floor(now.getTime() / MINUTE);
  if (portDays?.minute !== minute) portDays = { minute, sql: portTodaySql(now) };
  return portDays.sql;
}

let portDays: { minute: number; sql: SQL } | undefined;

function portTodaySql(now: Date): SQL {
  const utc = localDate(now, 'UTC');
  const ports = new Map<LocalDate, string[]>();
  for (const [locode, zone] of Object.entries(PORT_TIME_ZONES)) {
    const day = localDate(now, zone);
    if (day === utc) continue;
    const group = ports.get(day);
    if (group) group.push(locode);
    else ports.set(day, [locode]);
  }
  if (ports.size === 0) return sql`${utc}::date`;
  // The locodes are our own data (PORT_TIME_ZONES).
  const branches = [...ports].map(
    ([day, locodes]) =>
      sql`WHEN upper(${os.podLocode}) IN (${sql.raw(locodes.map((l) => `'${l}'`).join(', '))}) THEN ${day}::date`,
  );
  return sql`(CASE ${sql.join(branches, sql` `)} ELSE ${utc}::date END)`;
}

/**
 * Days from today in the port's calendar to the stored last free day of the clock that ends next
 * (free_time_ends_on): the days left that the list and the detail show, in SQL.
 */
export const freeTimeDaysLeft = (now: Date) =>
  sql<number>`((${os.freeTimeEndsOn} AT TIME ZONE 'UTC')::date - ${portToday(now)})`;

/**
 * Subscriptions whose next free time ends `from` to `to` days from the port's today, both included
 * (no `from`: passed ones too), whichever clock it is. A port's today is at most a day off UTC's, so
 * bounds on free_time_ends_on itself read the range from its index; no clock running never matches
 * (UNKNOWN_TIME).
 */
export function freeTimeEndsWithin(now: Date, to: number, from?: number): SQL {
  const day = (n: number) => new Date(Math.floor(now.getTime() / DAY) * DAY + n * DAY);
  const daysLeft = freeTimeDaysLeft(now);
  return from === undefined
    ? sql`(${os.freeTimeEndsOn} < ${day(to + 2)} AND ${daysLeft} <= ${to})`
    : sql`(${os.freeTimeEndsOn} >= ${day(from - 1)} AND ${os.freeTimeEndsOn} < ${day(to + 2)} AND ${daysLeft} BETWEEN ${from} AND ${to})`;
}

export type ClockScope = { itemIds: readonly string[] } | { workspaceId: string } | { running: true };

const midnight = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * Recomputes the stored free-time clocks of ocean subscriptions (computeFreeTimeClocks, per
 * subscription, since terms are per workspace, carrier and shipment): of one item at its refresh, of a
 * workspace when its terms change, or of every running clock (the alerts sweep, every 10 minutes:
 * days pass without any event; it also fills in rows never computed, such as those followed before
 * the clocks existed). Also writes the effective last free day: set by hand, else the terminal's, else
 * the carrier's, else the one the free days give.
 */
export async function updateFreeTimeClocks(db: Database, scope: ClockScope, now: Date): Promise<number> {
  if ('itemIds' in scope && scope.itemIds.length === 0) return 0;
  const where: SQL | undefined =
    'itemIds' in scope
      ? inArray(os.itemId, [...scope.itemIds])
      : 'workspaceId' in scope
        ? inWorkspace(scope, os)
        : // Running clocks, and rows never computed (shipments followed before clocks existed).
          and(
            eq(os.archived, false),
            or(inArray(os.status, ['discharged', 'delivered']), isNull(os.ddCurrency)),
          );
  let after = '00000000-0000-0000-0000-000000000000';
  let updated = 0;
  for (;;) {
    const rows = await db
      .select({ id: os.id, pod: os.podLocode, derived: ti.derived, ...termsColumns })
      .from(os)
      .innerJoin(ti, eq(ti.id, os.itemId))
      .where(and(where, gt(os.id, after)))
      .orderBy(os.id)
      .limit(BATCH);
    if (rows.length === 0) return updated;
    const values = rows.map((row) => {
      const derived = row.derived as DerivedShipment | null;
      const { terms } = resolveTerms(row);
      const milestones = clockMilestones(derived, row);
      const timeZone = portTimeZone(row.pod ?? derived?.pod?.locode);
      const clocks = computeFreeTimeClocks(terms, milestones, { timeZone, now });
      const inWeek = computeFreeTimeClocks(terms, milestones, {
        timeZone,
        now: new Date(now.getTime() + 7 * DAY),
      });
      const lfd = clocks.demurrage.lastFreeDay;
      const lastFreeDay = lfd
        ? midnight(lfd)
        : milestones.carrierLastFreeDay
          ? new Date(milestones.carrierLastFreeDay)
          : null;
      return sql`(${row.id}::uuid, ${lastFreeDay}::timestamptz, ${clocks.next ? midnight(clocks.next.lastFreeDay) : UNKNOWN_TIME}::timestamptz, ${Math.round(clocks.cost * 100)}::int, ${Math.round(inWeek.cost * 100)}::int, ${terms.currency})`;
    });
    await db.execute(sql`
      UPDATE ${os} SET last_free_day = v.lfd, free_time_ends_on = v.ends_on, dd_cost_cents = v.cost,
             dd_cost_week_cents = v.week, dd_currency = v.currency
      FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, lfd, ends_on, cost, week, currency)
      WHERE ${os.id} = v.id`);
    updated += rows.length;
    after = rows.at(-1)!.id;
    if (rows.length < BATCH) return updated;
  }
}
