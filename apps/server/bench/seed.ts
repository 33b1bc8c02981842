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

/** How a seeded custom field's values are made, in SQL over one shipment row `s`. */
interface SeededField {
  name: string;
  type: 'text' | 'number' | 'date' | 'choice' | 'multi_choice' | 'link';
  choices?: string[];
  /** The share of shipments with a value. */
  filled: number;
  /**
   * The value from the shipment's columns `s.n` (its number, 0 onwards), `s.created_at` and three
   * uniform draws `s.r1`, `s.r2`, `s.r3`. A multiple choice's is a bit mask over its choices instead.
   */
  value: string;
}

/** `ARRAY[...]` of text literals, for a value expression. */
const textArray = (values: readonly string[]) =>
  `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[]`;

const CUSTOMERS = [
  'Northwind Traders',
  'Contoso Retail',
  'Fabrikam Home',
  'Tailspin Toys',
  'Wide World Importers',
  'Adventure Works',
  'Litware Electronics',
  'Proseware Apparel',
  'Lucerne Publishing',
  'Woodgrove Foods',
  'Coho Winery',
  'Alpine Ski House',
];
const INCOTERMS = ['EXW', 'FCA', 'FOB', 'CFR', 'CIF', 'DAP', 'DPU', 'DDP'];
const HANDLING = ['Hazardous', 'Reefer', 'Fragile', 'Oversize', 'Bonded', 'Temperature log'];
const WAREHOUSES = ['Rotterdam DC', 'Hamburg DC', 'Los Angeles DC', 'Savannah DC', 'Antwerp DC'];
const TEAMS = ['Imports EU', 'Imports US', 'Exports', 'Key accounts', 'Customs', 'Claims'];
const NOTES = [
  'Call consignee before delivery',
  'Pallets must not be stacked',
  'Deliver to gate 4',
  'Customs broker has the originals',
  'Split delivery agreed',
];

/** A skewed pick among `k` (the first most often), as a 1-based index from a uniform draw. */
const skewed = (draw: string, k: number) => `1 + floor(power(${draw}, 2) * ${String(k)})::int`;

/**
 * A workspace's 20 custom fields of every type, filled as teams fill them: a purchase order number on
 * nearly every shipment (`PO-` and the shipment's 7-digit number, one in 20 left empty), a handful of
 * low-cardinality choices, multiple choices, numbers, dates (the booking a few days before the shipment
 * was added, so it follows the list's order), free texts and links on a minority.
 */
export const SEEDED_FIELDS: SeededField[] = [
  {
    name: 'PO number',
    type: 'text',
    filled: 1,
    value: `CASE WHEN s.n % 20 <> 19 THEN 'PO-' || lpad(s.n::text, 7, '0') END`,
  },
  {
    name: 'Customer',
    type: 'choice',
    choices: CUSTOMERS,
    filled: 0.9,
    value: `(${textArray(CUSTOMERS)})[${skewed('s.r1', CUSTOMERS.length)}]`,
  },
  {
    name: 'Priority',
    type: 'choice',
    choices: ['Low', 'Normal', 'High', 'Urgent'],
    filled: 0.7,
    value: `CASE WHEN s.r1 < 0.6 THEN 'Normal' WHEN s.r1 < 0.85 THEN 'High' WHEN s.r1 < 0.95 THEN 'Urgent' ELSE 'Low' END`,
  },
  {
    name: 'Incoterm',
    type: 'choice',
    choices: INCOTERMS,
    filled: 0.6,
    value: `(${textArray(INCOTERMS)})[${skewed('s.r1', INCOTERMS.length)}]`,
  },
  {
    name: 'Handling',
    type: 'multi_choice',
    choices: HANDLING,
    filled: 0.4,
    // One of six, and a second one time in three.
    value: `(1 << floor(s.r1 * 6)::int) | CASE WHEN s.r2 < 0.35 THEN 1 << floor(s.r3 * 6)::int ELSE 0 END`,
  },
  { name: 'Gross weight (kg)', type: 'number', filled: 0.8, value: `round(500 + s.r1 * 27500)` },
  { name: 'Declared value (USD)', type: 'number', filled: 0.5, value: `round(exp(6 + s.r1 * 7))` },
  { name: 'Cartons', type: 'number', filled: 0.5, value: `floor(1 + s.r1 * 1200)` },
  {
    name: 'Booked on',
    type: 'date',
    filled: 0.85,
    value: `(s.created_at - (2 + s.r1 * 12) * interval '1 day')::date`,
  },
  {
    name: 'Customs cleared on',
    type: 'date',
    filled: 0.3,
    value: `(s.created_at + (20 + s.r1 * 20) * interval '1 day')::date`,
  },
  {
    name: 'Delivery appointment',
    type: 'date',
    filled: 0.2,
    value: `(now() + (s.r1 * 60 - 10) * interval '1 day')::date`,
  },
  {
    name: 'Job number',
    type: 'text',
    filled: 0.7,
    value: `'JOB-' || to_char(s.created_at, 'YY') || '-' || lpad((s.n * 7 % 1000000)::text, 6, '0')`,
  },
  { name: 'Supplier', type: 'text', filled: 0.6, value: `'Supplier ' || ${skewed('s.r1', 500)}` },
  {
    name: 'Notes',
    type: 'text',
    filled: 0.1,
    value: `(${textArray(NOTES)})[${skewed('s.r1', NOTES.length)}]`,
  },
  {
    name: 'Booking portal',
    type: 'link',
    filled: 0.3,
    value: `'https://portal.example.com/bookings/' || s.n`,
  },
  {
    name: 'Invoice number',
    type: 'text',
    filled: 0.4,
    value: `'INV-' || lpad((s.n * 13 % 10000000)::text, 7, '0')`,
  },
  {
    name: 'Warehouse',
    type: 'choice',
    choices: WAREHOUSES,
    filled: 0.5,
    value: `(${textArray(WAREHOUSES)})[${skewed('s.r1', WAREHOUSES.length)}]`,
  },
  {
    name: 'Teams',
    type: 'multi_choice',
    choices: TEAMS,
    filled: 0.3,
    value: `(1 << floor(s.r1 * 6)::int) | CASE WHEN s.r2 < 0.2 THEN 1 << floor(s.r3 * 6)::int ELSE 0 END`,
  },
  { name: 'Cost center', type: 'text', filled: 0.5, value: `'CC-' || lpad(floor(s.r1 * 100)::text, 3, '0')` },
  { name: 'Insured value (USD)', type: 'number', filled: 0.25, value: `round(exp(7 + s.r1 * 6))` },
];

const VALUE_COLUMN = {
  text: 'text_value',
  link: 'text_value',
  choice: 'text_value',
  multi_choice: 'text_value',
  number: 'number_value',
  date: 'date_value',
} as const;

/**
 * The values of `fields` (SEEDED_FIELDS, defined in the workspace: their ids by name) on every
 * shipment of the workspace in `table` (a mode's subscription table), one statement per field. `first`
 * numbers the shipments (`s.n`, in id order) from there, so that modes' numbers do not meet.
 */
export async function seedCustomFieldValues(
  db: Database,
  workspaceId: string,
  mode: 'ocean' | 'express',
  fieldIds: Record<string, string>,
  first: number,
) {
  const table = mode === 'ocean' ? 'ocean_shipments' : 'express_shipments';
  for (const field of SEEDED_FIELDS) {
    const fieldId = fieldIds[field.name];
    if (!fieldId) throw new Error(`The field ${field.name} is not defined`);
    const rows = sql.raw(`(SELECT id, created_at, row_number() OVER (ORDER BY id) - 1 + ${String(first)} AS n,
                                  random() AS r1, random() AS r2, random() AS r3, random() AS fill
                           FROM ${table} WHERE workspace_id = '${workspaceId}') s`);
    const filled = sql.raw(`s.fill < ${String(field.filled)}`);
    if (field.type === 'multi_choice') {
      await db.execute(sql`
        INSERT INTO custom_field_values (workspace_id, field_id, mode, subscription_id, ordinal, text_value)
        SELECT ${workspaceId}, ${fieldId}, ${mode}, s.id, (row_number() OVER (PARTITION BY s.id ORDER BY u.i) - 1)::smallint, u.c
        FROM ${rows}
        CROSS JOIN LATERAL unnest(${sql.raw(textArray(field.choices!))}) WITH ORDINALITY u(c, i)
        WHERE ${filled} AND ((${sql.raw(field.value)}) >> (u.i - 1)::int) & 1 = 1`);
    } else {
      await db.execute(sql`
        INSERT INTO custom_field_values (workspace_id, field_id, mode, subscription_id, ${sql.raw(VALUE_COLUMN[field.type])})
        SELECT * FROM (SELECT ${workspaceId}::uuid, ${fieldId}::uuid, ${mode}, s.id, ${sql.raw(field.value)} AS v
                       FROM ${rows} WHERE ${filled}) t
        WHERE v IS NOT NULL`);
    }
  }
}
