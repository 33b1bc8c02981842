import { screen } from '@testing-library/react';
import type { OceanShipmentDetail } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { fakeApi, ok } from './fake-api';
import { oceanShipmentDetail, trackingEvent } from './ocean-shipment-fixtures';
import { acme, acmeDefault, selectionOf } from './organization-fixtures';

export const DETAIL = 'GET /api/shipments/ocean/MSCU1234566/MEDU12345678';
export const PATH = '/shipment/ocean/MSCU1234566/MEDU12345678';

export const shanghai = { locode: 'CNSHA', name: 'Shanghai' };
export const colombo = { locode: 'LKCMB', name: 'Colombo' };
export const rotterdam = { locode: 'NLRTM', name: 'Rotterdam' };

/** In transit via Colombo: loaded and departed (actual), arrival estimated and slipped twice. */
export const inTransit = (fields: Partial<OceanShipmentDetail> = {}) =>
  oceanShipmentDetail({
    pol: shanghai,
    pod: rotterdam,
    transshipments: [colombo],
    departureVO: { atd: '2025-02-01T08:00:00.000Z', etd: '2025-01-31T22:00:00.000Z' },
    arrivalVO: { ata: null, eta: '2025-03-03T06:00:00.000Z' },
    shipmentOverall: {
      ...oceanShipmentDetail().shipmentOverall,
      loaded: { time: '2025-01-31T20:15:00.000Z', classifier: 'ACT', location: shanghai },
      discharged: { time: '2025-03-04T09:00:00.000Z', classifier: 'EST', location: rotterdam },
    },
    etaHistory: [
      { eta: '2025-03-01T00:00:00.000Z', classifier: 'EST', recordedAt: '2025-01-20T10:00:00.000Z' },
      { eta: '2025-03-02T00:00:00.000Z', classifier: 'EST', recordedAt: '2025-02-05T10:00:00.000Z' },
      { eta: '2025-03-03T06:00:00.000Z', classifier: 'EST', recordedAt: '2025-02-09T10:00:00.000Z' },
    ],
    events: [
      trackingEvent({
        typeCode: 'LOAD',
        eventTime: '2025-01-31T20:15:00.000Z',
        emptyIndicator: 'LADEN',
        location: shanghai,
        vesselName: 'MSC IRINA',
        voyage: '411W',
      }),
      trackingEvent({
        typeCode: 'DEPA',
        eventTime: '2025-02-01T08:00:00.000Z',
        location: shanghai,
        vesselName: 'MSC IRINA',
        voyage: '411W',
      }),
      trackingEvent({ typeCode: 'ARRI', eventTime: '2025-02-14T04:00:00.000Z', location: colombo }),
      trackingEvent({
        typeCode: 'ARRI',
        eventTime: '2025-03-03T06:00:00.000Z',
        classifier: 'EST',
        location: rotterdam,
      }),
    ],
    ...fields,
  });

export function serve(
  detail: Parameters<typeof fakeApi>[0][string],
  organization = acme,
  workspace = acmeDefault,
) {
  return fakeApi({
    'GET /api/workspaces/get': ok([organization]),
    'POST /api/workspaces/setCookies': ok(selectionOf(workspace)),
    [DETAIL]: detail,
  });
}

export const stop = (key: string) =>
  screen.getAllByTestId('journey-stop').find((li) => li.dataset.stop === key)!;
