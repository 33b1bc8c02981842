import { describe, expect, it } from 'vitest';
import { deriveShipment } from './derive-shipment';
import { portByLocode } from './ports';
import { drawnPoints, inland } from './sea-lanes/land.test-support';
import { seaLanes } from './sea-lanes/sea-lanes';
import { distanceKm, pathLengthKm, type LonLat } from './sea-lanes/sea-routes';
import { voyageMap } from './sea-lanes/voyage-map';
import type { TrackingEvent } from './tracking-event';
import { elapsedFraction, portCalls, voyageLegs, voyagePlace } from './voyage';

const T0 = Date.parse('2026-10-01T00:00:00Z');
const day = (n: number) => new Date(T0 + n * 86_400_000).toISOString();

let seq = 0;
function ev(
  typeCode: TrackingEvent['typeCode'],
  classifier: TrackingEvent['classifier'],
  n: number,
  where: string,
  more: Partial<TrackingEvent> = {},
): TrackingEvent {
  const transport = typeCode === 'ARRI' || typeCode === 'DEPA';
  return {
    eventId: `v${String(++seq)}`,
    eventType: transport ? 'TRANSPORT' : 'EQUIPMENT',
    typeCode,
    classifier,
    emptyIndicator: transport ? null : 'LADEN',
    locationCode: where,
    locationName: where,
    vesselName: null,
    vesselImo: null,
    voyage: null,
    transportCallSequence: null,
    eventTime: day(n),
    createdAt: classifier === 'ACT' ? day(n) : day(-5),
    ...more,
  };
}

const FEEDER = { vesselName: 'FEEDER ONE', voyage: '001E' };
const MAINLINE = { vesselName: 'MAINLINE TWO', voyage: '202W' };

/** Shanghai → Singapore (feeder, days 1–7) → Rotterdam (mainline, days 9–33), as known on `now`. */
function viaSingapore(now: number): TrackingEvent[] {
  const plan = (type: TrackingEvent['typeCode'], n: number, where: string, vessel: object) =>
    n <= now ? ev(type, 'ACT', n, where, vessel) : ev(type, 'EST', n, where, vessel);
  return [
    plan('LOAD', 0.5, 'CNSHA', FEEDER),
    plan('DEPA', 1, 'CNSHA', FEEDER),
    plan('ARRI', 7, 'SGSIN', FEEDER),
    plan('DISC', 7.5, 'SGSIN', FEEDER),
    plan('LOAD', 8.5, 'SGSIN', MAINLINE),
    plan('DEPA', 9, 'SGSIN', MAINLINE),
    plan('ARRI', 33, 'NLRTM', MAINLINE),
    plan('DISC', 33.5, 'NLRTM', MAINLINE),
    ...(now >= 35 ? [ev('GTOT', 'ACT', 35, 'NLRTM')] : []),
  ];
}

const at = (locode: string): LonLat => {
  const p = portByLocode(locode)!;
  return [p.lon, p.lat];
};

describe('voyage legs and where the box is', () => {
  it('derives one leg per pair of port calls, each with its own departure and arrival', () => {
    const d = deriveShipment(viaSingapore(20));
    expect(d.legs).toEqual([
      {
        from: { locode: 'CNSHA', name: 'CNSHA' },
        to: { locode: 'SGSIN', name: 'SGSIN' },
        departure: { etd: null, atd: day(1), plannedEtd: null },
        arrival: { eta: null, ata: day(7) },
      },
      {
        from: { locode: 'SGSIN', name: 'SGSIN' },
        to: { locode: 'NLRTM', name: 'NLRTM' },
        departure: { etd: null, atd: day(9), plannedEtd: null },
        arrival: { eta: day(33), ata: null },
      },
    ]);
    expect(portCalls(d).map((p) => p.locode)).toEqual(['CNSHA', 'SGSIN', 'NLRTM']);
  });

  it.each([
    ['before departure, at the port of loading', 0.7, { at: 'port', port: 'CNSHA' }],
    ['on the feeder', 3, { at: 'sea', from: 'CNSHA', to: 'SGSIN', departedAt: day(1), arrivesAt: day(7) }],
    ['between vessels, at the transshipment port', 8, { at: 'port', port: 'SGSIN' }],
    [
      'on the mainline',
      20,
      { at: 'sea', from: 'SGSIN', to: 'NLRTM', departedAt: day(9), arrivesAt: day(33) },
    ],
    ['discharged at the port of discharge', 34, { at: 'port', port: 'NLRTM' }],
    ['delivered', 36, { at: 'delivered', port: 'NLRTM' }],
  ])('%s', (_, now, expected) => {
    const place = voyagePlace(deriveShipment(viaSingapore(now)));
    const ports = (p: typeof place) =>
      p === null
        ? null
        : p.at === 'sea'
          ? { ...p, from: p.from.locode, to: p.to.locode }
          : { at: p.at, port: p.port.locode };
    expect(ports(place)).toEqual(expected);
  });

  it('reads a view derived before legs were: the ports it names, timed at the ends', () => {
    const { legs: _legs, ...old } = deriveShipment(viaSingapore(3));
    expect(voyageLegs(old).map((l) => [l.from.locode, l.to.locode, l.departure.atd, l.arrival.eta])).toEqual([
      ['CNSHA', 'SGSIN', day(1), null],
      ['SGSIN', 'NLRTM', null, day(33)],
    ]);
    // The vessel is placed over the whole voyage, departure to final arrival.
    expect(voyagePlace(old)).toMatchObject({
      at: 'sea',
      from: { locode: 'CNSHA' },
      to: { locode: 'NLRTM' },
      departedAt: day(1),
      arrivesAt: day(33),
    });
  });

  it('measures the share of a leg’s time that has passed', () => {
    expect(elapsedFraction(day(0), day(10), new Date(day(5)))).toBe(0.5);
    expect(elapsedFraction(day(0), day(10), new Date(day(12)))).toBe(1);
    expect(elapsedFraction(day(0), null, new Date(day(5)))).toBe(0);
  });
});

describe('the voyage on the map', { timeout: 30_000 }, () => {
  const direct = (now: number) => [
    ev('LOAD', 'ACT', 0.5, 'CNSHA', MAINLINE),
    ev('DEPA', 'ACT', 1, 'CNSHA', MAINLINE),
    ev('ARRI', now >= 33 ? 'ACT' : 'EST', 33, 'NLRTM', MAINLINE),
    ...(now >= 33.5 ? [ev('DISC', 'ACT', 33.5, 'NLRTM', MAINLINE)] : []),
    ...(now >= 35 ? [ev('GTOT', 'ACT', 35, 'NLRTM')] : []),
    ...(now >= 40 ? [ev('GTIN', 'ACT', 40, 'DEHAM', { emptyIndicator: 'EMPTY' })] : []),
  ];

  it('puts a vessel halfway through its time halfway along the sea lane, at sea', () => {
    const now = new Date(day(17));
    const map = voyageMap(seaLanes(), deriveShipment(direct(17)), 'MAINLINE TWO', now);
    expect(map.position).toMatchObject({ kind: 'vessel', name: 'MAINLINE TWO' });
    const point: LonLat = [map.position!.lon, map.position!.lat];
    const route = map.route!;
    // On the lane as drawn, not inland (a straight line from Shanghai puts it in Central Asia).
    expect(inland(point)).toBe(false);
    const nearest = Math.min(...drawnPoints(route, 2).map((p) => distanceKm(p, point)));
    expect(nearest).toBeLessThan(3);
    // Half of the lane's length from Shanghai.
    const toPoint = drawnPoints(route, 2);
    const index = toPoint.findIndex((p) => distanceKm(p, point) === nearest);
    const walked = pathLengthKm(toPoint.slice(0, index + 1));
    expect(walked / pathLengthKm(route)).toBeCloseTo(0.5, 1);
  });

  it('draws the route port call to port call along the lanes', () => {
    const map = voyageMap(seaLanes(), deriveShipment(viaSingapore(3)), 'FEEDER ONE', new Date(day(3)));
    const route = map.route!;
    expect(route[0]).toEqual(at('CNSHA'));
    expect(route.at(-1)).toEqual(at('NLRTM'));
    expect(route.some((p) => distanceKm(p, at('SGSIN')) < 1)).toBe(true);
  });

  it.each([
    ['delivered', 36],
    ['returned empty', 41],
  ])('shows a container %s as delivered at its port, not as a vessel', (_, now) => {
    const d = deriveShipment(direct(now));
    expect(['delivered', 'empty_returned']).toContain(d.status);
    const map = voyageMap(seaLanes(), d, 'MAINLINE TWO', new Date(day(now)));
    expect(map.position).toEqual({ kind: 'delivered', name: 'Rotterdam', lat: 51.95, lon: 4.05 });
  });

  it('has nothing to show before the carrier names a port', () => {
    expect(voyageMap(seaLanes(), null, null, new Date())).toEqual({ position: null, route: null });
  });
});
