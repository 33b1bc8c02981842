import { and, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import {
  ATTENTION_TOP_ITEMS,
  ETA_SLIP_THRESHOLD_HOURS,
  EXPRESS_ATTENTION_RULES,
  MAP_TOP_ITEMS,
  OCEAN_ATTENTION_RULES,
  type ExpressDashboard,
  type OceanDashboard,
} from '@tracklane/shared/dashboard/dashboard.schema';
import { PARCEL_STATUS_LABELS, type ParcelStatus } from '@tracklane/shared/express/parcel-event';
import { parcelCarrierByCode } from '@tracklane/shared/express/parcel-carriers';
import { carrierByScac } from '@tracklane/shared/tracking/carriers';
import type { ShipmentStatus } from '@tracklane/shared/tracking/derive-shipment';
import { portByLocode } from '@tracklane/shared/tracking/ports';
import type { Database } from '../../db/client';
import { expressShipments as es, oceanShipments as os, trackedItems as ti } from '../../db/schema/tracking';
import { EXPRESS_ATTENTION, OCEAN_ATTENTION, type AttentionRule } from './attention';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Monday 00:00 UTC of the week of `now`. */
function startOfWeek(now: Date): Date {
  const day = Math.floor(now.getTime() / DAY);
  // 1970-01-01 was a Thursday: day 0 is 3 days after a Monday.
  return new Date((day - ((day + 3) % 7)) * DAY);
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const shortDate = (d: Date | string) => new Date(d).toISOString().slice(0, 10);
const countOf = (where: SQL) => sql<number>`count(*) filter (where ${where})`.mapWith(Number);

function hoursBetween(from: Date, to: Date): string {
  const hours = Math.round((to.getTime() - from.getTime()) / HOUR);
  return hours >= 48 ? `${String(Math.round(hours / 24))} days` : `${String(hours)} h`;
}

/** The point `fraction` of the way from a to b, across the antimeridian when that is shorter. */
function between(a: { lat: number; lon: number }, b: { lat: number; lon: number }, fraction: number) {
  let toLon = b.lon;
  if (toLon - a.lon > 180) toLon -= 360;
  if (a.lon - toLon > 180) toLon += 360;
  let lon = a.lon + (toLon - a.lon) * fraction;
  if (lon > 180) lon -= 360;
  if (lon < -180) lon += 360;
  return { lat: a.lat + (b.lat - a.lat) * fraction, lon };
}

type MapPosition<Item> = {
  key: string;
  kind: 'port' | 'vessel' | 'city';
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
type Counts = Record<string, SQL<number>>;

/**
 * Every rule's count in at most two passes over the workspace's rows: one over the subscription table
 * alone, one joined to tracked_items for the rules that read the item (stale).
 */
async function countRules<Rule extends string>(
  rules: readonly Rule[],
  definitions: Record<Rule, AttentionRule>,
  now: Date,
  run: (fields: Counts, joinItem: boolean) => Promise<Record<string, number> | undefined>,
): Promise<Record<Rule, number>> {
  const fields = (joinItem: boolean) =>
    Object.fromEntries<SQL<number>>(
      rules
        .filter((rule) => Boolean(definitions[rule].readsItem) === joinItem)
        .map((rule) => [rule, countOf(definitions[rule].where(now))]),
    );
  const passes = [false, true].map((joinItem) => {
    const f = fields(joinItem);
    return Object.keys(f).length ? run(f, joinItem) : Promise.resolve(undefined);
  });
  const [plain, joined] = await Promise.all(passes);
  return Object.fromEntries(rules.map((rule) => [rule, plain?.[rule] ?? joined?.[rule] ?? 0])) as Record<
    Rule,
    number
  >;
}

type Subscriptions = typeof os | typeof es;

/** Every rule's count over a mode's non-archived subscriptions (`base`), joined to the item when a rule reads it. */
function countRulesOn<Rule extends string>(
  db: Database,
  table: Subscriptions,
  base: SQL | undefined,
  rules: readonly Rule[],
  definitions: Record<Rule, AttentionRule>,
  now: Date,
): Promise<Record<Rule, number>> {
  return countRules(rules, definitions, now, async (fields, joinItem) => {
    const query = db.select(fields).from(table);
    const [row] = await (joinItem ? query.innerJoin(ti, eq(ti.id, table.itemId)) : query).where(base);
    return row;
  });
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
 * The ocean dashboard of a workspace (issue 11), computed in PostgreSQL: COUNT FILTER passes for the
 * attention counts, LIMITed queries for each rule's top items, index ranges for arrivals and the
 * latest check, and GROUP BYs for statuses, carriers and map positions (one row per port or vessel,
 * never per shipment).
 */
export async function oceanDashboard(db: Database, workspaceId: string, now: Date): Promise<OceanDashboard> {
  const base = and(eq(os.workspaceId, workspaceId), eq(os.archived, false));
  const [counts, arrivals, updatedTime] = await Promise.all([
    countRulesOn(db, os, base, OCEAN_ATTENTION_RULES, OCEAN_ATTENTION, now),
    weekCounts(db, os, os.arrivalAt, base, now),
    latestCheck(db, os, base),
  ]);

  const attentionVO = await Promise.all(
    OCEAN_ATTENTION_RULES.map(async (rule) => {
      const definition = OCEAN_ATTENTION[rule];
      const rows = await db
        .select({
          id: os.id,
          containerNo: os.containerNo,
          mblNo: os.mblNo,
          lastFreeDay: os.lastFreeDay,
          eta: os.eta,
          firstEta: os.firstEta,
          ata: os.ata,
          lastCheckedAt: ti.lastCheckedAt,
          consecutiveFailures: ti.consecutiveFailures,
        })
        .from(os)
        .innerJoin(ti, eq(ti.id, os.itemId))
        .where(and(base, definition.where(now)))
        .orderBy(definition.order)
        .limit(ATTENTION_TOP_ITEMS);
      return {
        rule,
        label: definition.label,
        count: counts[rule],
        items: rows.map((r) => ({
          id: r.id,
          identifier: r.containerNo,
          link: { containerNo: r.containerNo, mblNo: r.mblNo },
          reason: oceanReason(rule, r, now),
        })),
      };
    }),
  );

  const [statuses, carriers, positions, legs] = await Promise.all([
    db.select({ status: os.status, count: count() }).from(os).where(base).groupBy(os.status),
    db
      .select({ carrier: os.carrierScac, count: count() })
      .from(os)
      .where(base)
      .groupBy(os.carrierScac)
      .orderBy(desc(count()), os.carrierScac)
      .limit(10),
    oceanPositions(db, workspaceId, now),
    oceanLegs(db, workspaceId),
  ]);

  const groups = new Map<string, number>();
  for (const s of statuses) {
    const group = OCEAN_GROUP[(s.status ?? 'booked') as ShipmentStatus] ?? 'preDeparture';
    groups.set(group, (groups.get(group) ?? 0) + s.count);
  }

  return {
    attentionVO,
    liveMapVO: { positions, legs },
    updatedTime,
    statusBreakdown: Object.entries(OCEAN_GROUP_LABELS).map(([status, label]) => ({
      status,
      label,
      count: groups.get(status) ?? 0,
    })),
    arrivals,
    carriers: carriers.map((c) => ({
      carrier: c.carrier,
      name: carrierByScac(c.carrier)?.name ?? null,
      count: c.count,
    })),
  };
}

function oceanReason(
  rule: (typeof OCEAN_ATTENTION_RULES)[number],
  r: {
    lastFreeDay: Date | null;
    eta: Date | null;
    firstEta: Date | null;
    ata: Date | null;
    lastCheckedAt: Date | null;
    consecutiveFailures: number;
  },
  now: Date,
): string {
  switch (rule) {
    case 'lfdPassed':
    case 'lfdToday':
    case 'lfdSoon':
      return `Last free day ${r.lastFreeDay ? shortDate(r.lastFreeDay) : '-'}`;
    case 'etaSlipped':
      return r.eta && r.firstEta
        ? `ETA ${shortDate(r.eta)}, ${hoursBetween(r.firstEta, r.eta)} later than first given`
        : `ETA slipped by ${String(ETA_SLIP_THRESHOLD_HOURS)} h or more`;
    case 'arrivedNotPickedUp':
      return r.ata ? `Arrived ${shortDate(r.ata)}, not picked up` : 'Discharged, not picked up';
    case 'notFound':
      return 'The carrier does not know this container';
    case 'stale':
      if (!r.lastCheckedAt) return 'Never checked';
      return r.consecutiveFailures > 0
        ? `${String(r.consecutiveFailures)} failed checks in a row`
        : `Last checked ${hoursBetween(r.lastCheckedAt, now)} ago`;
  }
}

/** Shown on the map: the workspace's active shipments being followed. */
const shownOcean = (workspaceId: string) =>
  sql`${os.workspaceId} = ${workspaceId} AND NOT ${os.archived} AND ${os.state} IN ('pending', 'active')`;

/**
 * Up to MAP_TOP_ITEMS shipments of each position: the ids come from the position's group (unordered:
 * ordering them would sort every shipment), their numbers from one primary-key lookup.
 */
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
 * A container on the water sits on its vessel between the port of loading and the port of discharge,
 * the fraction of the way that the time from ATD to ETA has elapsed (one position per vessel and
 * leg); any other at its last known port: the port of discharge once it has arrived, else the port of
 * loading. Transshipment legs are not told apart: the derived view has no times per leg.
 */
async function oceanPositions(db: Database, workspaceId: string, now: Date) {
  const rows = await db.execute<{
    at: 'vessel' | 'port';
    locode: string | null;
    vessel: string | null;
    pol: string | null;
    pod: string | null;
    atd: string | null;
    eta: string | null;
    count: string;
    ids: string[];
  }>(sql`
    SELECT at, locode, vessel, pol, pod, min(atd) AS atd, max(eta) AS eta, count(*) AS count,
      (array_agg(id::text))[1:${sql.raw(String(MAP_TOP_ITEMS))}] AS ids
    FROM (
      SELECT ${os.id} AS id, ${os.atd} AS atd, ${os.eta} AS eta, w.at,
        CASE WHEN w.at = 'port' THEN
          CASE WHEN ${os.status} IN ('arrived', 'discharged', 'delivered', 'empty_returned') THEN ${os.podLocode}
               ELSE ${os.polLocode} END END AS locode,
        CASE WHEN w.at = 'vessel' THEN ${os.vesselName} END AS vessel,
        CASE WHEN w.at = 'vessel' THEN ${os.polLocode} END AS pol,
        CASE WHEN w.at = 'vessel' THEN ${os.podLocode} END AS pod
      FROM ${os}
      CROSS JOIN LATERAL (SELECT CASE
        WHEN ${os.status} = 'in_transit' AND ${os.atd} IS NOT NULL AND ${os.eta} IS NOT NULL
         AND ${os.polLocode} IS NOT NULL AND ${os.podLocode} IS NOT NULL THEN 'vessel'
        ELSE 'port' END AS at) w
      WHERE ${shownOcean(workspaceId)}
    ) shown
    WHERE at = 'vessel' OR locode IS NOT NULL
    -- A vessel is one position per leg; an unnamed one is told apart by its departure.
    GROUP BY at, locode, vessel, pol, pod, CASE WHEN at = 'vessel' AND vessel IS NULL THEN atd END`);

  const items = await oceanItems(
    db,
    rows.rows.flatMap((r) => r.ids),
  );
  const itemsOf = (ids: string[]) => ids.flatMap((id) => items.get(id) ?? []);
  const positions: MapPosition<OceanItem>[] = [];
  for (const r of rows.rows) {
    if (r.at === 'port') {
      const port = r.locode ? portByLocode(r.locode) : undefined;
      if (!port) continue;
      positions.push({
        key: `port:${port.locode}`,
        kind: 'port',
        name: port.name,
        lat: port.lat,
        lon: port.lon,
        count: Number(r.count),
        items: itemsOf(r.ids),
      });
      continue;
    }
    const from = portByLocode(r.pol ?? '');
    const to = portByLocode(r.pod ?? '');
    if (!from || !to || !r.atd || !r.eta) continue;
    const atd = Date.parse(r.atd);
    const eta = Date.parse(r.eta);
    const fraction = eta > atd ? Math.min(1, Math.max(0, (now.getTime() - atd) / (eta - atd))) : 1;
    const point = between(from, to, fraction);
    const lat = Math.round(point.lat * 100) / 100;
    const lon = Math.round(point.lon * 100) / 100;
    positions.push({
      key: `vessel:${r.vessel ?? '?'}:${from.locode}-${to.locode}:${String(lat)},${String(lon)}`,
      kind: 'vessel',
      name: r.vessel ?? `${from.name} – ${to.name}`,
      lat,
      lon,
      count: Number(r.count),
      items: itemsOf(r.ids),
    });
  }
  return mergePositions(positions);
}

async function oceanLegs(db: Database, workspaceId: string) {
  const rows = await db
    .select({ pol: os.polLocode, pod: os.podLocode, count: count() })
    .from(os)
    .where(sql`${shownOcean(workspaceId)} AND ${os.polLocode} IS NOT NULL AND ${os.podLocode} IS NOT NULL`)
    .groupBy(os.polLocode, os.podLocode);
  return rows.flatMap((r) => {
    const from = portByLocode(r.pol ?? '');
    const to = portByLocode(r.pod ?? '');
    return from && to && from.locode !== to.locode
      ? [{ from: { lat: from.lat, lon: from.lon }, to: { lat: to.lat, lon: to.lon }, count: r.count }]
      : [];
  });
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

/**
 * The express dashboard of a workspace: as oceanDashboard, over express_shipments; map positions and
 * legs from the coordinates each subscription copies (parcel-map.ts).
 */
export async function expressDashboard(
  db: Database,
  workspaceId: string,
  now: Date,
): Promise<ExpressDashboard> {
  const base = and(eq(es.workspaceId, workspaceId), eq(es.archived, false));
  const [counts, deliveries, updatedTime] = await Promise.all([
    countRulesOn(db, es, base, EXPRESS_ATTENTION_RULES, EXPRESS_ATTENTION, now),
    weekCounts(db, es, es.deliveryAt, base, now),
    latestCheck(db, es, base),
  ]);

  const attentionVO = await Promise.all(
    EXPRESS_ATTENTION_RULES.map(async (rule) => {
      const definition = EXPRESS_ATTENTION[rule];
      const rows = await db
        .select({
          id: es.id,
          trackingNo: es.trackingNo,
          estimatedDelivery: es.estimatedDelivery,
          exceptionReason: sql<string | null>`${ti.derived} ->> 'exceptionReason'`,
          statusText: sql<string | null>`${ti.derived} ->> 'statusText'`,
        })
        .from(es)
        .innerJoin(ti, eq(ti.id, es.itemId))
        .where(and(base, definition.where(now)))
        .orderBy(definition.order)
        .limit(ATTENTION_TOP_ITEMS);
      return {
        rule,
        label: definition.label,
        count: counts[rule],
        items: rows.map((r) => ({
          id: r.id,
          identifier: r.trackingNo,
          link: { expressOrderId: r.id, expressOrderNo: r.trackingNo },
          reason:
            rule === 'late' && r.estimatedDelivery
              ? `Expected ${shortDate(r.estimatedDelivery)}, ${hoursBetween(r.estimatedDelivery, now)} late`
              : rule === 'notFound'
                ? 'The carrier does not know this number'
                : (r.exceptionReason ?? r.statusText ?? definition.label),
        })),
      };
    }),
  );

  const shown = and(base, sql`${es.state} IN ('pending', 'active')`);
  const [statuses, carriers, places, routes] = await Promise.all([
    db.select({ status: es.status, count: count() }).from(es).where(base).groupBy(es.status),
    db
      .select({ carrier: es.carrier, count: count() })
      .from(es)
      .where(base)
      .groupBy(es.carrier)
      .orderBy(desc(count()), es.carrier)
      .limit(10),
    db
      .select({
        lat: es.mapLat,
        lon: es.mapLon,
        name: sql<string | null>`min(${es.mapName})`,
        count: count(),
        ids: sql<string[]>`(array_agg(${es.id}::text))[1:${sql.raw(String(MAP_TOP_ITEMS))}]`,
      })
      .from(es)
      .where(and(shown, isNotNull(es.mapLat), isNotNull(es.mapLon)))
      .groupBy(es.mapLat, es.mapLon),
    db
      .select({
        fromLat: es.originLat,
        fromLon: es.originLon,
        toLat: es.destinationLat,
        toLon: es.destinationLon,
        count: count(),
      })
      .from(es)
      .where(
        and(
          shown,
          isNotNull(es.originLat),
          isNotNull(es.originLon),
          isNotNull(es.destinationLat),
          isNotNull(es.destinationLon),
        ),
      )
      .groupBy(es.originLat, es.originLon, es.destinationLat, es.destinationLon),
  ]);

  const ids = places.flatMap((p) => p.ids);
  const parcels = ids.length
    ? await db.select({ id: es.id, trackingNo: es.trackingNo }).from(es).where(inArray(es.id, ids))
    : [];
  const items = new Map<string, ExpressItem>(
    parcels.map((p) => [
      p.id,
      { id: p.id, identifier: p.trackingNo, link: { expressOrderId: p.id, expressOrderNo: p.trackingNo } },
    ]),
  );
  const positions = places.flatMap((p) =>
    p.lat === null || p.lon === null
      ? []
      : [
          {
            key: `city:${p.lat.toFixed(2)},${p.lon.toFixed(2)}`,
            kind: 'city' as const,
            name: p.name ?? `${p.lat.toFixed(2)}, ${p.lon.toFixed(2)}`,
            lat: p.lat,
            lon: p.lon,
            count: p.count,
            items: p.ids.flatMap((id) => items.get(id) ?? []),
          },
        ],
  );
  const legs = routes.flatMap((r) =>
    r.fromLat === null || r.fromLon === null || r.toLat === null || r.toLon === null
      ? []
      : r.fromLat === r.toLat && r.fromLon === r.toLon
        ? []
        : [{ from: { lat: r.fromLat, lon: r.fromLon }, to: { lat: r.toLat, lon: r.toLon }, count: r.count }],
  );

  return {
    attentionVO,
    liveMapVO: { positions: mergePositions(positions), legs },
    updatedTime,
    statusBreakdown: expressStatusBreakdown(statuses),
    arrivals: deliveries,
    carriers: carriers.map((c) => ({
      carrier: c.carrier,
      name: parcelCarrierByCode(c.carrier)?.name ?? null,
      count: c.count,
    })),
  };
}
