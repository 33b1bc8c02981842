import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ATTENTION_TOP_ITEMS,
  EXPRESS_ATTENTION_RULES,
  MAP_TOP_ITEMS,
  type ExpressAttentionRule,
  type ExpressDashboard,
} from '@tracklane/shared/dashboard/dashboard.schema';
import { PARCEL_STATUS_LABELS, type ParcelStatus } from '@tracklane/shared/tracking/express/parcel-event';
import { parcelCarrierByCode } from '@tracklane/shared/tracking/express/parcel-carriers';
import { noConnectionText } from '@tracklane/shared/tracking/no-connection';
import type { MapPath } from '@tracklane/shared/tracking/shipment-map.schema';
import type { Database } from '../../db/client';
import { expressShipments as es, trackedItems as ti } from '../../db/schema/tracking';
import { EXPRESS_ATTENTION } from './express-attention';
import { inWorkspace } from '../../tenancy/scope';
import {
  countRules,
  hoursBetween,
  instant,
  latestCheck,
  mergePositions,
  SHOWN_STATES,
  text,
  topCarriers,
  weekCounts,
} from '../dashboard/dashboard-parts';

type ExpressItem = ExpressDashboard['liveMapVO']['positions'][number]['items'][number];

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
): Promise<Omit<ExpressDashboard, 'exceptions'>> {
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
