import { z } from 'zod';
import type { ParcelStatus } from '@tracklane/shared/tracking/express/parcel-event';

/**
 * What a Karrio tracker (`TrackingStatus` in karrio/server/core/serializers.py) must look like before we
 * believe any of it. Fields Karrio marks optional may be absent or null; unknown fields are ignored, so a
 * newer Karrio that sends more is not refused. Older Karrio versions send events without `timestamp`
 * and `status` (only `date` and `time`), so those are optional here too.
 */
export const KARRIO_TRACKER_STATUSES = [
  'pending',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'ready_for_pickup',
  'delivered',
  'on_hold',
  'delivery_delayed',
  'delivery_failed',
  'return_to_sender',
  'cancelled',
  'unknown',
] as const;
export type KarrioTrackerStatus = (typeof KARRIO_TRACKER_STATUSES)[number];

const text = z.string().nullish();
const status = z.enum(KARRIO_TRACKER_STATUSES);

export const karrioEventSchema = z.object({
  date: text,
  time: text,
  timestamp: text,
  status: status.or(z.literal('')).nullish(),
  code: text,
  reason: text,
  description: text,
  location: text,
  latitude: z.number().nullish(),
  longitude: z.number().nullish(),
});
export type KarrioEvent = z.infer<typeof karrioEventSchema>;

export const karrioTrackerSchema = z.object({
  id: z.string().nullish(),
  tracking_number: z.string().min(1),
  carrier_name: z.string().nullish(),
  status: status.default('pending'),
  delivered: z.boolean().nullish(),
  estimated_delivery: text,
  events: z.array(karrioEventSchema).nullish(),
  info: z
    .object({
      shipment_service: text,
      shipment_origin_country: text,
      shipment_origin_postal_code: text,
      shipment_destination_country: text,
      shipment_destination_postal_code: text,
      signed_by: text,
    })
    .nullish(),
});
export type KarrioTracker = z.infer<typeof karrioTrackerSchema>;

/** Karrio's `ErrorMessages` (424: the carrier refused) and `ErrorResponse` (4xx) bodies. */
export const karrioErrorSchema = z.object({
  messages: z.array(z.object({ message: text, code: text }).loose()).nullish(),
  errors: z.array(z.object({ message: text, code: text }).loose()).nullish(),
});

/**
 * Karrio's tracker statuses on ours. A delay is not an exception (the parcel still moves, as AfterShip
 * files it under in transit); a hold, a return and a cancellation are. The Karrio status is kept as the
 * sub-status wherever ours is coarser, so nothing the carrier said is lost.
 */
export const KARRIO_STATUS_MAP: Record<
  KarrioTrackerStatus,
  { status: ParcelStatus; subStatus: string | null }
> = {
  pending: { status: 'info_received', subStatus: null },
  picked_up: { status: 'in_transit', subStatus: 'picked_up' },
  in_transit: { status: 'in_transit', subStatus: null },
  out_for_delivery: { status: 'out_for_delivery', subStatus: null },
  ready_for_pickup: { status: 'available_for_pickup', subStatus: null },
  delivered: { status: 'delivered', subStatus: null },
  on_hold: { status: 'exception', subStatus: 'on_hold' },
  delivery_delayed: { status: 'in_transit', subStatus: 'delivery_delayed' },
  delivery_failed: { status: 'failed_attempt', subStatus: 'delivery_failed' },
  return_to_sender: { status: 'exception', subStatus: 'return_to_sender' },
  cancelled: { status: 'exception', subStatus: 'cancelled' },
  unknown: { status: 'in_transit', subStatus: 'unknown' },
};

/**
 * When an event happened, as ISO 8601 UTC, or null when it cannot be read. `timestamp` is ISO 8601;
 * `date` (YYYY-MM-DD) with `time` ("HH:MM", "HH:MM:SS" or "HH:MM AM/PM") is the carrier's local time
 * without a zone, read as UTC: Karrio does not say which zone it is.
 */
export function karrioEventTime(event: Pick<KarrioEvent, 'date' | 'time' | 'timestamp'>): string | null {
  if (event.timestamp) {
    const withZone = /[zZ]|[+-]\d\d:?\d\d$/.test(event.timestamp) ? event.timestamp : `${event.timestamp}Z`;
    const at = Date.parse(withZone);
    return Number.isNaN(at) ? null : new Date(at).toISOString();
  }
  if (!event.date || !/^\d{4}-\d{2}-\d{2}$/.test(event.date)) return null;
  let clock = '00:00:00';
  const time = event.time?.trim();
  if (time) {
    const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?$/.exec(time);
    if (!m) return null;
    let hour = Number(m[1]);
    if (m[4]) hour = (hour % 12) + (m[4].toUpperCase() === 'PM' ? 12 : 0);
    if (hour > 23) return null;
    clock = `${String(hour).padStart(2, '0')}:${m[2]!}:${m[3] ?? '00'}`;
  }
  const at = Date.parse(`${event.date}T${clock}Z`);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}
