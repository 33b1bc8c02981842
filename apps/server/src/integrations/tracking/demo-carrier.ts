import { createHash } from 'node:crypto';
import { portByLocode } from '@tracklane/shared/tracking/ocean/ports';
import type { EventClassifier, TrackingEvent } from '@tracklane/shared/tracking/ocean/tracking-event';
import { cachedTimelines, revealAt, type DemoTimeline, type Timed } from './demo-timeline';
import { demoBill } from './demo-bills';
import { disruptionOf, LATE_EMPTY_MS, MISSED_BY_MS, wayCalls, type LastLeg } from './demo-disruptions';
import type { BillAnswer, BillQuery, OceanAnswer, OceanFacts, OceanProvider, OceanQuery } from './provider';
import { randomStream } from './random-stream';

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface Lane {
  /** Port calls in order; the first is the POL, the last the POD, the middle ones transshipments. */
  calls: string[];
  /** Days at sea between consecutive calls. */
  legDays: number[];
}

/** Real services' shapes on the main trade lanes (port rotations simplified to the calls that matter). */
const LANES: Lane[] = [
  { calls: ['CNSHA', 'NLRTM'], legDays: [32] },
  { calls: ['CNNGB', 'SGSIN', 'DEHAM'], legDays: [6, 26] },
  { calls: ['CNYTN', 'USLAX'], legDays: [16] },
  { calls: ['KRPUS', 'USSEA'], legDays: [12] },
  { calls: ['VNCMT', 'PABLB', 'USSAV'], legDays: [27, 6] },
  { calls: ['INNSA', 'AEJEA', 'GBFXT'], legDays: [4, 21] },
  { calls: ['CNTAO', 'USLGB'], legDays: [15] },
  { calls: ['SGSIN', 'BEANR'], legDays: [24] },
  { calls: ['THLCH', 'SGSIN', 'ESVLC'], legDays: [4, 20] },
  { calls: ['HKHKG', 'CAVAN'], legDays: [15] },
  { calls: ['CNXMN', 'MYTPP', 'BRSSZ'], legDays: [5, 30] },
  { calls: ['DEBRV', 'USNYC'], legDays: [11] },
  { calls: ['TWKHH', 'AUMEL'], legDays: [14] },
  { calls: ['CNSHA', 'LKCMB', 'GRPIR'], legDays: [13, 14] },
];

const VESSELS = [
  { name: 'MSC IRINA', imo: '9980253' },
  { name: 'MAERSK ESSEN', imo: '9456771' },
  { name: 'EVER ACE', imo: '9893890' },
  { name: 'CMA CGM JACQUES SAADE', imo: '9839131' },
  { name: 'HMM ALGECIRAS', imo: '9863297' },
  { name: 'ONE INNOVATION', imo: '9937200' },
  { name: 'COSCO SHIPPING UNIVERSE', imo: '9795610' },
  { name: 'HAPAG BERLIN EXPRESS', imo: '9967885' },
  { name: 'YM WELLBEING', imo: '9864590' },
  { name: 'ZIM SAMMY OFER', imo: '9931135' },
];

interface Planned {
  key: string;
  typeCode: TrackingEvent['typeCode'];
  empty: 'EMPTY' | 'LADEN' | null;
  locode: string;
  sequence: number | null;
  /** When it really happens (fixed by the seed). */
  actual: number;
  /** When it was first planned (booking time) and what the plan said. */
  planned: number;
  vessel: (typeof VESSELS)[number] | null;
  voyage: string | null;
}

/**
 * The demo carrier: for any valid container number, a realistic voyage on a real trade lane, the same
 * every time for the same container, whose milestones turn from estimated to actual as real time
 * passes, with occasional ETA slips. Some numbers are "not found", as with real carriers.
 */
export function createDemoCarrier(): OceanProvider {
  return {
    source: 'demo',
    async track(query: OceanQuery, now: Date): Promise<OceanAnswer> {
      return demoVoyage(query, now.getTime());
    },
    async bill(query: BillQuery, now: Date): Promise<BillAnswer> {
      return demoBill(query, now.getTime());
    },
  };
}

/** What the demo carrier has published about a container by `now`. */
export function demoVoyage(query: OceanQuery, now: number): OceanAnswer {
  return revealAt(voyageTimeline(query), now);
}

/** A voyage depends on the container, its bill of lading and when tracking started. */
const voyageTimeline = cachedTimelines(
  drawVoyage,
  (q: OceanQuery) => `${q.containerNo}|${q.mblNo}|${String(q.trackingStartedAt.getTime())}`,
);

/** About 7% of the numbers are "not found", as with real carriers: drawn from the container and bill. */
const NOT_FOUND_SHARE = 0.07;
/** About one booking in ten is rolled. */
const ROLLED_SHARE = 0.1;

/** Whether the demo carrier knows a container on a bill of lading (the first draw of its voyage). */
export const demoCarrierKnows = (containerNo: string, mblNo: string): boolean =>
  randomStream(`${containerNo}|${mblNo}`)() >= NOT_FOUND_SHARE;

/**
 * What sets a demo voyage apart, drawn as {@link drawVoyage} draws it: whether the number is known,
 * whether its booking is rolled, and its disruption. For choosing demo numbers in tests and seeds.
 */
export function demoTraits(containerNo: string, mblNo: string) {
  const seed = `${containerNo}|${mblNo}`;
  const random = randomStream(seed);
  const found = random() >= NOT_FOUND_SHARE;
  const lane = LANES[Math.floor(random() * LANES.length)]!;
  return {
    found,
    rolled: found && randomStream(`${seed}|roll`)() < ROLLED_SHARE,
    disruption: found ? disruptionOf(seed, lane.calls) : null,
  };
}

/** The whole voyage, each event with the moment the carrier publishes it. */
function drawVoyage(query: OceanQuery): DemoTimeline<TrackingEvent, OceanFacts> {
  const seed = `${query.containerNo}|${query.mblNo}`;
  const random = randomStream(seed);
  if (random() < NOT_FOUND_SHARE) return { found: false };

  const lane = LANES[Math.floor(random() * LANES.length)]!;
  const disruption = disruptionOf(seed, lane.calls);
  // A missed connection: the box reaches the transshipment port days late, and every later move with it.
  const missedBy = disruption?.kind === 'missed' ? MISSED_BY_MS : 0;
  let lastLeg: LastLeg | null = null;
  // Containers arrive at every stage: the voyage began up to 45 days before tracking started.
  const start = query.trackingStartedAt.getTime() - Math.floor(random() * 45 * DAY) - 2 * DAY;
  const booking = start - 3 * DAY;
  const hours = (n: number) => Math.floor(random() * n) * HOUR;

  const plan: Planned[] = [];
  const add = (p: Omit<Planned, 'planned'> & { plannedShift?: number }) =>
    plan.push({ ...p, planned: p.actual - (p.plannedShift ?? 0) });
  const origin = lane.calls[0]!;
  add({
    key: 'empty-out',
    typeCode: 'GTOT',
    empty: 'EMPTY',
    locode: origin,
    sequence: null,
    actual: start + hours(10),
    vessel: null,
    voyage: null,
  });
  add({
    key: 'full-in',
    typeCode: 'GTIN',
    empty: 'LADEN',
    locode: origin,
    sequence: 1,
    actual: start + 2 * DAY + hours(12),
    vessel: null,
    voyage: null,
  });

  let clock = start + 4 * DAY;
  // Transshipments change vessel; a slip (about one voyage in three) makes the last leg late.
  const slipHours = random() < 0.35 ? 24 + Math.floor(random() * 72) : 0;
  for (let leg = 0; leg < lane.legDays.length; leg++) {
    const from = lane.calls[leg]!;
    const to = lane.calls[leg + 1]!;
    const vessel = VESSELS[Math.floor(random() * VESSELS.length)]!;
    const voyage = `${String(100 + Math.floor(random() * 800))}${['E', 'W', 'N', 'S'][Math.floor(random() * 4)]!}`;
    const load = clock + hours(8);
    const depart = load + 6 * HOUR + hours(10);
    const last = leg === lane.legDays.length - 1;
    const arrive =
      depart +
      lane.legDays[leg]! * DAY +
      hours(12) +
      (last ? slipHours * HOUR : 0) +
      (leg === 0 ? missedBy : 0);
    const discharge = arrive + 10 * HOUR + hours(20);
    const slip = (last ? slipHours * HOUR : 0) + missedBy;
    const onward = leg > 0 ? missedBy : 0;
    if (last) lastLeg = { vessel, voyage, sequence: leg + 2, depart, arrive, booking };
    add({
      key: `load-${String(leg)}`,
      typeCode: 'LOAD',
      empty: 'LADEN',
      locode: from,
      sequence: leg + 1,
      actual: load,
      vessel,
      voyage,
      plannedShift: onward,
    });
    add({
      key: `depa-${String(leg)}`,
      typeCode: 'DEPA',
      empty: null,
      locode: from,
      sequence: leg + 1,
      actual: depart,
      vessel,
      voyage,
      plannedShift: onward,
    });
    add({
      key: `arri-${String(leg)}`,
      typeCode: 'ARRI',
      empty: null,
      locode: to,
      sequence: leg + 2,
      actual: arrive,
      vessel,
      voyage,
      plannedShift: slip,
    });
    add({
      key: `disc-${String(leg)}`,
      typeCode: 'DISC',
      empty: 'LADEN',
      locode: to,
      sequence: leg + 2,
      actual: discharge,
      vessel,
      voyage,
      plannedShift: slip,
    });
    clock = discharge + (last ? 0 : 2 * DAY);
  }
  const pod = lane.calls.at(-1)!;
  const fullOut = clock + 2 * DAY + hours(30);
  add({
    key: 'full-out',
    typeCode: 'GTOT',
    empty: 'LADEN',
    locode: pod,
    sequence: null,
    actual: fullOut,
    vessel: null,
    voyage: null,
  });
  add({
    key: 'empty-in',
    typeCode: 'GTIN',
    empty: 'EMPTY',
    locode: pod,
    sequence: null,
    actual:
      disruption?.kind === 'late_empty' ? fullOut + LATE_EMPTY_MS + hours(48) : fullOut + 3 * DAY + hours(72),
    vessel: null,
    voyage: null,
  });

  // About one booking in ten is rolled: the booking names another vessel and voyage for the first
  // leg, and the carrier announces the one the box really takes a day later. A stream of its own, so
  // that the rest of every voyage stays as it was.
  const roll = randomStream(`${seed}|roll`);
  // Another vessel than the one the first leg sails on: a rolled booking always names one.
  const firstVessel = plan.find((p) => p.key === 'load-0')!.vessel;
  const others = VESSELS.filter((vessel) => vessel !== firstVessel);
  const booked =
    roll() < ROLLED_SHARE
      ? {
          vessel: others[Math.floor(roll() * others.length)]!,
          voyage: `${String(100 + Math.floor(roll() * 800))}W`,
          announced: booking + DAY,
        }
      : null;

  const events: Timed<TrackingEvent>[] = [];
  const publish = (from: number, value: TrackingEvent) => events.push({ from, value });
  const firstDeparture = plan.find((p) => p.typeCode === 'DEPA')!.actual;
  for (const p of plan) {
    const base = {
      eventType:
        p.typeCode === 'ARRI' || p.typeCode === 'DEPA' ? ('TRANSPORT' as const) : ('EQUIPMENT' as const),
      typeCode: p.typeCode,
      emptyIndicator: p.empty,
      locationCode: p.locode,
      locationName: portByLocode(p.locode)?.name ?? null,
      vesselName: p.vessel?.name ?? null,
      vesselImo: p.vessel?.imo ?? null,
      voyage: p.voyage,
      transportCallSequence: p.sequence,
    };
    const event = (
      classifier: EventClassifier,
      at: number,
      created: number,
      version: string,
    ): TrackingEvent => ({
      ...base,
      eventId: createHash('sha1').update(`${seed}|${p.key}|${version}`).digest('hex').slice(0, 20),
      classifier,
      eventTime: new Date(at).toISOString(),
      createdAt: new Date(created).toISOString(),
    });
    // The booking publishes the plan; the departure brings a first estimate; a slip is announced
    // halfway through the last leg; the actual is published shortly after it happens.
    const rolled = booked && (p.key === 'load-0' || p.key === 'depa-0');
    if (rolled) {
      publish(booking, {
        ...event('PLN', p.planned, booking, 'pln'),
        vesselName: booked.vessel.name,
        vesselImo: booked.vessel.imo,
        voyage: booked.voyage,
      });
      publish(Math.max(booking, booked.announced), event('EST', p.planned, booked.announced, 'est-roll'));
    } else publish(booking, event('PLN', p.planned, booking, 'pln'));
    if (p.actual > firstDeparture)
      publish(Math.max(booking, firstDeparture), event('EST', p.planned, firstDeparture + HOUR, 'est'));
    if (p.planned !== p.actual) {
      const announced = p.actual - (p.actual - firstDeparture) / 2;
      publish(Math.max(booking, announced), event('EST', p.actual, announced, 'est-slip'));
    }
    const published = p.actual + 20 * 60_000;
    publish(Math.max(booking, published), event('ACT', p.actual, published, 'act'));
  }
  if (disruption && lastLeg) events.push(...wayCalls(seed, disruption, lastLeg));
  const discharged = plan.filter((p) => p.typeCode === 'DISC').at(-1)!;
  // The last free day is known once the box is discharged.
  return {
    found: true,
    events,
    facts: [
      { from: -Infinity, value: { lastFreeDay: null } },
      {
        from: Math.max(booking, discharged.actual),
        value: { lastFreeDay: new Date(discharged.actual + 4 * DAY).toISOString() },
      },
    ],
  };
}
