import { and, eq, inArray } from 'drizzle-orm';
import { EXCEPTION_THRESHOLDS } from '@tracklane/shared/exceptions/exceptions.schema';
import type { DerivedShipment } from '@tracklane/shared/tracking/ocean/derive-shipment';
import { portCalls } from '@tracklane/shared/tracking/ocean/voyage';
import type { Database } from '../../db/client';
import { oceanShipments, trackedItems } from '../../db/schema/tracking';
import {
  DAY,
  HOUR,
  hoursOf,
  iso,
  noUpdate,
  notFound,
  startOfUtcDay,
  type Finding,
} from '../exceptions/exception-rules';
import type { ExceptionScope, ExceptionSubject } from '../tracking/tracking-mode';

/** What the rules read of one ocean subscription: its list columns and its item's derived view. */
export interface OceanSnapshot {
  /** The subscription's tracking state (pending, active, not_found, completed, no_source). */
  state: string;
  status: string | null;
  eta: Date | null;
  firstEta: Date | null;
  ata: Date | null;
  rolledAt: Date | null;
  terminalOnHold: boolean;
  /** The last free day of the clock that runs (demurrage, then detention). */
  freeTimeEndsOn: Date | null;
  lastCheckedAt: Date | null;
  derived: DerivedShipment | null;
}

/** Moved to another vessel or voyage and not yet arrived; each roll is an episode of its own. */
export function rolled(s: OceanSnapshot): Finding | null {
  if (!s.rolledAt || s.ata) return null;
  const last = s.derived?.rolls.at(-1);
  const detail = last
    ? `Rolled at ${last.port.locode} from ${last.from.name ?? 'a vessel'} to ${last.to.name ?? 'another vessel'}`
    : 'Rolled to another vessel or voyage';
  return { type: 'rolled', mark: iso(s.rolledAt), detail };
}

/** Not yet arrived, and the latest ETA at least the threshold later than the first one. */
export function etaSlipped(s: OceanSnapshot): Finding | null {
  if (s.ata || !s.eta || !s.firstEta) return null;
  const slip = s.eta.getTime() - s.firstEta.getTime();
  if (slip < EXCEPTION_THRESHOLDS.etaSlipHours * HOUR) return null;
  return {
    type: 'eta_slipped',
    mark: '',
    detail: `ETA ${String(hoursOf(slip))} h later than first announced`,
  };
}

/**
 * At a transshipment port (not a call its vessel makes with the box on board) the box has not yet
 * left: the next vessel's departure (actual, else
 * estimated) comes before the box's arrival there plus the buffer. Read from the view's legs: the
 * arrival of one leg and the departure of the next share the port.
 */
export function connectionAtRisk(s: OceanSnapshot): Finding | null {
  const legs = s.derived?.legs ?? [];
  // Only where the box changes vessel: at its vessel's other calls it stays on board.
  const transshipments = new Set((s.derived?.transshipments ?? []).map((p) => p.locode));
  for (let i = 0; i + 1 < legs.length; i++) {
    const inbound = legs[i]!;
    const outbound = legs[i + 1]!;
    if (outbound.departure.atd || !transshipments.has(inbound.to.locode)) continue;
    const arrival = inbound.arrival.ata ?? inbound.arrival.eta;
    const departure = outbound.departure.etd;
    if (!arrival || !departure) continue;
    const buffer = Date.parse(departure) - Date.parse(arrival);
    if (buffer >= EXCEPTION_THRESHOLDS.connectionBufferHours * HOUR) continue;
    const port = inbound.to.locode;
    const detail =
      buffer < 0
        ? `Next vessel leaves ${port} ${String(hoursOf(-buffer))} h before the box arrives`
        : `Only ${String(hoursOf(buffer))} h between arrival and the next departure at ${port}`;
    return { type: 'connection_at_risk', mark: port, detail };
  }
  return null;
}

/**
 * At a transshipment port the box has reached and not yet left: its next departure is expected the
 * threshold later than the carrier first planned it (the wait there grew), or is the threshold overdue
 * at `now` with no departure known. One episode per port.
 */
export function transshipmentDelayed(s: OceanSnapshot, now: Date): Finding | null {
  const legs = s.derived?.legs ?? [];
  const transshipments = new Set((s.derived?.transshipments ?? []).map((p) => p.locode));
  const threshold = EXCEPTION_THRESHOLDS.transshipmentDelayHours * HOUR;
  for (let i = 0; i + 1 < legs.length; i++) {
    const inbound = legs[i]!;
    const outbound = legs[i + 1]!;
    const port = inbound.to.locode;
    if (!transshipments.has(port) || !inbound.arrival.ata || outbound.departure.atd) continue;
    const { etd, plannedEtd } = outbound.departure;
    if (!etd) continue;
    const later = plannedEtd ? Date.parse(etd) - Date.parse(plannedEtd) : 0;
    const overdue = now.getTime() - Date.parse(etd);
    if (later >= threshold)
      return {
        type: 'transshipment_delayed',
        mark: port,
        detail: `Next departure from ${port} ${String(hoursOf(later))} h later than planned`,
      };
    if (overdue >= threshold)
      return {
        type: 'transshipment_delayed',
        mark: port,
        detail: `Still at ${port} ${String(hoursOf(overdue))} h after the planned departure`,
      };
  }
  return null;
}

/** The current route's calls (loading to discharge) and the first published one, while not arrived. */
function routes(s: OceanSnapshot): { planned: string[]; current: string[] } | null {
  const planned = s.derived?.plannedRoute?.map((p) => p.locode) ?? [];
  if (s.ata || s.derived?.arrivalVO.ata || planned.length === 0 || !s.derived?.pod) return null;
  const current = portCalls(s.derived).map((p) => p.locode);
  return current.length ? { planned, current } : null;
}

/**
 * A port call in the carrier's current route that its first published route did not have, or one
 * the route had that the carrier no longer lists; until the box arrives, or the route is back as
 * planned. The mark names the ports: another change is another episode.
 */
export function portChanged(s: OceanSnapshot): Finding | null {
  const r = routes(s);
  if (!r) return null;
  const added = [...new Set(r.current.filter((p) => !r.planned.includes(p)))];
  const omitted = [...new Set(r.planned.filter((p) => !r.current.includes(p)))];
  if (!added.length && !omitted.length) return null;
  const words = [
    added.length ? `${added.join(', ')} added` : '',
    omitted.length ? `${omitted.join(', ')} omitted` : '',
  ].filter(Boolean);
  return {
    type: 'port_changed',
    mark: [...added.map((p) => `+${p}`), ...omitted.map((p) => `-${p}`)].join(' '),
    detail: `Route changed: ${words.join('; ')}`,
  };
}

/**
 * The ports both routes call at, in another order now than first published; until the box arrives,
 * or the order is back as planned. The mark is the new order.
 */
export function sequenceChanged(s: OceanSnapshot): Finding | null {
  const r = routes(s);
  if (!r) return null;
  const first = (list: string[]) => [...new Set(list)];
  const planned = first(r.planned).filter((p) => r.current.includes(p));
  const current = first(r.current).filter((p) => r.planned.includes(p));
  if (planned.join() === current.join()) return null;
  return {
    type: 'sequence_changed',
    mark: current.join(' '),
    detail: `Port calls now ${current.join(' → ')} (planned ${planned.join(' → ')})`,
  };
}

export const onHold = (s: OceanSnapshot): Finding | null =>
  s.terminalOnHold
    ? { type: 'on_hold', mark: '', detail: 'The terminal reports a hold on the container' }
    : null;

/** Until the empty is back, the free time of the clock that runs: passed, or within the threshold. */
export function lastFreeDay(s: OceanSnapshot, now: Date): Finding | null {
  // Only an actual return stops the clocks: carriers plan the return from the booking on.
  const returned = s.derived?.shipmentOverall.emptyReturned?.classifier === 'ACT';
  if (!s.freeTimeEndsOn || s.status === 'empty_returned' || returned) return null;
  const daysLeft = Math.round((startOfUtcDay(s.freeTimeEndsOn) - startOfUtcDay(now)) / DAY);
  const day = iso(s.freeTimeEndsOn).slice(0, 10);
  if (daysLeft < 0) return { type: 'lfd_passed', mark: day, detail: `Last free day ${day} has passed` };
  if (daysLeft < EXCEPTION_THRESHOLDS.lfdAtRiskDays)
    return {
      type: 'lfd_at_risk',
      mark: day,
      detail: `Last free day ${day} is ${daysLeft === 0 ? 'today' : 'tomorrow'}`,
    };
  return null;
}

/** Left the terminal full (an actual gate-out) the threshold of days ago, and no empty return known. */
export function emptyNotReturned(s: OceanSnapshot, now: Date): Finding | null {
  const overall = s.derived?.shipmentOverall;
  const out = overall?.fullGateOut;
  if (!out || out.classifier !== 'ACT' || overall.emptyReturned?.classifier === 'ACT') return null;
  if (s.status === 'empty_returned') return null;
  const days = EXCEPTION_THRESHOLDS.emptyNotReturnedDays;
  if (now.getTime() - Date.parse(out.time) < days * DAY) return null;
  return {
    type: 'empty_not_returned',
    mark: '',
    detail: `Picked up full ${String(days)} days ago or more, empty not returned`,
  };
}

export function oceanFindings(s: OceanSnapshot, now: Date): Finding[] {
  return [
    rolled(s),
    etaSlipped(s),
    connectionAtRisk(s),
    transshipmentDelayed(s, now),
    portChanged(s),
    sequenceChanged(s),
    onHold(s),
    lastFreeDay(s, now),
    emptyNotReturned(s, now),
    notFound(s.state),
    noUpdate(s.state, s.lastCheckedAt, now),
  ].filter((f): f is Finding => f !== null);
}

/** The ocean rules over the scope's subscriptions: each with what its rules find. */
export async function oceanExceptionSubjects(
  tx: Database,
  scope: ExceptionScope,
  now: Date,
): Promise<ExceptionSubject[]> {
  const os = oceanShipments;
  const rows = await tx
    .select({
      id: os.id,
      workspaceId: os.workspaceId,
      itemId: os.itemId,
      state: os.state,
      status: os.status,
      eta: os.eta,
      firstEta: os.firstEta,
      ata: os.ata,
      rolledAt: os.rolledAt,
      terminalOnHold: os.terminalOnHold,
      freeTimeEndsOn: os.freeTimeEndsOn,
      lastCheckedAt: trackedItems.lastCheckedAt,
      derived: trackedItems.derived,
    })
    .from(os)
    .innerJoin(trackedItems, eq(trackedItems.id, os.itemId))
    .where(
      and(eq(os.archived, false), 'itemIds' in scope ? inArray(os.itemId, [...scope.itemIds]) : undefined),
    );
  return rows.map((r) => ({
    subscriptionId: r.id,
    workspaceId: r.workspaceId,
    itemId: r.itemId,
    findings: oceanFindings({ ...r, derived: r.derived as DerivedShipment | null }, now),
  }));
}
