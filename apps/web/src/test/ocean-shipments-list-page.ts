import { screen, within } from '@testing-library/react';
import type { OceanShipment } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { fakeApi, ok, type RecordedCall } from './fake-api';
import { listPage, noOptions, oceanShipment } from './ocean-shipment-fixtures';
import { acme, acmeDefault, selectionOf } from './organization-fixtures';

export type Routes = Parameters<typeof fakeApi>[0];

export const first = oceanShipment({ containerNo: 'MSCU1234566', mblNo: 'MEDU12345678' });
export const second = oceanShipment({
  containerNo: 'MSKU1234565',
  mblNo: 'MAEU240101',
  carrierScac: 'MAEU',
  carrierName: 'Maersk',
});
export const third = oceanShipment({
  containerNo: 'TGHU1234567',
  mblNo: 'HLCU998877',
  carrierScac: 'HLCU',
  carrierName: 'Hapag-Lloyd',
});
export const archivedOne = oceanShipment({ containerNo: 'CMAU1234564', mblNo: 'CMDU556677', archived: true });

export function serve(lists: (call: RecordedCall) => ReturnType<typeof ok>, extra: Routes = {}) {
  return fakeApi({
    'GET /api/workspaces/get': ok([acme]),
    'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
    'GET /api/users/preferences/oceanTableColumns': ok(null),
    'GET /api/custom-fields': ok({ fields: [] }),
    'GET /api/shipments/ocean/options': ok(noOptions),
    'GET /api/shipments/ocean': lists,
    'GET /api/shipments/ocean/bills': ok({ items: [], nextCursor: null }),
    ...extra,
  });
}

export const byStatus =
  (
    active: OceanShipment[],
    archived: OceanShipment[],
    counts = { activeCount: active.length, archivedCount: archived.length },
  ) =>
  (call: RecordedCall) =>
    ok(listPage(call.query.status === 'archived' ? archived : active, counts));

export const rows = () => screen.getAllByTestId('shipment-row');
export const containersShown = () =>
  rows().map((row) => within(row).getByRole('link', { name: /^[A-Z]{4}\d{7}$/ }).textContent);
