import type { OceanIntakeOutcome } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { fakeApi, ok } from './fake-api';
import { acme, acmeDefault, selectionOf } from './organization-fixtures';

export type Routes = Parameters<typeof fakeApi>[0];

export type Item = { containerNo: string; mblNo: string; carrierScac: string };

export const created = (item: Item): OceanIntakeOutcome => ({
  kind: 'container',
  bookingNo: '',
  billId: null,
  ...item,
  outcome: 'created',
  message: null,
  shipmentOverallId: '00000000-0000-4000-8000-000000000001',
});

export function serve(extra: Routes = {}) {
  return fakeApi({
    'GET /api/workspaces/get': ok([acme]),
    'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
    'GET /api/custom-fields': ok({ fields: [] }),
    ...extra,
  });
}
