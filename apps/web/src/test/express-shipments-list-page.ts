import { screen, within } from '@testing-library/react';
import type {
  ExpressListTab,
  ExpressShipment,
} from '@tracklane/shared/tracking/express/express-shipments.schema';
import { fakeApi, ok, type RecordedCall } from './fake-api';
import { expressListPage, expressShipment, parcelPlace } from './express-shipment-fixtures';
import { acme, acmeDefault, selectionOf } from './organization-fixtures';

export type Routes = Parameters<typeof fakeApi>[0];

export type Tabs = Record<ExpressListTab, ExpressShipment[]>;

export const LIST = 'GET /api/shipments/express';
export const ARCHIVE = 'POST /api/shipments/express/archive';

export const ups = expressShipment({ expressOrderNo: '1Z5R89390357567127' });
export const fedex = expressShipment({
  expressOrderNo: '794616896420',
  carrier: 'fedex',
  carrierName: 'FedEx',
  service: 'FedEx Express',
  status: 'delivered',
  deliveredAt: '2025-03-04T23:30:00.000Z',
  lastLocation: parcelPlace(null, { city: 'Memphis', countryCode: 'US' }),
});
export const lost = expressShipment({
  expressOrderNo: '9400111899223344556677',
  carrier: 'usps',
  carrierName: 'USPS',
  state: 'not_found',
  status: null,
  origin: null,
  destination: null,
  lastLocation: null,
  lastEventAt: null,
  estimatedDelivery: null,
});
export const archivedOne = expressShipment({ expressOrderNo: 'JJD000390007123456789', archived: true });

export const countsOf = (tabs: Tabs) => ({
  activeCount: tabs.active.length,
  notFoundCount: tabs.notFound.length,
  archivedCount: tabs.archived.length,
});

/** The list route answering each tab from `tabs`, with the counts of all three. */
export const byTab = (tabs: Tabs) => (call: RecordedCall) =>
  ok(expressListPage(tabs[call.query.status as ExpressListTab], countsOf(tabs)));

export function serve(tabs: Tabs, extra: Routes = {}) {
  return fakeApi({
    'GET /api/workspaces/get': ok([acme]),
    'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
    'GET /api/users/preferences/expressTableColumns': ok(null),
    'GET /api/shipments/express/options': ok({
      carriers: [
        { code: 'fedex', name: 'FedEx' },
        { code: 'ups', name: 'UPS' },
        { code: 'usps', name: 'USPS' },
      ],
      tags: ['returns'],
    }),
    [LIST]: byTab(tabs),
    ...extra,
  });
}

export const rows = () => screen.getAllByTestId('shipment-row');
export const numbersShown = () =>
  rows().map((row) => within(row).getByRole('link', { name: /^[A-Z0-9]{10,}$/ }).textContent);
export const cell = (row: number, column: string) =>
  rows()[row]!.querySelector(`td[data-column="${column}"]`)?.textContent;
