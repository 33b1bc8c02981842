import type { DerivedShipment, Milestone, PortRef, ShipmentStatus } from '../tracking/ocean/derive-shipment';
import { describeShift } from './describe-delta';
import type { ChangeRecord } from './notification-types';

/** Estimates that move by less than this are carriers' noise (a berth window re-timed), not news. */
export const MIN_ESTIMATE_SHIFT_MS = 60 * 60_000;

const STATUS_TEXT: Record<ShipmentStatus, string> = {
  booked: 'Booked',
  empty_picked_up: 'Empty container picked up',
  at_origin: 'At the origin terminal',
  loaded: 'Loaded',
  in_transit: 'In transit',
  arrived: 'Arrived',
  discharged: 'Discharged',
  delivered: 'Delivered',
  empty_returned: 'Empty container returned',
};

const place = (port: PortRef | null | undefined) =>
  port ? ` at ${port.name ? `${port.name} (${port.locode})` : port.locode}` : '';

type MilestoneName = 'emptyGateOut' | 'fullGateIn' | 'loaded' | 'discharged' | 'emptyReturned';

/** The container's moves that are milestones, in journey order, with what a notification says. */
const MILESTONES: { name: MilestoneName; text: string }[] = [
  { name: 'emptyGateOut', text: 'Empty container picked up' },
  { name: 'fullGateIn', text: 'Full container gated in' },
  { name: 'loaded', text: 'Loaded on the vessel' },
  { name: 'discharged', text: 'Discharged' },
  { name: 'emptyReturned', text: 'Empty container returned' },
];

const isActual = (m: Milestone | null | undefined): m is Milestone => m?.classifier === 'ACT';

/**
 * What changed for a container between two derived views, as change records (pure). The first view
 * of a container (no previous one) is a baseline, not news: nothing is reported for it.
 *
 * - milestone: a move that became actual (empty pick-up, gate-in, loaded, departed, arrived,
 *   discharged, empty return); each keyed by the milestone and its time.
 * - delivered: the full container left the terminal at the port of discharge.
 * - eta / etd: the estimate moved by an hour or more, or was first given, while the move is still
 *   ahead; keyed by the old and new value, so a flip back and forth notifies each direction once.
 * - vessel: the vessel or voyage changed (the box was rolled).
 * - last_free_day: set or changed.
 * - status: a change of status that none of the above explains.
 */
export function detectShipmentChanges(
  previous: DerivedShipment | null,
  next: DerivedShipment,
): ChangeRecord[] {
  if (!previous) return [];
  const changes: ChangeRecord[] = [];
  const before = previous.shipmentOverall;
  const after = next.shipmentOverall;

  for (const { name, text } of MILESTONES) {
    const m = after[name];
    if (isActual(m) && !isActual(before[name])) {
      changes.push({
        type: 'milestone',
        key: `milestone:${name}:${m.time}`,
        text: `${text}${place(m.location)}`,
        data: { subject: name, to: m.time },
      });
    }
  }
  if (next.departureVO.atd && !previous.departureVO.atd) {
    changes.push({
      type: 'milestone',
      key: `milestone:departed:${next.departureVO.atd}`,
      text: `Departed${place(next.pol)}${next.vessel ? ` on ${next.vessel.name}` : ''}`,
      data: { subject: 'departed', to: next.departureVO.atd },
    });
  }
  if (next.arrivalVO.ata && !previous.arrivalVO.ata) {
    changes.push({
      type: 'milestone',
      key: `milestone:arrived:${next.arrivalVO.ata}`,
      text: `Arrived${place(next.pod)}`,
      data: { subject: 'arrived', to: next.arrivalVO.ata },
    });
  }
  if (isActual(after.fullGateOut) && !isActual(before.fullGateOut)) {
    changes.push({
      type: 'delivered',
      key: `delivered:${after.fullGateOut.time}`,
      text: `Delivered: the full container left the terminal${place(after.fullGateOut.location ?? next.pod)}`,
      data: { subject: 'fullGateOut', to: after.fullGateOut.time },
    });
  }

  if (!next.arrivalVO.ata) {
    const eta = estimateChange('eta', 'ETA', previous.arrivalVO.eta, next.arrivalVO.eta, next.pod);
    if (eta) changes.push(eta);
  }
  if (!next.departureVO.atd) {
    const etd = estimateChange('etd', 'ETD', previous.departureVO.etd, next.departureVO.etd, next.pol);
    if (etd) changes.push(etd);
  }

  const vesselBefore = previous.vessel;
  const vesselAfter = next.vessel;
  if (
    vesselBefore &&
    vesselAfter &&
    (vesselBefore.name !== vesselAfter.name || (vesselBefore.voyage ?? '') !== (vesselAfter.voyage ?? ''))
  ) {
    const label = (v: NonNullable<DerivedShipment['vessel']>) => `${v.name}${v.voyage ? ` ${v.voyage}` : ''}`;
    changes.push({
      type: 'vessel',
      key: `vessel:${label(vesselBefore)}->${label(vesselAfter)}`,
      text: `Rolled: now on ${label(vesselAfter)} (was ${label(vesselBefore)})`,
      data: { from: label(vesselBefore), to: label(vesselAfter) },
    });
  }

  const lfdBefore = before.lastFreeDay?.time ?? null;
  const lfdAfter = after.lastFreeDay?.time ?? null;
  if (lfdAfter && lfdAfter !== lfdBefore) {
    changes.push({
      type: 'last_free_day',
      key: `last_free_day:${lfdAfter}`,
      text: lfdBefore ? 'Last free day changed' : 'Last free day set',
      data: { from: lfdBefore, to: lfdAfter },
    });
  }

  const explained = changes.some((c) => c.type === 'milestone' || c.type === 'delivered');
  if (previous.status !== next.status && !explained) {
    changes.push({
      type: 'status',
      key: `status:${next.status}:${next.lastActualAt ?? ''}`,
      text: `Status changed to ${STATUS_TEXT[next.status]}`,
      data: { subject: next.status, from: previous.status, to: next.status },
    });
  }
  return changes;
}

/** A moved or first-given estimate (ETA, ETD, estimated delivery), or null when it is not news. */
export function estimateChange(
  kind: string,
  label: string,
  before: string | null,
  after: string | null,
  port: PortRef | null = null,
): ChangeRecord | null {
  if (!after || after === before) return null;
  if (!before) {
    return {
      type: 'eta',
      key: `${kind}:->${after}`,
      text: `${label} given${place(port)}`,
      data: { subject: kind, from: null, to: after },
    };
  }
  const deltaMs = Date.parse(after) - Date.parse(before);
  if (Math.abs(deltaMs) < MIN_ESTIMATE_SHIFT_MS) return null;
  return {
    type: 'eta',
    key: `${kind}:${before}->${after}`,
    text: `${label}${place(port)} ${describeShift(deltaMs)}`,
    data: { subject: kind, from: before, to: after, deltaMs },
  };
}
