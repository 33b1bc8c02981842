import { describe, expect, it } from 'vitest';
import { oceanShipmentDetail, trackingEvent } from '../../../test/ocean-shipment-fixtures';
import { etaSlip, journeyStops, lastActualIndex } from './journey';

const colombo = { locode: 'LKCMB', name: 'Colombo' };

describe('journey', () => {
  it('lists the milestones in journey order, transshipments between departure and arrival', () => {
    const stops = journeyStops(oceanShipmentDetail({ transshipments: [colombo] }));
    expect(stops.map((s) => s.key)).toEqual([
      'emptyGateOut',
      'fullGateIn',
      'loaded',
      'departure',
      'transshipment-0-LKCMB',
      'arrival',
      'berthed',
      'discharged',
      'lastFreeDay',
      'fullGateOut',
      'emptyReturned',
    ]);
  });

  it('prefers an actual to an estimate, and the latest estimate among estimates, at a transshipment', () => {
    const shipment = oceanShipmentDetail({
      transshipments: [colombo],
      events: [
        trackingEvent({
          typeCode: 'ARRI',
          eventTime: '2025-02-10T00:00:00Z',
          classifier: 'EST',
          location: colombo,
          eventCreatedAt: '2025-02-01T00:00:00Z',
        }),
        trackingEvent({
          typeCode: 'ARRI',
          eventTime: '2025-02-11T00:00:00Z',
          classifier: 'EST',
          location: colombo,
          eventCreatedAt: '2025-02-05T00:00:00Z',
        }),
        trackingEvent({
          typeCode: 'ARRI',
          eventTime: '2025-02-12T00:00:00Z',
          classifier: 'ACT',
          location: colombo,
        }),
        trackingEvent({
          typeCode: 'DEPA',
          eventTime: '2025-02-14T00:00:00Z',
          classifier: 'EST',
          location: colombo,
          eventCreatedAt: '2025-02-01T00:00:00Z',
        }),
        trackingEvent({
          typeCode: 'DEPA',
          eventTime: '2025-02-15T00:00:00Z',
          classifier: 'EST',
          location: colombo,
          eventCreatedAt: '2025-02-06T00:00:00Z',
        }),
      ],
    });
    const stop = journeyStops(shipment).find((s) => s.kind === 'transshipment');
    expect(stop?.legs).toEqual([
      { label: 'Arrival', at: { time: '2025-02-12T00:00:00Z', classifier: 'ACT' } },
      { label: 'Departure', at: { time: '2025-02-15T00:00:00Z', classifier: 'EST' } },
    ]);
    expect(stop?.at?.classifier).toBe('ACT');
  });

  it('finds the last stop that has happened', () => {
    const stops = journeyStops(oceanShipmentDetail());
    // The fixture has departed (ATD) and not arrived.
    expect(stops[lastActualIndex(stops)]?.key).toBe('departure');
  });

  it('measures the slip of arrival against the first ETA', () => {
    const etaHistory = [
      { eta: '2025-03-01T00:00:00Z', classifier: 'EST' as const, recordedAt: '2025-01-20T00:00:00Z' },
      { eta: '2025-03-03T06:00:00Z', classifier: 'EST' as const, recordedAt: '2025-02-10T00:00:00Z' },
    ];
    expect(etaSlip({ etaHistory, arrivalVO: { eta: '2025-03-03T06:00:00Z', ata: null } })).toEqual({
      first: '2025-03-01T00:00:00Z',
      latest: '2025-03-03T06:00:00Z',
      latestIsActual: false,
    });
    expect(
      etaSlip({ etaHistory: etaHistory.slice(0, 1), arrivalVO: { eta: '2025-03-01T00:00:00Z', ata: null } }),
    ).toBeNull();
    // An ETA set by hand is shown as the ETA, but the carrier's history alone says how it slipped.
    expect(
      etaSlip({ etaHistory: etaHistory.slice(0, 1), arrivalVO: { eta: '2025-03-09T00:00:00Z', ata: null } }),
    ).toBeNull();
    expect(etaSlip({ etaHistory, arrivalVO: { eta: '2025-03-09T00:00:00Z', ata: null } })?.latest).toBe(
      '2025-03-03T06:00:00Z',
    );
  });
});
