import { screen, within } from '@testing-library/react';
import { deriveShipment } from '@tracklane/shared/tracking/ocean/derive-shipment';
import type { TrackingEvent } from '@tracklane/shared/tracking/ocean/tracking-event';
import { describe, expect, it } from 'vitest';
import { oceanShipmentDetail, trackingEvent } from '../../../test/ocean-shipment-fixtures';
import { renderWithProviders } from '../../../test/render';
import { journeyStops, lastActualIndex } from '../utils/journey';
import { RouteStrip } from './route-strip';

const ports: Record<string, string> = { CNSHA: 'Shanghai', SGSIN: 'Singapore', NLRTM: 'Rotterdam' };
const FEEDER = { vesselName: 'MSC IRINA', voyage: 'FE641W' };
const MAINLINE = { vesselName: 'MSC TESSA', voyage: 'AE7W' };
let id = 0;
/** A carrier event as the server stores it; each vessel numbers its calls afresh. */
function event(
  typeCode: TrackingEvent['typeCode'],
  classifier: TrackingEvent['classifier'],
  eventTime: string,
  locode: string,
  [ship, transportCallSequence]: [typeof FEEDER, number],
  createdAt = eventTime,
): TrackingEvent {
  const transport = typeCode === 'ARRI' || typeCode === 'DEPA';
  return {
    eventId: `e${String(++id)}`,
    eventType: transport ? 'TRANSPORT' : 'EQUIPMENT',
    typeCode,
    classifier,
    emptyIndicator: transport ? null : 'LADEN',
    locationCode: locode,
    locationName: ports[locode] ?? null,
    ...ship,
    vesselImo: null,
    transportCallSequence,
    eventTime,
    createdAt,
  };
}

// Shanghai → Singapore (discharged, reloaded onto a second vessel) → Rotterdam, at sea on the second leg.
const events = [
  event('LOAD', 'ACT', '2026-10-26T01:40:00.000Z', 'CNSHA', [FEEDER, 4]),
  event('DEPA', 'ACT', '2026-10-26T11:25:00.000Z', 'CNSHA', [FEEDER, 4]),
  event('ARRI', 'ACT', '2026-11-01T03:05:00.000Z', 'SGSIN', [FEEDER, 6]),
  event('DISC', 'ACT', '2026-11-01T18:30:00.000Z', 'SGSIN', [FEEDER, 6]),
  event('LOAD', 'ACT', '2026-11-04T07:45:00.000Z', 'SGSIN', [MAINLINE, 1]),
  event('DEPA', 'ACT', '2026-11-04T17:10:00.000Z', 'SGSIN', [MAINLINE, 1]),
  event('ARRI', 'PLN', '2026-11-28T07:00:00.000Z', 'NLRTM', [MAINLINE, 3], '2026-10-20T03:05:00.000Z'),
  event('ARRI', 'EST', '2026-11-29T13:00:00.000Z', 'NLRTM', [MAINLINE, 3], '2026-11-05T06:00:00.000Z'),
  event('ARRI', 'EST', '2026-12-01T21:00:00.000Z', 'NLRTM', [MAINLINE, 3], '2026-11-18T09:00:00.000Z'),
];

/** The detail answer the server builds from these events and the view derived from them. */
function detailOf(list: TrackingEvent[]) {
  const d = deriveShipment(list);
  const base = oceanShipmentDetail();
  return oceanShipmentDetail({
    pol: d.pol,
    pod: d.pod,
    transshipments: d.transshipments,
    departureVO: d.departureVO,
    arrivalVO: d.arrivalVO,
    status: d.status,
    shipmentOverall: { ...d.shipmentOverall, shipmentOverallId: base.shipmentOverall.shipmentOverallId },
    etaHistory: d.etaHistory,
    events: list.map((e) =>
      trackingEvent({
        typeCode: e.typeCode,
        classifier: e.classifier,
        eventTime: e.eventTime,
        eventCreatedAt: e.createdAt,
        emptyIndicator: e.emptyIndicator,
        location: e.locationCode ? { locode: e.locationCode, name: e.locationName } : null,
        vesselName: e.vesselName,
        voyage: e.voyage,
      }),
    ),
  });
}

describe('the route of a transshipment journey, as derived from its events', () => {
  it('draws Singapore reached and left, the second leg at sea, Rotterdam ahead with the latest ETA', () => {
    renderWithProviders(<RouteStrip shipment={detailOf(events)} timeZone="UTC" />);
    const calls = within(screen.getByTestId('route-strip')).getAllByRole('listitem');
    expect(calls.map((c) => c.textContent)).toEqual([
      'ShanghaiPOL · CNSHADeparted 26/10/2026 11:25',
      'SingaporeTransshipment · SGSINDeparted 04/11/2026 17:10',
      'RotterdamPOD · NLRTMEST: 01/12/2026 21:00',
    ]);
    expect(calls.map((c) => c.hasAttribute('data-reached'))).toEqual([true, true, false]);
    const segments = calls.map((c) => c.querySelector('[data-segment]')?.getAttribute('data-segment'));
    expect(segments).toEqual(['done', 'sailing', undefined]);
  });

  it('puts the container at the transshipment in the journey, not at the arrival', () => {
    const stops = journeyStops(detailOf(events));
    expect(stops[lastActualIndex(stops)]?.key).toBe('transshipment-0-SGSIN');
    expect(stops.find((s) => s.key === 'arrival')?.at).toEqual({
      time: '2026-12-01T21:00:00.000Z',
      classifier: 'EST',
    });
  });
});
