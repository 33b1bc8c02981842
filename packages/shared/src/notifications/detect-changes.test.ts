import { describe, expect, it } from 'vitest';
import type { DerivedParcel } from '../tracking/express/derived-parcel';
import type { DerivedShipment } from '../tracking/ocean/derive-shipment';
import { derivedView } from '../tracking/ocean/derive-shipment.test-support';
import { describeDuration } from './describe-delta';
import { detectParcelChanges } from './detect-parcel-changes';
import { detectShipmentChanges, MIN_ESTIMATE_SHIFT_MS } from './detect-shipment-changes';

const NLRTM = { locode: 'NLRTM', name: 'Rotterdam' };
const CNSHA = { locode: 'CNSHA', name: 'Shanghai' };

function shipment(overrides: Partial<DerivedShipment> = {}): DerivedShipment {
  return derivedView({
    departureVO: { etd: '2026-11-02T00:00:00.000Z', atd: null },
    arrivalVO: { eta: '2026-12-01T00:00:00.000Z', ata: null },
    pol: CNSHA,
    pod: NLRTM,
    vessel: { name: 'EVER ACE', imo: null, voyage: '001W' },
    status: 'booked',
    ...overrides,
  });
}

const at = (iso: string, delta: number) => new Date(Date.parse(iso) + delta).toISOString();

describe('detectShipmentChanges', () => {
  it('treats the first view as a baseline, and an identical view as nothing', () => {
    expect(detectShipmentChanges(null, shipment())).toEqual([]);
    expect(detectShipmentChanges(shipment(), shipment())).toEqual([]);
  });

  it('reports an ETA slip with how much, from exactly one hour; less is noise', () => {
    const before = shipment();
    const eta = before.arrivalVO.eta!;
    const small = shipment({ arrivalVO: { eta: at(eta, MIN_ESTIMATE_SHIFT_MS - 1), ata: null } });
    expect(detectShipmentChanges(before, small)).toEqual([]);
    const hour = shipment({ arrivalVO: { eta: at(eta, MIN_ESTIMATE_SHIFT_MS), ata: null } });
    expect(detectShipmentChanges(before, hour)).toEqual([
      {
        type: 'eta',
        key: `eta:${eta}->${hour.arrivalVO.eta!}`,
        text: 'ETA at Rotterdam (NLRTM) moved 1 hour later',
        data: { subject: 'eta', from: eta, to: hour.arrivalVO.eta, deltaMs: MIN_ESTIMATE_SHIFT_MS },
      },
    ]);
    const earlier = shipment({ arrivalVO: { eta: at(eta, -2 * 86_400_000 - 5 * 3_600_000), ata: null } });
    expect(detectShipmentChanges(before, earlier)[0]!.text).toBe(
      'ETA at Rotterdam (NLRTM) moved 2 days 5 hours earlier',
    );
  });

  it('reports an ETA first given, and none once the vessel has arrived', () => {
    const before = shipment({ arrivalVO: { eta: null, ata: null } });
    expect(detectShipmentChanges(before, shipment())[0]).toMatchObject({
      type: 'eta',
      text: 'ETA given at Rotterdam (NLRTM)',
    });
    const arrived = shipment({
      arrivalVO: { eta: '2026-12-09T00:00:00.000Z', ata: '2026-12-01T00:00:00.000Z' },
      status: 'arrived',
    });
    const changes = detectShipmentChanges(shipment(), arrived);
    expect(changes.map((c) => c.type)).toEqual(['milestone']);
    expect(changes[0]!.text).toBe('Arrived at Rotterdam (NLRTM)');
  });

  it('reports a milestone that became actual, not its plan, and not the status it explains', () => {
    const plan = { time: '2026-11-01T00:00:00.000Z', classifier: 'PLN' as const, location: CNSHA };
    const before = shipment({ shipmentOverall: { ...shipment().shipmentOverall, loaded: plan } });
    const after = shipment({
      shipmentOverall: { ...shipment().shipmentOverall, loaded: { ...plan, classifier: 'ACT' } },
      status: 'loaded',
    });
    expect(detectShipmentChanges(shipment(), before)).toEqual([]);
    expect(detectShipmentChanges(before, after)).toEqual([
      {
        type: 'milestone',
        key: 'milestone:loaded:2026-11-01T00:00:00.000Z',
        text: 'Loaded on the vessel at Shanghai (CNSHA)',
        data: { subject: 'loaded', to: '2026-11-01T00:00:00.000Z' },
      },
    ]);
  });

  it('reports delivery, a roll, and a last free day set then changed', () => {
    const gateOut = { time: '2026-12-05T00:00:00.000Z', classifier: 'ACT' as const, location: NLRTM };
    const delivered = shipment({
      shipmentOverall: { ...shipment().shipmentOverall, fullGateOut: gateOut },
      status: 'delivered',
    });
    expect(detectShipmentChanges(shipment(), delivered).map((c) => c.type)).toEqual(['delivered']);

    const rolled = shipment({ vessel: { name: 'MSC IRINA', imo: null, voyage: '002W' } });
    expect(detectShipmentChanges(shipment(), rolled)[0]).toMatchObject({
      type: 'vessel',
      text: 'Rolled: now on MSC IRINA 002W (was EVER ACE 001W)',
    });

    const lfd = (time: string) =>
      shipment({
        shipmentOverall: {
          ...shipment().shipmentOverall,
          lastFreeDay: { time, classifier: 'EST', location: NLRTM },
        },
      });
    expect(detectShipmentChanges(shipment(), lfd('2026-12-08T00:00:00.000Z'))[0]).toMatchObject({
      type: 'last_free_day',
      text: 'Last free day set',
    });
    expect(
      detectShipmentChanges(lfd('2026-12-08T00:00:00.000Z'), lfd('2026-12-10T00:00:00.000Z'))[0],
    ).toMatchObject({
      type: 'last_free_day',
      text: 'Last free day changed',
      data: { from: '2026-12-08T00:00:00.000Z', to: '2026-12-10T00:00:00.000Z' },
    });
  });

  it('gives a change seen twice the same key, and the reverse change another', () => {
    const a = shipment();
    const b = shipment({ arrivalVO: { eta: '2026-12-04T00:00:00.000Z', ata: null } });
    expect(detectShipmentChanges(a, b)[0]!.key).toBe(detectShipmentChanges(a, b)[0]!.key);
    expect(detectShipmentChanges(b, a)[0]!.key).not.toBe(detectShipmentChanges(a, b)[0]!.key);
  });
});

function parcel(overrides: Partial<DerivedParcel> = {}): DerivedParcel {
  return {
    status: 'in_transit',
    subStatus: null,
    statusText: null,
    exceptionReason: null,
    service: null,
    origin: { name: null, city: 'Memphis', countryCode: 'US', latitude: null, longitude: null },
    destination: null,
    lastLocation: { name: null, city: 'Leipzig', countryCode: 'DE', latitude: null, longitude: null },
    lastEventAt: '2026-11-02T10:00:00.000Z',
    estimatedDelivery: '2026-11-04T12:00:00.000Z',
    estimatedDeliveryHistory: [],
    pickedUpAt: '2026-11-01T10:00:00.000Z',
    deliveredAt: null,
    signedBy: null,
    failedAttempts: 0,
    firstEventAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

describe('detectParcelChanges', () => {
  it('treats the first view as a baseline', () => {
    expect(detectParcelChanges(null, parcel())).toEqual([]);
    expect(detectParcelChanges(parcel(), parcel())).toEqual([]);
  });

  it('reports pick-up as a milestone, not also as a status change', () => {
    const label = parcel({ status: 'info_received', pickedUpAt: null });
    expect(detectParcelChanges(label, parcel()).map((c) => [c.type, c.text])).toEqual([
      ['milestone', 'Picked up in Memphis, US'],
    ]);
  });

  it('reports delivery once (a later "signed for" scan is the same delivery)', () => {
    const delivered = parcel({
      status: 'delivered',
      deliveredAt: '2026-11-04T09:00:00.000Z',
      signedBy: 'J. SMITH',
      estimatedDelivery: null,
    });
    const changes = detectParcelChanges(parcel(), delivered);
    expect(changes).toEqual([
      {
        type: 'delivered',
        key: 'delivered:2026-11-04T09:00:00.000Z',
        text: 'Delivered in Leipzig, DE, signed by J. SMITH',
        data: { subject: 'delivered', to: '2026-11-04T09:00:00.000Z' },
      },
    ]);
  });

  it('reports exceptions with their reason, and each scan once', () => {
    const held = parcel({ status: 'exception', exceptionReason: 'customs_hold' });
    expect(detectParcelChanges(parcel(), held)[0]).toMatchObject({
      type: 'exception',
      key: 'exception:exception:2026-11-02T10:00:00.000Z',
      text: 'Exception: customs hold in Leipzig, DE',
    });
    const failed = parcel({ status: 'failed_attempt', lastEventAt: '2026-11-04T10:00:00.000Z' });
    expect(detectParcelChanges(parcel({ status: 'out_for_delivery' }), failed)[0]!.type).toBe('exception');
  });

  it('reports a moved estimated delivery, and out for delivery as a milestone', () => {
    const later = parcel({ estimatedDelivery: '2026-11-05T12:00:00.000Z' });
    expect(detectParcelChanges(parcel(), later)[0]).toMatchObject({
      type: 'eta',
      text: 'Estimated delivery moved 1 day later',
      data: { deltaMs: 86_400_000 },
    });
    expect(detectParcelChanges(parcel(), parcel({ status: 'out_for_delivery' }))[0]).toMatchObject({
      type: 'milestone',
      text: 'Out for delivery in Leipzig, DE',
    });
    expect(
      detectParcelChanges(parcel({ status: 'out_for_delivery' }), parcel({ status: 'in_transit' }))[0],
    ).toMatchObject({
      type: 'status',
      text: 'Status changed to In transit in Leipzig, DE',
    });
  });
});

describe('describeDuration', () => {
  it('names the two largest units, rounding the smaller', () => {
    expect(describeDuration(60_000)).toBe('1 minute');
    expect(describeDuration(30_000)).toBe('1 minute');
    expect(describeDuration(3_600_000)).toBe('1 hour');
    expect(describeDuration(5_400_000)).toBe('1 hour 30 minutes');
    expect(describeDuration(-2 * 86_400_000)).toBe('2 days');
    expect(describeDuration(86_400_000 + 23.9 * 3_600_000)).toBe('2 days');
  });
});
