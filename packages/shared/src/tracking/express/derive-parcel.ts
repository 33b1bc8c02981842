import type { DerivedParcel, EstimatedDeliveryRecord } from './derived-parcel';
import type { ParcelEvent, ParcelFacts, ParcelPlace, ParcelStatus } from './parcel-event';

const time = (iso: string) => Date.parse(iso);

/**
 * A total order, so the result never depends on the order events arrive in: by the given times,
 * then by eventId (unique within a source) for events a carrier stamped with the same moments.
 */
function compareBy(first: (e: ParcelEvent) => string, second: (e: ParcelEvent) => string) {
  return (a: ParcelEvent, b: ParcelEvent): number =>
    time(first(a)) - time(first(b)) ||
    time(second(a)) - time(second(b)) ||
    (a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0);
}

const byEventTime = compareBy(
  (e) => e.eventTime,
  (e) => e.createdAt,
);
const byAnnouncement = compareBy(
  (e) => e.createdAt,
  (e) => e.eventTime,
);

/**
 * Statuses that mean the carrier has the parcel in hand. `pending`, `info_received` (a label exists)
 * and `exception` (which also happens before pickup: an address problem, a cancelled label) do not.
 */
const HANDLED: ReadonlySet<ParcelStatus> = new Set([
  'in_transit',
  'out_for_delivery',
  'failed_attempt',
  'available_for_pickup',
  'delivered',
]);

const hasPlace = (place: ParcelPlace | null): place is ParcelPlace =>
  place !== null &&
  (place.name !== null || place.city !== null || place.countryCode !== null || place.latitude !== null);

/**
 * The view of one parcel from all of its events and the facts its provider gave, as `deriveShipment`
 * does for containers. Pure: the same events in any order give the same result.
 *
 * - status: the latest scan's (by event time, then creation time, then id); `pending` without scans.
 * - pickedUpAt: the first scan that shows the carrier holding the parcel (see HANDLED).
 * - deliveredAt: when the parcel is delivered now, the first scan of the final run of delivered scans
 *   (a later "signed for" scan does not move it; a delivery undone by a return does not count).
 * - estimatedDelivery: the most recently announced estimate, null once delivered.
 * - origin/destination: the provider's facts; else the first scan's place, and (once delivered) the
 *   delivery scan's place; a last scan in transit is not the destination.
 */
export function deriveParcel(events: ParcelEvent[], facts: Partial<ParcelFacts> = {}): DerivedParcel {
  const scans = events.filter((e) => e.classifier === 'ACT' && e.status !== null).sort(byEventTime);
  const estimates = events.filter((e) => e.classifier === 'EST').sort(byAnnouncement);
  const latest = scans.at(-1) ?? null;
  const status: ParcelStatus = latest?.status ?? 'pending';
  const delivered = status === 'delivered';

  let deliveredAt: string | null = null;
  if (delivered) {
    let i = scans.length - 1;
    while (i > 0 && scans[i - 1]!.status === 'delivered') i--;
    deliveredAt = scans[i]!.eventTime;
  }

  const history: EstimatedDeliveryRecord[] = [];
  const seen = new Set<number>();
  for (const e of estimates) {
    const at = time(e.eventTime);
    if (seen.has(at)) continue;
    seen.add(at);
    history.push({ estimatedDelivery: e.eventTime, recordedAt: e.createdAt });
  }

  const placed = scans.filter((e) => hasPlace(e.location));
  const deliveryScan = delivered ? scans.findLast((e) => e.eventTime === deliveredAt) : undefined;

  return {
    status,
    subStatus: latest?.subStatus ?? null,
    statusText: latest?.description ?? null,
    exceptionReason: latest?.exceptionReason ?? null,
    service: facts.service ?? null,
    origin: facts.origin ?? placed[0]?.location ?? null,
    destination:
      facts.destination ?? (deliveryScan && hasPlace(deliveryScan.location) ? deliveryScan.location : null),
    lastLocation: placed.at(-1)?.location ?? null,
    lastEventAt: latest?.eventTime ?? null,
    estimatedDelivery: delivered ? null : (estimates.at(-1)?.eventTime ?? null),
    estimatedDeliveryHistory: history,
    pickedUpAt: scans.find((e) => HANDLED.has(e.status!))?.eventTime ?? null,
    deliveredAt,
    signedBy: facts.signedBy ?? null,
    failedAttempts: scans.filter((e) => e.status === 'failed_attempt').length,
    firstEventAt: scans[0]?.eventTime ?? estimates[0]?.createdAt ?? null,
  };
}
