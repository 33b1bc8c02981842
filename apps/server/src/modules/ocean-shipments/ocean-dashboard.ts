import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ATTENTION_TOP_ITEMS,
  ETA_SLIP_THRESHOLD_HOURS,
  MAP_TOP_ITEMS,
  OCEAN_ATTENTION_RULES,
  type OceanAttentionRule,
  type OceanDashboard,
  type ReasonPart,
} from '@tracklane/shared/dashboard/dashboard.schema';
import { clockLabel, daysLeftText } from '@tracklane/shared/free-time/free-time-text';
import { carrierByScac, carrierLabel } from '@tracklane/shared/tracking/ocean/carriers';
import { noConnectionText } from '@tracklane/shared/tracking/no-connection';
import type { Roll, ShipmentStatus } from '@tracklane/shared/tracking/ocean/derive-shipment';
import type { DerivedShipment, PortRef } from '@tracklane/shared/tracking/ocean/derive-shipment';
import { seaLanes } from '@tracklane/shared/tracking/ocean/sea-lanes/sea-lanes';
import { placePoint, voyageRoute } from '@tracklane/shared/tracking/ocean/sea-lanes/voyage-map';
import {
  portCalls,
  voyagePlace,
  type VoyagePlace,
  type VoyageView,
} from '@tracklane/shared/tracking/ocean/voyage';
import { type TerminalFacts } from '@tracklane/shared/terminal-availability/terminal-availability';
import type { ArrivalEstimates } from '@tracklane/shared/tracking/ocean/eta/eta-estimates.schema';
import type { Database } from '../../db/client';
import { workspaces } from '../../db/schema/organizations';
import { oceanShipments as os, terminalFacts, trackedItems as ti } from '../../db/schema/tracking';
import { withMeasuredEstimates } from './eta/arrival-estimates';
import { clockColumns, clocksNow, termsColumns } from './free-time/free-time-clocks';
import { toOceanShipment } from './ocean-shipments.service';
import { OCEAN_ATTENTION } from './ocean-attention';
import { inWorkspace } from '../../tenancy/scope';
import {
  countRules,
  day,
  hoursBetween,
  instant,
  latestCheck,
  type MapPosition,
  mergePositions,
  SHOWN_STATES,
  terminalReason,
  text,
  topCarriers,
  weekCounts,
} from '../dashboard/dashboard-parts';

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
 * The ocean dashboard of a workspace (issue 11), computed in PostgreSQL: per attention rule a count and
 * a LIMITed query of its top items over an index made for the rule, index ranges for arrivals and the
 * latest check, and one grouped pass for statuses, carriers and the map (one row per lane, vessel and
 * status, never per shipment). The queries are independent and sent at once.
 */
export async function oceanDashboard(
  db: Database,
  workspaceId: string,
  now: Date,
): Promise<Omit<OceanDashboard, 'exceptions'>> {
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
    // An ETA a reason shows carries its sources and band, as in the list and the detail.
    const estimates = ETA_REASONS.has(rule)
      ? await shownEstimates(
          db,
          workspaceId,
          rows.map((r) => r.id),
          now,
        )
      : new Map<string, ArrivalEstimates>();
    return rows.map((r) => ({
      id: r.id,
      identifier: r.containerNo,
      link: { containerNo: r.containerNo, mblNo: r.mblNo },
      reason: oceanReason(rule, { ...r, estimates: estimates.get(r.id) ?? null }, now),
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

/** The attention rules whose reason shows an ETA. */
const ETA_REASONS: ReadonlySet<OceanAttentionRule> = new Set(['etaSlipped']);

/**
 * The ETAs by source of these shipments of the workspace, as the list and the detail give them
 * (withMeasuredEstimates: the organization's own measured band and Tracklane's estimate), by id.
 */
async function shownEstimates(
  db: Database,
  workspaceId: string,
  ids: string[],
  now: Date,
): Promise<Map<string, ArrivalEstimates>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ s: os, c: ti, t: termsColumns })
    .from(os)
    .innerJoin(ti, eq(ti.id, os.itemId))
    .where(and(inWorkspace({ workspaceId }, os), inArray(os.id, ids)));
  const shipments = await withMeasuredEstimates(
    db,
    workspaceId,
    rows.map((r) => toOceanShipment(r.s, r.c, r.t, false, null, now)),
    now,
  );
  return new Map(
    shipments.flatMap((s) =>
      s.arrivalEstimates ? [[s.shipmentOverallId, s.arrivalEstimates] as const] : [],
    ),
  );
}

/** An ETA in a reason: with its sources when they are known, else the instant alone. */
const etaPart = (eta: Date, estimates: ArrivalEstimates | null): ReasonPart =>
  estimates?.estimates.length ? { kind: 'eta', value: eta.toISOString(), estimates } : instant(eta);

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
    estimates: ArrivalEstimates | null;
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
        ? [
            text('ETA '),
            etaPart(r.eta, r.estimates),
            text(`, ${hoursBetween(r.firstEta, r.eta)} later than first given`),
          ]
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
