/**
 * The benchmark's data, in SQL for speed: one workspace's ocean containers and express parcels, shaped
 * like what the refresh stores (derived views, list columns), for the list and dashboard benchmarks.
 */
import { sql } from 'drizzle-orm';
import type { DerivedParcel } from '@tracklane/shared/tracking/express/derived-parcel';
import type { ParcelStatus } from '@tracklane/shared/tracking/express/parcel-event';
import {
  gatewayOf,
  parcelHubByCode,
  type ParcelHub,
  hubPlace,
} from '@tracklane/shared/tracking/express/parcel-hubs';
import type { Database } from '../src/db/client';
import { UNKNOWN_TIME } from '../src/db/schema/tracking';

/** Splits `count` into consecutive ranges in proportion to `weights` (lanes, carriers). */
function split(count: number, weights: readonly number[]): { from: number; to: number }[] {
  const total = weights.reduce((a, b) => a + b, 0);
  let from = 0;
  let cumulative = 0;
  return weights.map((weight) => {
    cumulative += weight;
    const to = Math.round((count * cumulative) / total);
    const range = { from, to: to - 1 };
    from = to;
    return range;
  });
}

/**
 * Ocean: containers on six lanes with realistic derived data, 10% of subscriptions archived, 15%
 * discharged with a last free day, one ETA in five slipped (for the dashboards' attention rules).
 */
export async function seedOcean(db: Database, workspaceId: string, userId: string, count: number) {
  const lanes = [
    ['CNSHA', 'NLRTM'],
    ['CNNGB', 'DEHAM'],
    ['CNYTN', 'USLAX'],
    ['KRPUS', 'USSEA'],
    ['SGSIN', 'BEANR'],
    ['VNCMT', 'USSAV'],
  ] as const;
  const derived = (pol: string, pod: string) =>
    JSON.stringify({
      pol: { locode: pol, name: pol },
      pod: { locode: pod, name: pod },
      status: 'in_transit',
      transshipments: [],
      vessel: { name: 'EVER ACE', imo: '9893890', voyage: '123W' },
      lastActualAt: '2026-11-01T00:00:00.000Z',
      departureVO: { etd: null, atd: '2026-11-01T00:00:00.000Z' },
      arrivalVO: { eta: '2026-12-01T00:00:00.000Z', ata: null },
      etaHistory: [
        { eta: '2026-12-01T00:00:00.000Z', classifier: 'EST', recordedAt: '2026-11-01T00:00:00.000Z' },
      ],
      shipmentOverall: {
        emptyGateOut: {
          time: '2026-10-28T00:00:00.000Z',
          classifier: 'ACT',
          location: { locode: pol, name: pol },
        },
        fullGateIn: null,
        loaded: null,
        lastFreeDay: null,
        fullGateOut: null,
        emptyReturned: null,
        discharged: null,
        berthed: null,
      },
    });
  const ranges = split(
    count,
    lanes.map(() => 1),
  );
  for (const [i, [pol, pod]] of lanes.entries()) {
    const { from, to } = ranges[i]!;
    if (from > to) continue;
    await db.execute(sql`
      WITH c AS (
        INSERT INTO tracked_items (mode, tracking_no, reference, carrier, scope, state, derived, last_checked_at, last_source, next_check_at, tracking_started_at)
        SELECT 'ocean', 'MSCU' || lpad(g::text, 7, '0'), 'MEDU' || lpad(g::text, 9, '0'), 'MSCU', 'demo', 'active', ${derived(pol, pod)}::jsonb, now(), 'demo',
               now() + interval '1 hour', now() - (g % 40) * interval '1 day'
        FROM generate_series(${from}::int, ${to}::int) g
        RETURNING id, tracking_no AS container_no, reference AS mbl_no
      )
      INSERT INTO ocean_shipments (workspace_id, item_id, created_by, created_at, container_no, mbl_no, carrier_scac, state, status,
                                   pol_locode, pod_locode, vessel_name, atd, eta, ata, first_eta, last_free_day,
                                   arrival_at, departure_at, archived)
      SELECT ${workspaceId}, c.id, ${userId}, now() - (random() * interval '90 days'), c.container_no, c.mbl_no, 'MSCU', 'active', status,
             ${pol}, ${pod}, 'EVER ACE', now() - interval '10 days', eta,
             CASE WHEN status = 'discharged' THEN eta END,
             -- One in five ETAs has slipped by up to five days.
             CASE WHEN random() < 0.2 THEN eta - random() * interval '5 days' ELSE eta END,
             -- Discharged containers have a last free day a week either side of today.
             CASE WHEN status = 'discharged' THEN date_trunc('day', now()) + (floor(random() * 14) - 7) * interval '1 day' END,
             eta, now() - interval '10 days', random() < 0.1
      FROM (SELECT *, CASE WHEN random() < 0.85 THEN now() + random() * interval '40 days' ELSE now() - random() * interval '10 days' END AS eta
            FROM c) c
      CROSS JOIN LATERAL (SELECT CASE WHEN eta < now() THEN 'discharged' ELSE 'in_transit' END AS status) s`);
  }
}

/**
 * Express: the carriers' shares, number formats (prefix, zero-padded sequence, suffix), one lane each
 * and a service name. The numbers are shaped like the carriers' own; check digits are not computed
 * because the seed bypasses intake.
 */
const PARCEL_LANES = [
  { carrier: 'ups', share: 25, number: ['1Z4A8E66', 10, ''], lane: ['LAX', 'JFK'], service: 'UPS Ground' },
  { carrier: 'fedex', share: 18, number: ['7', 11, ''], lane: ['MEM', 'ORD'], service: 'FedEx 2Day' },
  {
    carrier: 'dhl_express',
    share: 17,
    number: ['4', 9, ''],
    lane: ['SZX', 'CDG'],
    service: 'Express Worldwide',
  },
  { carrier: 'usps', share: 14, number: ['9400', 18, ''], lane: ['ATL', 'SEA'], service: 'Priority Mail' },
  { carrier: 'dpd', share: 8, number: ['0', 13, ''], lane: ['CGN', 'AMS'], service: 'DPD Classic' },
  { carrier: 'gls', share: 7, number: ['5', 10, ''], lane: ['WAW', 'VIE'], service: 'Business Parcel' },
  { carrier: 'royalmail', share: 6, number: ['RM', 9, 'GB'], lane: ['LHR', 'BHX'], service: 'Tracked 48' },
  {
    carrier: 'yunexpress',
    share: 5,
    number: ['YT', 16, ''],
    lane: ['SZX', 'LAX'],
    service: 'Global Direct',
  },
] as const;

/** How parcels are spread over statuses; `null` is not found (no data, in the not-found tab). */
const PARCEL_STATUS_SHARES: readonly [SeededStatus | null, number][] = [
  [null, 0.03],
  ['info_received', 0.07],
  ['in_transit', 0.44],
  ['out_for_delivery', 0.06],
  ['failed_attempt', 0.03],
  ['available_for_pickup', 0.03],
  ['delivered', 0.3],
  ['exception', 0.04],
];

type SeededStatus = Exclude<ParcelStatus, 'pending' | 'expired'>;
/** A DerivedParcel without its times, which the seed computes per row. */
type ParcelTemplate = Omit<
  DerivedParcel,
  | 'lastEventAt'
  | 'estimatedDelivery'
  | 'estimatedDeliveryHistory'
  | 'pickedUpAt'
  | 'deliveredAt'
  | 'firstEventAt'
>;

/** What deriveParcel makes of each status on one lane, as the demo parcel carrier words its scans. */
function parcelTemplates(
  lane: readonly [string, string],
  service: string,
): Record<SeededStatus, ParcelTemplate> {
  const [from, to] = lane.map((code) => parcelHubByCode(code)!) as [ParcelHub, ParcelHub];
  const origin = hubPlace(from);
  const destination = hubPlace(to);
  const hub = hubPlace(gatewayOf(to.region));
  const base = {
    subStatus: null,
    exceptionReason: null,
    service,
    origin,
    destination,
    signedBy: null,
    failedAttempts: 0,
  };
  return {
    info_received: {
      ...base,
      status: 'info_received',
      statusText: 'Shipment information received',
      lastLocation: origin,
    },
    in_transit: { ...base, status: 'in_transit', statusText: 'Arrived at facility', lastLocation: hub },
    out_for_delivery: {
      ...base,
      status: 'out_for_delivery',
      statusText: 'Out for delivery',
      lastLocation: destination,
    },
    failed_attempt: {
      ...base,
      status: 'failed_attempt',
      subStatus: 'recipient_absent',
      statusText: 'Delivery attempted: recipient not at home',
      failedAttempts: 1,
      lastLocation: destination,
    },
    available_for_pickup: {
      ...base,
      status: 'available_for_pickup',
      statusText: `Available for pickup at a service point in ${to.city}`,
      failedAttempts: 1,
      lastLocation: destination,
    },
    delivered: {
      ...base,
      status: 'delivered',
      statusText: 'Delivered',
      signedBy: 'J. SMITH',
      lastLocation: destination,
    },
    exception: {
      ...base,
      status: 'exception',
      subStatus: 'customs_hold',
      statusText: 'Held by customs: documents requested from the importer',
      exceptionReason: 'Customs documents requested',
      lastLocation: hub,
    },
  };
}

/** A timestamptz as DerivedParcel writes times: ISO 8601, UTC, milliseconds. */
const iso = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A PostgreSQL array literal (drizzle would spread a JavaScript array into separate parameters). */
const pgArray = (values: readonly (string | number | null)[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;

/**
 * Express: parcels of eight carriers with per-row times and a DerivedParcel per status; 3% not found
 * (no data), delivered parcels completed two days after delivery, 10% of subscriptions archived, 2%
 * the seeding user's favourites. The subscriptions' list columns are read back from the derived view, as the refresh
 * copies them.
 */
export async function seedExpress(db: Database, workspaceId: string, userId: string, count: number) {
  const statuses = pgArray(PARCEL_STATUS_SHARES.map(([status]) => status));
  let cumulative = 0;
  const thresholds = pgArray(
    PARCEL_STATUS_SHARES.map(([, share]) => {
      const at = cumulative;
      cumulative += share;
      return at;
    }),
  );
  const ranges = split(
    count,
    PARCEL_LANES.map((l) => l.share),
  );
  for (const [i, { carrier, number, lane, service }] of PARCEL_LANES.entries()) {
    const { from, to } = ranges[i]!;
    if (from > to) continue;
    const [prefix, digits, suffix] = number;
    await db.execute(sql`
      WITH r AS (
        SELECT g - ${from}::int AS seq, (${statuses}::text[])[width_bucket(random(), ${thresholds}::float8[])] AS status,
               random() AS t1, random() AS t2
        FROM generate_series(${from}::int, ${to}::int) g
      ), p AS (
        SELECT seq, status, last_event, last_event - (1 + t2 * 4) * interval '1 day' AS started,
               CASE WHEN status = 'delivered' THEN last_event END AS delivered,
               CASE WHEN status NOT IN ('delivered', 'exception') THEN now() + (2 + t2 * 94) * interval '1 hour' END AS estimated
        FROM (
          SELECT *, CASE WHEN status = 'delivered' THEN now() - t1 * interval '20 days'
                         WHEN status IS NULL THEN now() - t1 * interval '10 days'
                         ELSE now() - t1 * interval '36 hours' END AS last_event
          FROM r
        ) r
      ), q AS (
        SELECT p.*, CASE WHEN status <> 'info_received' THEN started + interval '3 hours' END AS picked,
               CASE WHEN status IS NULL THEN 'not_found'
                    WHEN delivered < now() - interval '2 days' THEN 'completed' ELSE 'active' END AS state
        FROM p
      ), c AS (
        INSERT INTO tracked_items (mode, tracking_no, reference, carrier, scope, state, derived, facts, last_checked_at, last_source,
                                   next_check_at, tracking_started_at, changed_at, not_found_checks)
        SELECT 'express', ${prefix}::text || lpad(seq::text, ${digits}::int, '0') || ${suffix}::text, '', ${carrier}, 'demo', state,
               CASE WHEN status IS NOT NULL THEN (${JSON.stringify(parcelTemplates(lane, service))}::jsonb -> status) || jsonb_build_object(
                 'lastEventAt', ${iso('last_event')},
                 'estimatedDelivery', ${iso('estimated')},
                 'estimatedDeliveryHistory', jsonb_build_array(jsonb_build_object(
                   'estimatedDelivery', ${iso("coalesce(estimated, delivered, last_event + interval '2 days')")},
                   'recordedAt', ${iso('coalesce(picked, started)')})),
                 'pickedUpAt', ${iso('picked')},
                 'deliveredAt', ${iso('delivered')},
                 'firstEventAt', ${iso('started')}) END,
               jsonb_build_object('service', ${service}::text), now(), 'demo',
               CASE WHEN state = 'completed' THEN ${UNKNOWN_TIME.toISOString()}::timestamptz ELSE now() + interval '1 hour' END,
               started, last_event, CASE WHEN status IS NULL THEN 6 ELSE 0 END
        FROM q
        RETURNING id, tracking_no, carrier, state, derived, tracking_started_at
      ), s AS (
        INSERT INTO express_shipments (workspace_id, item_id, created_by, created_at, tracking_no, carrier, state, status,
                                       estimated_delivery, delivered_at, last_event_at, delivery_at, updated_at,
                                       archived, archived_at)
        SELECT ${workspaceId}, id, ${userId}, tracking_started_at, tracking_no, carrier, state, derived ->> 'status',
               (derived ->> 'estimatedDelivery')::timestamptz, (derived ->> 'deliveredAt')::timestamptz,
               (derived ->> 'lastEventAt')::timestamptz,
               coalesce((derived ->> 'deliveredAt')::timestamptz, (derived ->> 'estimatedDelivery')::timestamptz,
                        ${UNKNOWN_TIME.toISOString()}::timestamptz),
               coalesce((derived ->> 'lastEventAt')::timestamptz, tracking_started_at),
               archived, CASE WHEN archived THEN now() END
        FROM (SELECT *, random() < 0.1 AS archived FROM c) c
        RETURNING id
      )
      -- The user's own favourites: 2% of the parcels.
      INSERT INTO shipment_favorites (user_id, mode, subscription_id)
      SELECT ${userId}, 'express', id FROM s WHERE random() < 0.02`);
  }
}
