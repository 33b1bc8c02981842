import { and, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import {
  ATTENTION_TOP_ITEMS,
  ETA_SLIP_THRESHOLD_HOURS,
  EXPRESS_ATTENTION_RULES,
  MAP_TOP_ITEMS,
  OCEAN_ATTENTION_RULES,
  type ExpressAttentionRule,
  type OceanAttentionRule,
  type ExpressDashboard,
  type OceanDashboard,
  type ReasonPart,
} from '@tracklane/shared/dashboard/dashboard.schema';
import { clockLabel, daysLeftText } from '@tracklane/shared/free-time/free-time-text';
import { PARCEL_STATUS_LABELS, type ParcelStatus } from '@tracklane/shared/express/parcel-event';
import { parcelCarrierByCode } from '@tracklane/shared/express/parcel-carriers';
import { carrierByScac, carrierLabel } from '@tracklane/shared/tracking/carriers';
import { noConnectionText } from '@tracklane/shared/tracking/no-connection';
import type { Roll, ShipmentStatus } from '@tracklane/shared/tracking/derive-shipment';
import type { DerivedShipment, PortRef } from '@tracklane/shared/tracking/derive-shipment';
import { seaLanes } from '@tracklane/shared/tracking/sea-lanes/sea-lanes';
import { placePoint, voyageRoute } from '@tracklane/shared/tracking/sea-lanes/voyage-map';
import type { MapPath, MapPlaceKind } from '@tracklane/shared/tracking/shipment-map.schema';
import { portCalls, voyagePlace, type VoyagePlace, type VoyageView } from '@tracklane/shared/tracking/voyage';
import {
  HOLD_KINDS,
  HOLD_KIND_LABELS,
  type TerminalFacts,
} from '@tracklane/shared/terminal-availability/terminal-availability';
import type { Database } from '../../db/client';
import { workspaces } from '../../db/schema/organizations';
import {
  expressShipments as es,
  oceanShipments as os,
  terminalFacts,
  trackedItems as ti,
} from '../../db/schema/tracking';
import { clockColumns, clocksNow } from '../free-time/free-time-clocks';
import { EXPRESS_ATTENTION, OCEAN_ATTENTION, type AttentionRule } from './attention';
import { inWorkspace } from '../../tenancy/scope';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Monday 00:00 UTC of the week of `now`. */
function startOfWeek(now: Date): Date {
  const day = Math.floor(now.getTime() / DAY);
  // 1970-01-01 was a Thursday: day 0 is 3 days after a Monday.
  return new Date((day - ((day + 3) % 7)) * DAY);
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
// Reasons carry their dates as dates: the page writes them as it writes every date (spec §9).
const text = (value: string): ReasonPart => ({ kind: 'text', value });
const instant = (d: Date | string): ReasonPart => ({ kind: 'instant', value: new Date(d).toISOString() });
const day = (value: string): ReasonPart => ({ kind: 'day', value });
const countOf = (where: SQL) => sql<number>`count(*) filter (where ${where})`.mapWith(Number);

function hoursBetween(from: Date, to: Date): string {
  const hours = Math.round((to.getTime() - from.getTime()) / HOUR);
  return hours >= 48 ? `${String(Math.round(hours / 24))} days` : `${String(hours)} h`;
}

type MapPosition<Item> = {
  key: string;
  kind: MapPlaceKind;
  name: string;
  lat: number;
  lon: number;
  count: number;
  items: Item[];
};

/** Positions that land on one key (e.g. one vessel reported with two ETAs) become one. */
function mergePositions<Item>(positions: MapPosition<Item>[]): MapPosition<Item>[] {
  const byKey = new Map<string, MapPosition<Item>>();
  for (const p of positions) {
    const seen = byKey.get(p.key);
    if (!seen) byKey.set(p.key, { ...p, items: p.items.slice(0, MAP_TOP_ITEMS) });
    else {
      seen.count += p.count;
      seen.items = [...seen.items, ...p.items].slice(0, MAP_TOP_ITEMS);
    }
  }
  return [...byKey.values()].sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

const OCEAN_GROUP: Record<ShipmentStatus, 'preDeparture' | 'onWater' | 'atDestination' | 'completed'> = {
  booked: 'preDeparture',
  empty_picked_up: 'preDeparture',
  at_origin: 'preDeparture',
  loaded: 'preDeparture',
  in_transit: 'onWater',
  arrived: 'atDestination',
  discharged: 'atDestination',
  delivered: 'completed',
  empty_returned: 'completed',
};
const OCEAN_GROUP_LABELS = {
  preDeparture: 'Pre-departure',
  onWater: 'On water',
  atDestination: 'At destination',
  completed: 'Completed',
};

type OceanItem = OceanDashboard['liveMapVO']['positions'][number]['items'][number];
type ExpressItem = ExpressDashboard['liveMapVO']['positions'][number]['items'][number];
type Subscriptions = typeof os | typeof es;

/**
 * Each rule's count over a mode's non-archived subscriptions (`base`): one query per rule with the
 * condition in WHERE, so that each is a range of an index made for it (attention.ts) and costs what
 * it matches, not what the workspace holds; a rule that reads the item (stale) starts from the items'
 * indexes and joins the workspace's subscriptions by item.
 */
async function countRules<Rule extends string>(
  db: Database,
  table: Subscriptions,
  base: SQL | undefined,
  rules: readonly Rule[],
  definitions: Record<Rule, AttentionRule>,
  now: Date,
): Promise<Record<Rule, number>> {
  const counts = await Promise.all(
    rules.map(async (rule) => {
      const query = db.select({ n: count() }).from(table);
      const joined = definitions[rule].readsItem ? query.innerJoin(ti, eq(ti.id, table.itemId)) : query;
      const [row] = await joined.where(and(base, definitions[rule].where(now)));
      return [rule, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<Rule, number>;
}

/** How many of the subscriptions' `at` days fall this week (from Monday, UTC) and next. */
async function weekCounts(
  db: Database,
  table: Subscriptions,
  at: SQL | typeof os.arrivalAt | typeof es.deliveryAt,
  base: SQL | undefined,
  now: Date,
): Promise<{ thisWeek: number; nextWeek: number }> {
  const week = startOfWeek(now);
  const nextWeek = new Date(week.getTime() + 7 * DAY);
  const weekAfter = new Date(week.getTime() + 14 * DAY);
  const [row] = await db
    .select({
      thisWeek: countOf(sql`${at} < ${nextWeek}`),
      nextWeek: countOf(sql`${at} >= ${nextWeek}`),
    })
    .from(table)
    .where(and(base, sql`${at} >= ${week} AND ${at} < ${weekAfter}`));
  return { thisWeek: row?.thisWeek ?? 0, nextWeek: row?.nextWeek ?? 0 };
}

/** When any of the subscriptions' items was last checked (updatedTime). */
async function latestCheck(
  db: Database,
  table: Subscriptions,
  base: SQL | undefined,
): Promise<string | null> {
  const [row] = await db
    .select({ at: ti.lastCheckedAt })
    .from(table)
    .innerJoin(ti, eq(ti.id, table.itemId))
    .where(and(base, isNotNull(ti.lastCheckedAt)))
    .orderBy(desc(ti.lastCheckedAt))
    .limit(1);
  return iso(row?.at ?? null);
}

/**
 * The ocean dashboard of a workspace (issue 11), computed in PostgreSQL: per attention rule a count and
 * a LIMITed query of its top items over an index made for the rule, index ranges for arrivals and the
 * latest check, and one grouped pass for statuses, carriers and the map (one row per lane, vessel and
 * status, never per shipment). The queries are independent and sent at once.
 */
export async function oceanDashboard(db: Database, workspaceId: string, now: Date): Promise<OceanDashboard> {
  const base = and(inWorkspace({ workspaceId }, os), eq(os.archived, false));
  const top = async (rule: OceanAttentionRule) => {
    const definition = OCEAN_ATTENTION[rule];
    const rows = await db
      .select({
        id: os.id,
        containerNo: os.containerNo,
        mblNo: os.mblNo,
        carrierScac: os.carrierScac,
        freeTimeEndsOn: os.freeTimeEndsOn,
        ...clockColumns,
        eta: os.eta,
        firstEta: os.firstEta,
        ata: os.ata,
        lastCheckedAt: ti.lastCheckedAt,
        consecutiveFailures: ti.consecutiveFailures,
        lastRoll: sql<Roll | null>`${ti.derived} -> 'rolls' -> -1`,
        // The workspace's organization's own terminal answer (ADR 0039): a key lookup per top item.
        terminal: sql<TerminalFacts | null>`(SELECT tf.facts FROM ${terminalFacts} tf JOIN ${workspaces} w ON w.organization_id = tf.organization_id WHERE tf.item_id = ${os.itemId} AND w.id = ${os.workspaceId})`,
      })
      .from(os)
      .innerJoin(ti, eq(ti.id, os.itemId))
      .where(and(base, definition.where(now)))
      .orderBy(definition.order)
      .limit(ATTENTION_TOP_ITEMS);
    return rows.map((r) => ({
      id: r.id,
      identifier: r.containerNo,
      link: { containerNo: r.containerNo, mblNo: r.mblNo },
      reason: oceanReason(rule, r, now),
    }));
  };
  // Independent queries, sent at once.
  const [counts, arrivals, updatedTime, tops, groups, freeTimeMoney] = await Promise.all([
    countRules(db, os, base, OCEAN_ATTENTION_RULES, OCEAN_ATTENTION, now),
    weekCounts(db, os, os.arrivalAt, base, now),
    latestCheck(db, os, base),
    Promise.all(OCEAN_ATTENTION_RULES.map(top)),
    oceanGroups(db, workspaceId),
    oceanMoney(db, base),
  ]);
  const attentionVO = OCEAN_ATTENTION_RULES.map((rule, i) => ({
    rule,
    label: OCEAN_ATTENTION[rule].label,
    count: counts[rule],
    items: tops[i]!,
  }));
  const byGroup = new Map<string, number>();
  for (const g of groups) {
    const group = OCEAN_GROUP[(g.status ?? 'booked') as ShipmentStatus] ?? 'preDeparture';
    byGroup.set(group, (byGroup.get(group) ?? 0) + g.count);
  }
  const { positions, legs } = await oceanMap(
    db,
    groups.filter((g) => SHOWN_STATES.has(g.state)),
    now,
  );

  return {
    attentionVO,
    liveMapVO: { positions, legs },
    updatedTime,
    statusBreakdown: Object.entries(OCEAN_GROUP_LABELS).map(([status, label]) => ({
      status,
      label,
      count: byGroup.get(status) ?? 0,
    })),
    arrivals,
    carriers: topCarriers(groups).map((c) => ({ ...c, name: carrierByScac(c.carrier)?.name ?? null })),
    freeTimeMoney,
  };
}

/**
 * Demurrage and detention per currency from the clocks stored on the subscriptions (free-time-clocks.ts):
 * incurred so far, and what 7 more days add. Only rows with a cost now or within the week qualify,
 * one range of a partial index.
 */
async function oceanMoney(db: Database, base: SQL | undefined): Promise<OceanDashboard['freeTimeMoney']> {
  const rows = await db
    .select({
      currency: os.ddCurrency,
      incurred: sql<number>`sum(${os.ddCostCents})`.mapWith(Number),
      week: sql<number>`sum(${os.ddCostWeekCents} - ${os.ddCostCents})`.mapWith(Number),
      shipments: count(),
    })
    .from(os)
    .where(and(base, sql`${os.ddCostWeekCents} > 0`))
    .groupBy(os.ddCurrency)
    .orderBy(os.ddCurrency);
  return rows
    .filter((r) => r.currency !== null)
    .map((r) => ({
      currency: r.currency!,
      incurred: r.incurred / 100,
      atRiskThisWeek: r.week / 100,
      shipments: r.shipments,
    }));
}

/** Why the free time needs a look: the clock that ends next, its last free day and the days left. */
function freeTimeReason(
  r: Parameters<typeof clocksNow>[0] & {
    overall: DerivedShipment['shipmentOverall'] | null;
    freeTimeEndsOn: Date;
  },
  now: Date,
): ReasonPart[] {
  const clocks = clocksNow(r, r.overall && { shipmentOverall: r.overall }, now);
  const next = clocks.next;
  // The stored day, should a refresh since have stopped the clock (the sweep catches up).
  if (!next) return [text('Last free day '), day(r.freeTimeEndsOn.toISOString().slice(0, 10))];
  return [
    text(`${clockLabel(next.clock, clocks.combined)} last free day `),
    day(next.lastFreeDay),
    text(` · ${daysLeftText(next.daysLeft)}`),
  ];
}

function oceanReason(
  rule: (typeof OCEAN_ATTENTION_RULES)[number],
  r: Parameters<typeof freeTimeReason>[0] & {
    eta: Date | null;
    firstEta: Date | null;
    ata: Date | null;
    lastCheckedAt: Date | null;
    consecutiveFailures: number;
    lastRoll: Roll | null;
    carrierScac: string;
    terminal: TerminalFacts | null;
  },
  now: Date,
): ReasonPart[] {
  switch (rule) {
    case 'lfdPassed':
    case 'lfdToday':
    case 'lfdSoon':
      return freeTimeReason(r, now);
    case 'onHold':
    case 'availableForPickup':
      return terminalReason(rule, r.terminal);
    case 'etaSlipped':
      return r.eta && r.firstEta
        ? [text('ETA '), instant(r.eta), text(`, ${hoursBetween(r.firstEta, r.eta)} later than first given`)]
        : [text(`ETA slipped by ${String(ETA_SLIP_THRESHOLD_HOURS)} h or more`)];
    case 'rolled': {
      if (!r.lastRoll) return [text('Moved to another vessel or voyage')];
      const { from, to, port } = r.lastRoll;
      const name = (v: Roll['from']) => [v.name, v.voyage].filter(Boolean).join(' ') || 'unnamed vessel';
      return [text(`${name(from)} → ${name(to)} at ${port.name ?? port.locode}`)];
    }
    case 'arrivedNotPickedUp':
      return r.ata
        ? [text('Arrived '), instant(r.ata), text(', not picked up')]
        : [text('Discharged, not picked up')];
    case 'notFound':
      return [text('The carrier does not know this container')];
    case 'noConnection':
      return [text(noConnectionText(carrierLabel(r.carrierScac)))];
    case 'stale':
      if (!r.lastCheckedAt) return [text('Never checked')];
      return [
        text(
          r.consecutiveFailures > 0
            ? `${String(r.consecutiveFailures)} failed checks in a row`
            : `Last checked ${hoursBetween(r.lastCheckedAt, now)} ago`,
        ),
      ];
  }
}

/** Shown on the map: the shipments still being followed (not completed, not given up). */
const SHOWN_STATES = new Set(['pending', 'active']);

/** The carriers with the most shipments, most first (at most ten). */
function topCarriers(groups: { carrier: string; count: number }[]) {
  const byCarrier = new Map<string, number>();
  for (const g of groups) byCarrier.set(g.carrier, (byCarrier.get(g.carrier) ?? 0) + g.count);
  return [...byCarrier]
    .map(([carrier, count]) => ({ carrier, count }))
    .sort((a, b) => b.count - a.count || a.carrier.localeCompare(b.carrier))
    .slice(0, 10);
}

interface OceanGroup {
  state: string;
  status: string | null;
  carrier: string;
  pol: string | null;
  pod: string | null;
  vessel: string | null;
  /** Whether the group's shipments know both their departure and their ETA. */
  timed: boolean;
  atd: string | null;
  eta: string | null;
  count: number;
  ids: string[];
}

/**
 * The workspace's non-archived ocean shipments in groups of what the dashboard tells apart (state,
 * status, carrier, lane, vessel; an unnamed vessel by its departure): one pass over the workspace's
 * rows feeds the status breakdown, the carriers and the map, with the first few ids of each group
 * for the map's lists. Groups number the lanes and vessels, never the shipments.
 */
async function oceanGroups(db: Database, workspaceId: string): Promise<OceanGroup[]> {
  const rows = await db.execute<Omit<OceanGroup, 'count'> & { count: string }>(sql`
    SELECT ${os.state} AS state, ${os.status} AS status, ${os.carrierScac} AS carrier,
      ${os.polLocode} AS pol, ${os.podLocode} AS pod, ${os.vesselName} AS vessel,
      (${os.atd} IS NOT NULL AND ${os.eta} IS NOT NULL) AS timed,
      min(${os.atd}) AS atd, max(${os.eta}) AS eta, count(*) AS count,
      (array_agg(${os.id}))[1:${sql.raw(String(MAP_TOP_ITEMS))}] AS ids
    FROM ${os}
    WHERE ${inWorkspace({ workspaceId }, os)} AND NOT ${os.archived}
    GROUP BY 1, 2, 3, 4, 5, 6, 7, CASE WHEN ${os.vesselName} IS NULL THEN ${os.atd} END`);
  return rows.rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** Up to MAP_TOP_ITEMS shipments of each position, by one primary-key lookup. */
async function oceanItems(db: Database, ids: string[]): Promise<Map<string, OceanItem>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: os.id, containerNo: os.containerNo, mblNo: os.mblNo })
    .from(os)
    .where(inArray(os.id, ids));
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, identifier: r.containerNo, link: { containerNo: r.containerNo, mblNo: r.mblNo } },
    ]),
  );
}

/**
 * What the map reads of each subscription's derived view (voyage.ts), by subscription id: one
 * primary-key lookup for the first shipment of each group.
 */
async function oceanVoyages(db: Database, ids: string[]): Promise<Map<string, MapVoyage>> {
  if (!ids.length) return new Map();
  const d = ti.derived;
  const rows = await db
    .select({
      id: os.id,
      voyage: sql<MapVoyage | null>`CASE WHEN ${d} IS NULL THEN NULL ELSE jsonb_build_object(
        'status', ${d} -> 'status', 'pol', ${d} -> 'pol', 'pod', ${d} -> 'pod',
        'transshipments', coalesce(${d} -> 'transshipments', '[]'::jsonb),
        'departureVO', ${d} -> 'departureVO', 'arrivalVO', ${d} -> 'arrivalVO',
        'legs', ${d} -> 'legs', 'vessel', ${d} -> 'vessel') END`,
    })
    .from(os)
    .innerJoin(ti, eq(ti.id, os.itemId))
    .where(inArray(os.id, ids));
  return new Map(rows.flatMap((r) => (r.voyage ? [[r.id, r.voyage] as const] : [])));
}

type MapVoyage = VoyageView & { vessel: DerivedShipment['vessel'] };

/**
 * The map of the shown groups. Each group's first shipment stands for the group (its shipments share
 * state, status, carrier, ports and vessel): where it is (voyagePlace: on the water on its leg, at a
 * port, delivered) and the ports it calls at. A vessel sits on its leg's sea lane, the share of the
 * lane's length that the share of the leg's time from departure to arrival says; one position per
 * vessel and leg. Legs are the voyages of the shown shipments, port call to port call along the lanes.
 */
async function oceanMap(db: Database, groups: OceanGroup[], now: Date) {
  type Place = { place: VoyagePlace; vessel: string | null; count: number; ids: string[] };
  const places = new Map<string, Place>();
  const voyages = new Map<string, { calls: PortRef[]; count: number }>();
  const views = await oceanVoyages(
    db,
    groups.flatMap((g) => g.ids.slice(0, 1)),
  );
  for (const g of groups) {
    const view = g.ids[0] ? views.get(g.ids[0]) : undefined;
    if (!view) continue;
    const calls = portCalls(view);
    if (calls.length >= 2) {
      const key = calls.map((c) => c.locode).join('>');
      const seen = voyages.get(key) ?? { calls, count: 0 };
      seen.count += g.count;
      voyages.set(key, seen);
    }
    const place = voyagePlace(view);
    if (!place) continue;
    const vessel = g.vessel ?? view.vessel?.name ?? null;
    // One position per vessel and leg (an unnamed vessel told apart by its departure); one per port.
    const key =
      place.at === 'sea'
        ? ['vessel', vessel ?? '', place.from.locode, place.to.locode, vessel ? '' : place.departedAt].join(
            '|',
          )
        : `${place.at === 'delivered' ? 'delivered' : 'port'}:${place.port.locode}`;
    const seen = places.get(key) ?? { place, vessel, count: 0, ids: [] };
    seen.count += g.count;
    if (seen.ids.length < MAP_TOP_ITEMS) seen.ids.push(...g.ids.slice(0, MAP_TOP_ITEMS - seen.ids.length));
    places.set(key, seen);
  }

  const items = await oceanItems(
    db,
    [...places.values()].flatMap((p) => p.ids),
  );
  const lanes = seaLanes();
  const positions: MapPosition<OceanItem>[] = [];
  for (const [key, { place, vessel, count, ids }] of places) {
    const point = placePoint(lanes, place, now, vessel);
    if (!point) continue;
    positions.push({
      ...point,
      key: point.kind === 'vessel' ? `${key}|${String(point.lat)},${String(point.lon)}` : key,
      count,
      items: ids.flatMap((id) => items.get(id) ?? []),
    });
  }
  const legs = [...voyages.values()].flatMap(({ calls, count }) => {
    const path = voyageRoute(lanes, calls);
    return path ? [{ path, count }] : [];
  });
  return { positions: mergePositions(positions), legs };
}

/** Parcels by normalised status, most first; a parcel with no scan yet is pending. */
function expressStatusBreakdown(rows: { status: string | null; count: number }[]) {
  const byStatus = new Map<ParcelStatus, number>();
  for (const r of rows) {
    const status = (r.status ?? 'pending') as ParcelStatus;
    byStatus.set(status, (byStatus.get(status) ?? 0) + r.count);
  }
  return [...byStatus]
    .map(([status, count]) => ({ status, label: PARCEL_STATUS_LABELS[status] ?? status, count }))
    .sort((a, b) => b.count - a.count || a.status.localeCompare(b.status));
}

interface ExpressGroup {
  state: string;
  status: string | null;
  carrier: string;
  lat: number | null;
  lon: number | null;
  name: string | null;
  /** Origin and destination: latitude and longitude of each (entries null when unknown). */
  route: (number | null)[];
  count: number;
  ids: string[];
}

/**
 * The workspace's non-archived parcels in groups of state, status, carrier, current place and route,
 * in one pass (as oceanGroups): the status breakdown, the carriers and the map read these. The route is
 * one array so that the grouping fits the extended statistics (at most eight columns) that let the
 * planner hash a few groups instead of sorting every row (migration 0010).
 */
async function expressGroups(db: Database, workspaceId: string): Promise<ExpressGroup[]> {
  const rows = await db.execute<Omit<ExpressGroup, 'count'> & { count: string }>(sql`
    SELECT ${es.state} AS state, ${es.status} AS status, ${es.carrier} AS carrier,
      ${es.mapLat} AS lat, ${es.mapLon} AS lon, min(${es.mapName}) AS name,
      ARRAY[${es.originLat}, ${es.originLon}, ${es.destinationLat}, ${es.destinationLon}] AS route,
      count(*) AS count, (array_agg(${es.id}))[1:${sql.raw(String(MAP_TOP_ITEMS))}] AS ids
    FROM ${es}
    WHERE ${inWorkspace({ workspaceId }, es)} AND NOT ${es.archived}
    GROUP BY 1, 2, 3, 4, 5, 7`);
  return rows.rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** The parcels' map: where each shown parcel is now (by city), and the routes between origin and destination. */
async function expressMap(db: Database, groups: ExpressGroup[]) {
  type Place = { lat: number; lon: number; name: string | null; count: number; ids: string[] };
  const places = new Map<string, Place>();
  const routes = new Map<string, { path: MapPath; count: number }>();
  for (const g of groups) {
    if (g.lat !== null && g.lon !== null) {
      const key = `${String(g.lat)},${String(g.lon)}`;
      const place = places.get(key) ?? { lat: g.lat, lon: g.lon, name: g.name, count: 0, ids: [] };
      place.count += g.count;
      place.name ??= g.name;
      if (place.ids.length < MAP_TOP_ITEMS)
        place.ids.push(...g.ids.slice(0, MAP_TOP_ITEMS - place.ids.length));
      places.set(key, place);
    }
    const [fromLat = null, fromLon = null, toLat = null, toLon = null] = g.route;
    if (fromLat === null || fromLon === null || toLat === null || toLon === null) continue;
    if (fromLat === toLat && fromLon === toLon) continue;
    const key = [fromLat, fromLon, toLat, toLon].join(',');
    const route = routes.get(key) ?? {
      path: [
        [fromLon, fromLat],
        [toLon, toLat],
      ],
      count: 0,
    };
    route.count += g.count;
    routes.set(key, route);
  }

  const ids = [...places.values()].flatMap((p) => p.ids);
  const parcels = ids.length
    ? await db.select({ id: es.id, trackingNo: es.trackingNo }).from(es).where(inArray(es.id, ids))
    : [];
  const items = new Map<string, ExpressItem>(
    parcels.map((p) => [
      p.id,
      { id: p.id, identifier: p.trackingNo, link: { expressOrderId: p.id, expressOrderNo: p.trackingNo } },
    ]),
  );
  const positions = [...places.values()].map((p) => ({
    key: `city:${p.lat.toFixed(2)},${p.lon.toFixed(2)}`,
    kind: 'city' as const,
    name: p.name ?? `${p.lat.toFixed(2)}, ${p.lon.toFixed(2)}`,
    lat: p.lat,
    lon: p.lon,
    count: p.count,
    items: p.ids.flatMap((id) => items.get(id) ?? []),
  }));
  return { positions: mergePositions(positions), legs: [...routes.values()] };
}

/**
 * The express dashboard of a workspace: as oceanDashboard, over express_shipments; map positions and
 * legs from the coordinates each subscription copies (parcel-map.ts).
 */
export async function expressDashboard(
  db: Database,
  workspaceId: string,
  now: Date,
): Promise<ExpressDashboard> {
  const base = and(inWorkspace({ workspaceId }, es), eq(es.archived, false));
  const top = async (rule: ExpressAttentionRule) => {
    const definition = EXPRESS_ATTENTION[rule];
    const rows = await db
      .select({
        id: es.id,
        trackingNo: es.trackingNo,
        carrier: es.carrier,
        estimatedDelivery: es.estimatedDelivery,
        exceptionReason: sql<string | null>`${ti.derived} ->> 'exceptionReason'`,
        statusText: sql<string | null>`${ti.derived} ->> 'statusText'`,
      })
      .from(es)
      .innerJoin(ti, eq(ti.id, es.itemId))
      .where(and(base, definition.where(now)))
      .orderBy(definition.order)
      .limit(ATTENTION_TOP_ITEMS);
    return rows.map((r) => ({
      id: r.id,
      identifier: r.trackingNo,
      link: { expressOrderId: r.id, expressOrderNo: r.trackingNo },
      reason:
        rule === 'late' && r.estimatedDelivery
          ? [
              text('Expected '),
              instant(r.estimatedDelivery),
              text(`, ${hoursBetween(r.estimatedDelivery, now)} late`),
            ]
          : [
              text(
                rule === 'notFound'
                  ? 'The carrier does not know this number'
                  : rule === 'noConnection'
                    ? noConnectionText(parcelCarrierByCode(r.carrier)?.name ?? r.carrier)
                    : // The carrier's words; the reason code (e.g. customs_hold) only when it gave none.
                      (r.statusText ?? r.exceptionReason ?? definition.label),
              ),
            ],
    }));
  };
  const [counts, deliveries, updatedTime, tops, groups] = await Promise.all([
    countRules(db, es, base, EXPRESS_ATTENTION_RULES, EXPRESS_ATTENTION, now),
    weekCounts(db, es, es.deliveryAt, base, now),
    latestCheck(db, es, base),
    Promise.all(EXPRESS_ATTENTION_RULES.map(top)),
    expressGroups(db, workspaceId),
  ]);
  const { positions, legs } = await expressMap(
    db,
    groups.filter((g) => SHOWN_STATES.has(g.state)),
  );

  return {
    attentionVO: EXPRESS_ATTENTION_RULES.map((rule, i) => ({
      rule,
      label: EXPRESS_ATTENTION[rule].label,
      count: counts[rule],
      items: tops[i]!,
    })),
    liveMapVO: { positions, legs },
    updatedTime,
    statusBreakdown: expressStatusBreakdown(groups),
    arrivals: deliveries,
    carriers: topCarriers(groups).map((c) => ({ ...c, name: parcelCarrierByCode(c.carrier)?.name ?? null })),
  };
}

/** What the terminal said: who holds the box, or that it may be picked up, where, and until when. */
function terminalReason(rule: 'onHold' | 'availableForPickup', facts: TerminalFacts | null): ReasonPart[] {
  if (!facts) return [text(rule === 'onHold' ? 'On hold at the terminal' : 'Available for pickup')];
  const parts: ReasonPart[] = [];
  if (rule === 'onHold') {
    const held = HOLD_KINDS.filter((kind) => facts.holds[kind].state === 'held').map((kind) =>
      HOLD_KIND_LABELS[kind].toLowerCase(),
    );
    const who = held.length ? held.join(' and ') : 'a';
    parts.push(text(`${who.charAt(0).toUpperCase()}${who.slice(1)} hold at ${facts.facility}`));
  } else {
    parts.push(text(`Available at ${facts.facility}`));
    if (facts.yardLocation) parts.push(text(` · yard ${facts.yardLocation}`));
  }
  if (facts.lastFreeDay) parts.push(text(' · storage paid through '), day(facts.lastFreeDay));
  return parts;
}
