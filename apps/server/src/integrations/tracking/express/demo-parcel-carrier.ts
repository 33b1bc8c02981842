import { createHash } from 'node:crypto';
import {
  PARCEL_HUBS,
  distanceKm,
  gatewayOf,
  type ParcelHub,
  hubPlace,
} from '@tracklane/shared/tracking/express/parcel-hubs';
import {
  estimatedDeliveryEvent,
  type ParcelEvent,
  type ParcelFacts,
  type ParcelStatus,
} from '@tracklane/shared/tracking/express/parcel-event';
import { cachedTimelines, revealAt, type DemoTimeline, type Timed } from '../demo-timeline';
import type { ExpressAnswer, ExpressProvider, ExpressQuery } from '../provider';
import { randomStream } from '../random-stream';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Scans reach the carrier's tracking system a few minutes after they happen. */
const PUBLISH_DELAY = 5 * 60_000;

const SERVICES = ['Express Worldwide', 'Express 12:00', 'Economy Select', 'Parcel Standard'];
const SIGNERS = ['M. KOWALSKI', 'J. SMITH', 'A. MÜLLER', 'L. DUBOIS', 'S. TANAKA', 'R. SILVA', 'RECEPTION'];

/** How a demo journey ends; the share of each is fixed by the seed. */
type Outcome = 'delivered' | 'failed_then_delivered' | 'pickup_point' | 'address_issue';

interface Scan {
  key: string;
  at: number;
  status: ParcelStatus;
  subStatus?: string;
  code: string;
  description: string;
  exceptionReason?: string;
  hub: ParcelHub | null;
}

/**
 * The demo parcel carrier: for any tracking number, a realistic hub-to-hub journey between real cities,
 * the same every time for the same number, whose scans appear as real time passes from when tracking
 * started. Some parcels fail a delivery attempt, wait at a pickup point, are held by customs or cannot
 * be delivered; delays are announced as new estimated-delivery (EST) events.
 *
 * Not found: every number ending in "404" (so tests and demos can reach that state on purpose), and
 * about 5% of the others, chosen by the seed, as with real carriers.
 */
export function createDemoParcelCarrier(): ExpressProvider {
  return {
    source: 'demo',
    async track(query: ExpressQuery, now: Date): Promise<ExpressAnswer> {
      return demoParcelJourney(query, now.getTime());
    },
  };
}

/** What the demo parcel carrier has published about a number by `now`. */
export function demoParcelJourney(query: ExpressQuery, now: number): ExpressAnswer {
  return revealAt(journeyTimeline(query), now);
}

/** A journey depends on the number and when tracking started. */
const journeyTimeline = cachedTimelines(
  drawJourney,
  (q: ExpressQuery) => `${q.trackingNo.toUpperCase()}|${String(q.trackingStartedAt.getTime())}`,
);

/** The whole journey, each scan and estimate with the moment the carrier publishes it. */
function drawJourney(query: ExpressQuery): DemoTimeline<ParcelEvent, ParcelFacts> {
  const seed = query.trackingNo.toUpperCase();
  const random = randomStream(seed);
  if (seed.endsWith('404') || random() < 0.05) return { found: false };

  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const hours = (min: number, max: number) => (min + random() * (max - min)) * HOUR;
  const origin = pick(PARCEL_HUBS);
  let destination = pick(PARCEL_HUBS);
  while (destination.code === origin.code) destination = pick(PARCEL_HUBS);
  const international = origin.country !== destination.country;
  const roll = random();
  const outcome: Outcome =
    roll < 0.7
      ? 'delivered'
      : roll < 0.82
        ? 'failed_then_delivered'
        : roll < 0.92
          ? 'pickup_point'
          : 'address_issue';
  const customsHold = international && random() < 0.15;
  // A leg that runs late (weather, a missed connection): about one parcel in four.
  const slowLeg = random() < 0.25 ? Math.floor(random() * 3) : -1;
  const slowBy = hours(20, 40);
  const service = pick(SERVICES);

  // Parcels arrive at every stage: the label was created up to six days before tracking started.
  const labelAt = query.trackingStartedAt.getTime() - Math.floor(random() * 6 * DAY);
  const scans: Scan[] = [];
  const add = (scan: Scan) => scans.push(scan);
  add({
    key: 'label',
    at: labelAt,
    status: 'info_received',
    code: 'PU-INFO',
    description: 'Shipment information received',
    hub: null,
  });
  let clock = labelAt + hours(4, 30);
  add({ key: 'pickup', at: clock, status: 'in_transit', code: 'PU', description: 'Picked up', hub: origin });

  // Hub to hub: the origin's gateway and the destination's, when the parcel leaves its region.
  const route = [origin, gatewayOf(origin.region), gatewayOf(destination.region), destination].filter(
    (hub, i, all) => i === 0 || hub.code !== all[i - 1]!.code,
  );
  const firstDeparture = clock + hours(2, 6);
  let plannedDelay = 0;
  for (let leg = 0; leg + 1 < route.length; leg++) {
    const from = route[leg]!;
    const to = route[leg + 1]!;
    const km = distanceKm(from, to);
    // Flights for the long legs, trucks (about 60 km/h with stops) for the short ones.
    const travel = km > 800 ? km / 750 + 3 : km / 60 + 1;
    clock += leg === 0 ? firstDeparture - clock : hours(2, 8);
    add({
      key: `dep-${String(leg)}`,
      at: clock,
      status: 'in_transit',
      code: 'DF',
      description: 'Departed facility',
      hub: from,
    });
    clock += travel * HOUR + (leg === slowLeg ? slowBy : 0);
    if (leg === slowLeg) plannedDelay += slowBy;
    add({
      key: `arr-${String(leg)}`,
      at: clock,
      status: 'in_transit',
      code: 'AF',
      description: 'Arrived at facility',
      hub: to,
    });
    clock += hours(1, 3);
    add({
      key: `proc-${String(leg)}`,
      at: clock,
      status: 'in_transit',
      code: 'PL',
      description: `Processed at ${to.city.toUpperCase()} - ${to.country}`,
      hub: to,
    });
  }
  if (route.length === 1) clock += hours(2, 6);

  let holdAt: number | null = null;
  if (international) {
    clock += hours(1, 4);
    if (customsHold) {
      holdAt = clock;
      add({
        key: 'customs-hold',
        at: clock,
        status: 'exception',
        subStatus: 'customs_hold',
        code: 'OH',
        description: 'Held by customs: documents requested from the importer',
        exceptionReason: 'customs_hold',
        hub: destination,
      });
      const held = hours(24, 72);
      clock += held;
      plannedDelay += held;
    }
    add({
      key: 'customs',
      at: clock,
      status: 'in_transit',
      subStatus: 'customs_cleared',
      code: 'CR',
      description: 'Clearance processing complete',
      hub: destination,
    });
  }

  // Delivery rounds start in the morning after the parcel reaches the depot.
  const nextMorning = (t: number) => Math.floor(t / DAY) * DAY + DAY + 7 * HOUR;
  const plannedDelivery = nextMorning(clock - plannedDelay) + 6 * HOUR;
  let day = nextMorning(clock);
  add({
    key: 'ofd-1',
    at: day + hours(0, 1.5),
    status: 'out_for_delivery',
    code: 'WC',
    description: 'Out for delivery',
    hub: destination,
  });
  const attemptAt = day + hours(2, 9);
  let deliveredAt: number | null = null;
  let finalEstimate = attemptAt;
  if (outcome === 'delivered') {
    deliveredAt = attemptAt;
  } else if (outcome === 'address_issue') {
    add({
      key: 'address',
      at: attemptAt,
      status: 'exception',
      subStatus: 'address_issue',
      code: 'BA',
      description: 'Incorrect address: the receiver could not be found',
      exceptionReason: 'address_issue',
      hub: destination,
    });
    add({
      key: 'return',
      at: attemptAt + hours(30, 60),
      status: 'exception',
      subStatus: 'return_to_sender',
      code: 'RT',
      description: 'Returned to shipper',
      exceptionReason: 'address_issue',
      hub: destination,
    });
  } else {
    add({
      key: 'attempt',
      at: attemptAt,
      status: 'failed_attempt',
      subStatus: 'recipient_absent',
      code: 'NH',
      description: 'Delivery attempted: recipient not at home',
      hub: destination,
    });
    if (outcome === 'pickup_point') {
      const readyAt = attemptAt + hours(2, 6);
      add({
        key: 'pickup-point',
        at: readyAt,
        status: 'available_for_pickup',
        code: 'SP',
        description: `Available for pickup at a service point in ${destination.city}`,
        hub: destination,
      });
      deliveredAt = readyAt + hours(20, 90);
    } else {
      day += DAY;
      add({
        key: 'ofd-2',
        at: day + hours(0, 1.5),
        status: 'out_for_delivery',
        code: 'WC',
        description: 'Out for delivery (second attempt)',
        hub: destination,
      });
      deliveredAt = day + hours(2, 9);
      finalEstimate = day + 13 * HOUR;
    }
  }
  if (deliveredAt !== null)
    add({
      key: 'delivered',
      at: deliveredAt,
      status: 'delivered',
      code: 'OK',
      description: 'Delivered',
      hub: destination,
    });

  const eventId = (key: string) => createHash('sha1').update(`${seed}|${key}`).digest('hex').slice(0, 20);
  const events: Timed<ParcelEvent>[] = [];
  for (const scan of scans) {
    const published = scan.at + PUBLISH_DELAY;
    events.push({
      from: published,
      value: {
        eventId: eventId(scan.key),
        classifier: 'ACT',
        status: scan.status,
        subStatus: scan.subStatus ?? null,
        carrierCode: scan.code,
        description: scan.description,
        exceptionReason: scan.exceptionReason ?? null,
        location: scan.hub ? hubPlace(scan.hub) : null,
        eventTime: new Date(scan.at).toISOString(),
        createdAt: new Date(published).toISOString(),
      },
    });
  }

  // The first estimate comes with the pickup, from the plan without delays; each delay is announced
  // when it becomes known (a slow leg at its departure, a customs hold when it starts, a failed attempt
  // with it), as a new estimate.
  const estimate = (key: string, deliveryAt: number, announcedAt: number) =>
    events.push({
      from: announcedAt,
      value: estimatedDeliveryEvent(
        eventId(key),
        new Date(deliveryAt).toISOString(),
        new Date(announcedAt).toISOString(),
      ),
    });
  const pickupAt = scans[1]!.at + PUBLISH_DELAY;
  estimate('edd-plan', plannedDelivery, pickupAt);
  const slow = scans.find((s) => s.key === `dep-${String(slowLeg)}`);
  // A slow leg moves the delivery by whole days: rounds run in the morning.
  if (slow) estimate('edd-slow', plannedDelivery + Math.ceil(slowBy / DAY) * DAY, slow.at + PUBLISH_DELAY);
  if (holdAt !== null) estimate('edd-customs', nextMorning(clock) + 6 * HOUR, holdAt + PUBLISH_DELAY);
  if (outcome === 'failed_then_delivered') estimate('edd-attempt', finalEstimate, attemptAt + PUBLISH_DELAY);

  const facts: Timed<Partial<ParcelFacts>>[] = [
    {
      from: -Infinity,
      value: { service, origin: hubPlace(origin), destination: hubPlace(destination) },
    },
  ];
  if (deliveredAt !== null) {
    // Drawn last, whether or not it is published yet, so that no other draw depends on `now`.
    const signedBy = outcome === 'pickup_point' ? 'RECEIVER (SERVICE POINT)' : pick(SIGNERS);
    facts.push({ from: deliveredAt + PUBLISH_DELAY, value: { signedBy } });
  }
  return { found: true, events, facts };
}
