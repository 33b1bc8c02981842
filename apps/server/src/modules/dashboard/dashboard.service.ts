import { and, count, desc, eq, max, sql, type SQL } from 'drizzle-orm';
import {
  ATTENTION_TOP_ITEMS,
  ETA_SLIP_THRESHOLD_HOURS,
  EXPRESS_ATTENTION_RULES,
  MAP_TOP_ITEMS,
  OCEAN_ATTENTION_RULES,
  type ExpressAttentionRule,
  type ExpressDashboard,
  type OceanAttentionRule,
  type OceanDashboard,
} from '@tracklane/shared/dashboard/dashboard.schema';
import { PARCEL_HUBS } from '@tracklane/shared/express/parcel-hubs';
import {
  PARCEL_STATUS_LABELS,
  type ParcelPlace,
  type ParcelStatus,
} from '@tracklane/shared/express/parcel-event';
import { parcelCarrierByCode } from '@tracklane/shared/express/parcel-carriers';
import { carrierByScac } from '@tracklane/shared/tracking/carriers';
import type { ShipmentStatus } from '@tracklane/shared/tracking/derive-shipment';
import { portByLocode } from '@tracklane/shared/tracking/ports';
import type { Database } from '../../db/client';
import { expressShipments as es, oceanShipments as os, trackedItems as ti } from '../../db/schema/tracking';
import { EXPRESS_ATTENTION, OCEAN_ATTENTION } from './attention';

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

/**
 * The ocean dashboard of a workspace (issue 11), computed in PostgreSQL: one pass of COUNT FILTERs
 * for the attention counts, arrivals and updatedTime, LIMITed queries for each rule's top items, and
 * GROUP BYs for statuses, carriers and map positions (one row per port or voyage, never per shipment).
 */
export async function oceanDashboard(db: Database, workspaceId: string, now: Date): Promise<OceanDashboard> {
  const base = and(eq(os.workspaceId, workspaceId), eq(os.archived, false));
  const week = startOfWeek(now);
  const nextWeek = new Date(week.getTime() + 7 * DAY);
  const weekAfter = new Date(week.getTime() + 14 * DAY);
  const counts = Object.fromEntries(
    OCEAN_ATTENTION_RULES.map((rule) => [rule, countOf(OCEAN_ATTENTION[rule].where(now))]),
  ) as Record<OceanAttentionRule, SQL<number>>;

  const [totals] = await db
    .select({
      ...counts,
      thisWeek: countOf(sql`${os.arrivalAt} >= ${week} AND ${os.arrivalAt} < ${nextWeek}`),
      nextWeek: countOf(sql`${os.arrivalAt} >= ${nextWeek} AND ${os.arrivalAt} < ${weekAfter}`),
      updatedTime: max(ti.lastCheckedAt),
    })
    .from(os)
    .innerJoin(ti, eq(ti.id, os.itemId))
    .where(base);

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
          createdAt: os.createdAt,
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
        count: totals?.[rule] ?? 0,
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
    updatedTime: iso(totals?.updatedTime ?? null),
    statusBreakdown: Object.entries(OCEAN_GROUP_LABELS).map(([status, label]) => ({
      status,
      label,
      count: groups.get(status) ?? 0,
    })),
    arrivals: { thisWeek: totals?.thisWeek ?? 0, nextWeek: totals?.nextWeek ?? 0 },
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
    items: { id: string; containerNo: string; mblNo: string }[];
  }>(sql`
    WITH shown AS (
      SELECT ${os.id} AS id, ${os.containerNo} AS container_no, ${os.mblNo} AS mbl_no, ${os.createdAt} AS created_at,
        ${os.vesselName} AS vessel, ${os.polLocode} AS pol, ${os.podLocode} AS pod, ${os.atd} AS atd, ${os.eta} AS eta,
        CASE WHEN ${os.status} = 'in_transit' AND ${os.atd} IS NOT NULL AND ${os.eta} IS NOT NULL
                  AND ${os.polLocode} IS NOT NULL AND ${os.podLocode} IS NOT NULL THEN 'vessel'
             ELSE 'port' END AS at,
        CASE WHEN ${os.status} IN ('arrived', 'discharged', 'delivered', 'empty_returned') THEN ${os.podLocode}
             ELSE ${os.polLocode} END AS locode
      FROM ${os} WHERE ${shownOcean(workspaceId)}
    )
    SELECT at, CASE WHEN at = 'port' THEN locode END AS locode,
      CASE WHEN at = 'vessel' THEN vessel END AS vessel,
      CASE WHEN at = 'vessel' THEN pol END AS pol, CASE WHEN at = 'vessel' THEN pod END AS pod,
      CASE WHEN at = 'vessel' THEN atd END AS atd, CASE WHEN at = 'vessel' THEN eta END AS eta,
      count(*) AS count,
      jsonb_path_query_array(
        jsonb_agg(jsonb_build_object('id', id, 'containerNo', container_no, 'mblNo', mbl_no)
          ORDER BY created_at DESC, id),
        '$[0 to ${sql.raw(String(MAP_TOP_ITEMS - 1))}]') AS items
    FROM shown
    WHERE at = 'vessel' OR locode IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6, 7`);

  const toItem = (i: { id: string; containerNo: string; mblNo: string }): OceanItem => ({
    id: i.id,
    identifier: i.containerNo,
    link: { containerNo: i.containerNo, mblNo: i.mblNo },
  });
  const positions: MapPosition<OceanItem>[] = [];
  for (const r of rows.rows) {
    const items = r.items.map(toItem);
    if (r.at === 'port') {
      const port = r.locode ? portByLocode(r.locode) : undefined;
      if (!port) continue;
      const { lat, lon } = port;
      positions.push({
        key: `port:${port.locode}`,
        kind: 'port',
        name: port.name,
        lat,
        lon,
        count: Number(r.count),
        items,
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
      items,
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

type ExpressItem = ExpressDashboard['liveMapVO']['positions'][number]['items'][number];

/** A place's coordinates: its own, else its city's among the parcel hubs. */
function placePoint(place: ParcelPlace | null): { lat: number; lon: number; name: string } | null {
  if (!place) return null;
  const name = place.city ?? place.name;
  if (typeof place.latitude === 'number' && typeof place.longitude === 'number')
    return {
      lat: place.latitude,
      lon: place.longitude,
      name: name ?? `${String(place.latitude)}, ${String(place.longitude)}`,
    };
  const city = place.city?.trim().toLowerCase();
  const hub = city
    ? PARCEL_HUBS.find(
        (h) =>
          h.city.toLowerCase() === city &&
          (!place.countryCode || h.country === place.countryCode.toUpperCase()),
      )
    : undefined;
  return hub ? { lat: hub.lat, lon: hub.lon, name: hub.city } : null;
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

/** The express dashboard of a workspace: as oceanDashboard, over express_shipments. */
export async function expressDashboard(
  db: Database,
  workspaceId: string,
  now: Date,
): Promise<ExpressDashboard> {
  const base = and(eq(es.workspaceId, workspaceId), eq(es.archived, false));
  const week = startOfWeek(now);
  const nextWeek = new Date(week.getTime() + 7 * DAY);
  const weekAfter = new Date(week.getTime() + 14 * DAY);
  const counts = Object.fromEntries(
    EXPRESS_ATTENTION_RULES.map((rule) => [rule, countOf(EXPRESS_ATTENTION[rule].where(now))]),
  ) as Record<ExpressAttentionRule, SQL<number>>;

  const [totals] = await db
    .select({
      ...counts,
      thisWeek: countOf(sql`${es.deliveryAt} >= ${week} AND ${es.deliveryAt} < ${nextWeek}`),
      nextWeek: countOf(sql`${es.deliveryAt} >= ${nextWeek} AND ${es.deliveryAt} < ${weekAfter}`),
      updatedTime: max(ti.lastCheckedAt),
    })
    .from(es)
    .innerJoin(ti, eq(ti.id, es.itemId))
    .where(base);

  const attentionVO = await Promise.all(
    EXPRESS_ATTENTION_RULES.map(async (rule) => {
      const definition = EXPRESS_ATTENTION[rule];
      const rows = await db
        .select({
          id: es.id,
          trackingNo: es.trackingNo,
          status: es.status,
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
        count: totals?.[rule] ?? 0,
        items: rows.map((r) => ({
          id: r.id,
          identifier: r.trackingNo,
          link: { expressOrderId: r.id, expressOrderNo: r.trackingNo },
          reason:
            rule === 'late' && r.estimatedDelivery
              ? `Expected ${shortDate(r.estimatedDelivery)}, ${hoursBetween(r.estimatedDelivery, now)} late`
              : rule === 'notFound'
                ? 'The carrier does not know this number'
                : (r.exceptionReason ?? r.statusText ?? EXPRESS_ATTENTION[rule].label),
        })),
      };
    }),
  );

  const shown = sql`${es.workspaceId} = ${workspaceId} AND NOT ${es.archived} AND ${es.state} IN ('pending', 'active')`;
  const [statuses, carriers, places, routes] = await Promise.all([
    db.select({ status: es.status, count: count() }).from(es).where(base).groupBy(es.status),
    db
      .select({ carrier: es.carrier, count: count() })
      .from(es)
      .where(base)
      .groupBy(es.carrier)
      .orderBy(desc(count()), es.carrier)
      .limit(10),
    db.execute<{ place: ParcelPlace | null; count: string; items: { id: string; trackingNo: string }[] }>(sql`
      SELECT place, count(*) AS count,
        jsonb_path_query_array(
          jsonb_agg(jsonb_build_object('id', id, 'trackingNo', tracking_no) ORDER BY created_at DESC, id),
          '$[0 to ${sql.raw(String(MAP_TOP_ITEMS - 1))}]') AS items
      FROM (
        SELECT ${es.id} AS id, ${es.trackingNo} AS tracking_no, ${es.createdAt} AS created_at,
          CASE WHEN jsonb_typeof(${ti.derived} #> '{lastLocation,latitude}') = 'number'
                    AND jsonb_typeof(${ti.derived} #> '{lastLocation,longitude}') = 'number'
                 THEN ${ti.derived} -> 'lastLocation'
               WHEN ${es.status} = 'delivered' THEN ${ti.derived} -> 'destination'
               ELSE ${ti.derived} -> 'origin' END AS place
        FROM ${es} JOIN ${ti} ON ${ti.id} = ${es.itemId}
        WHERE ${shown}
      ) p
      WHERE place IS NOT NULL AND jsonb_typeof(place) = 'object'
      GROUP BY place`),
    db.execute<{ origin: ParcelPlace; destination: ParcelPlace; count: string }>(sql`
      SELECT ${ti.derived} -> 'origin' AS origin, ${ti.derived} -> 'destination' AS destination, count(*) AS count
      FROM ${es} JOIN ${ti} ON ${ti.id} = ${es.itemId}
      WHERE ${shown} AND jsonb_typeof(${ti.derived} -> 'origin') = 'object'
        AND jsonb_typeof(${ti.derived} -> 'destination') = 'object'
      GROUP BY 1, 2`),
  ]);

  const positions: MapPosition<ExpressItem>[] = [];
  for (const r of places.rows) {
    const point = placePoint(r.place);
    if (!point) continue;
    positions.push({
      key: `city:${point.lat.toFixed(2)},${point.lon.toFixed(2)}`,
      kind: 'city',
      name: point.name,
      lat: point.lat,
      lon: point.lon,
      count: Number(r.count),
      items: r.items.map((i) => ({
        id: i.id,
        identifier: i.trackingNo,
        link: { expressOrderId: i.id, expressOrderNo: i.trackingNo },
      })),
    });
  }
  const legs = new Map<string, ExpressDashboard['liveMapVO']['legs'][number]>();
  for (const r of routes.rows) {
    const from = placePoint(r.origin);
    const to = placePoint(r.destination);
    if (!from || !to || (from.lat === to.lat && from.lon === to.lon)) continue;
    const key = [from.lat, from.lon, to.lat, to.lon].join(',');
    const leg = legs.get(key);
    if (leg) leg.count += Number(r.count);
    else
      legs.set(key, {
        from: { lat: from.lat, lon: from.lon },
        to: { lat: to.lat, lon: to.lon },
        count: Number(r.count),
      });
  }

  return {
    attentionVO,
    liveMapVO: { positions: mergePositions(positions), legs: [...legs.values()] },
    updatedTime: iso(totals?.updatedTime ?? null),
    statusBreakdown: expressStatusBreakdown(statuses),
    arrivals: { thisWeek: totals?.thisWeek ?? 0, nextWeek: totals?.nextWeek ?? 0 },
    carriers: carriers.map((c) => ({
      carrier: c.carrier,
      name: parcelCarrierByCode(c.carrier)?.name ?? null,
      count: c.count,
    })),
  };
}
