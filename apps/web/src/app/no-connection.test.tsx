import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { busyOceanDashboard, oceanDashboard } from '../test/dashboard-fixtures';
import { fakeApi, ok } from '../test/fake-api';
import { expressShipmentDetail } from '../test/express-shipment-fixtures';
import { listPage, noOptions, oceanShipment, oceanShipmentDetail } from '../test/ocean-shipment-fixtures';
import { acme, acmeDefault, beta, betaDesk, selectionOf } from '../test/organization-fixtures';
import { renderRoutes } from '../test/render';
import { signInAsAgreedUser } from '../test/session';
import { appRoutes } from './router';

type Routes = Parameters<typeof fakeApi>[0];

/** A container whose carrier has no data source (ADR 0035): nobody was asked about it. */
const unconnected = {
  containerNo: 'MSCU1234566',
  mblNo: 'MEDU12345678',
  carrierScac: 'MSCU',
  carrierName: 'MSC Mediterranean Shipping Company',
  state: 'no_source',
  status: null,
  source: null,
  lastCheckedAt: null,
};

/** The user as a company admin of Acme, or as a general user of Beta. */
function serve(admin: boolean, extra: Routes) {
  return fakeApi({
    'GET /api/workspaces/get': ok([admin ? acme : beta]),
    'POST /api/workspaces/setCookies': ok(selectionOf(admin ? acmeDefault : betaDesk)),
    ...extra,
  });
}

const oceanList = {
  'GET /api/users/preferences/oceanTableColumns': ok(null),
  'GET /api/shipments/ocean/options': ok(noOptions),
  'GET /api/shipments/ocean': () =>
    ok(listPage([oceanShipment(unconnected)], { activeCount: 1, archivedCount: 0 })),
};

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

beforeEach(() => {
  signInAsAgreedUser();
});

describe('a shipment without a data source', { timeout: 20_000 }, () => {
  it('tells a company admin on the list, with a link to connect the carrier', async () => {
    serve(true, oceanList);
    renderRoutes(appRoutes, '/shipments/ocean/active');
    const row = (await screen.findAllByTestId('shipment-row', {}, { timeout: 10_000 }))[0]!;
    const notice = within(row).getByTestId('no-connection');
    expect(notice).toHaveTextContent('No connection for MSC: connect one');
    expect(within(notice).getByRole('link', { name: 'connect one' })).toHaveAttribute(
      'href',
      '/workspace-settings/carrier-connections',
    );
    // Above the table too, where a phone shows it without scrolling sideways.
    expect(screen.getByTestId('no-connection-note')).toHaveTextContent('No connection for MSC: connect one');
    // Not the "Fetching" of a first check, nor a carrier's "Not found".
    expect(within(row).queryByText('Fetching')).not.toBeInTheDocument();
    expect(within(row).queryByText('Not found')).not.toBeInTheDocument();
  });

  it('tells anyone else on the list to ask a company admin, with no link', async () => {
    serve(false, oceanList);
    renderRoutes(appRoutes, '/shipments/ocean/active');
    const row = (await screen.findAllByTestId('shipment-row', {}, { timeout: 10_000 }))[0]!;
    const notice = within(row).getByTestId('no-connection');
    expect(notice).toHaveTextContent('No connection for MSC: ask a company admin to connect one');
    expect(within(notice).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByTestId('no-connection-note')).toHaveTextContent(
      'No connection for MSC: ask a company admin to connect one',
    );
  });

  const detail = {
    'GET /api/shipments/ocean/MSCU1234566/MEDU12345678': ok(
      oceanShipmentDetail({ ...unconnected, events: [], nextCheckAt: null }),
    ),
  };

  it('says so on the container’s detail, with the link for a company admin', async () => {
    serve(true, detail);
    renderRoutes(appRoutes, '/shipment/ocean/MSCU1234566/MEDU12345678');
    const alert = await screen.findByTestId('detail-no-connection', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('No connection for MSC: connect one');
    expect(within(alert).getByRole('link', { name: 'connect one' })).toHaveAttribute(
      'href',
      '/workspace-settings/carrier-connections',
    );
    expect(screen.queryByTestId('detail-pending')).not.toBeInTheDocument();
  });

  it('says so on the container’s detail, asking a general user to ask an admin', async () => {
    serve(false, detail);
    renderRoutes(appRoutes, '/shipment/ocean/MSCU1234566/MEDU12345678');
    const told = await screen.findByTestId('detail-no-connection', {}, { timeout: 10_000 });
    expect(told).toHaveTextContent('No connection for MSC: ask a company admin to connect one');
    expect(within(told).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says so on a parcel’s detail', async () => {
    serve(false, {
      'GET /api/shipments/express/p-1/1Z5R89390357567127': ok(
        expressShipmentDetail({
          expressOrderId: 'p-1',
          expressOrderNo: '1Z5R89390357567127',
          carrier: 'ups',
          carrierName: 'UPS',
          state: 'no_source',
          status: null,
          events: [],
        }),
      ),
    });
    renderRoutes(appRoutes, '/shipment/truck/express/p-1/1Z5R89390357567127');
    expect(await screen.findByTestId('detail-no-connection', {}, { timeout: 10_000 })).toHaveTextContent(
      'No connection for UPS: ask a company admin to connect one',
    );
  });

  const dashboard = oceanDashboard({
    ...busyOceanDashboard(),
    attentionVO: [
      {
        rule: 'noConnection',
        label: 'No connection',
        count: 1,
        items: [
          {
            id: 's-1',
            identifier: 'MSCU1234566',
            link: { containerNo: 'MSCU1234566', mblNo: 'MEDU12345678' },
            reason: [{ kind: 'text', value: 'No connection for MSC' }],
          },
        ],
      },
    ],
  });

  it('is counted on the dashboard, with the link for a company admin', async () => {
    serve(true, { 'GET /api/dashboard/ocean': ok(dashboard) });
    renderRoutes(appRoutes, '/dashboard/ocean');
    const card = await screen.findByRole('article', { name: 'No connection: 1' }, { timeout: 10_000 });
    expect(card).toHaveTextContent('No connection for MSC: connect one');
    expect(within(card).getByRole('link', { name: 'connect one' })).toHaveAttribute(
      'href',
      '/workspace-settings/carrier-connections',
    );
  });

  it('is counted on the dashboard, asking a general user to ask an admin', async () => {
    serve(false, { 'GET /api/dashboard/ocean': ok(dashboard) });
    renderRoutes(appRoutes, '/dashboard/ocean');
    const told = await screen.findByRole('article', { name: 'No connection: 1' }, { timeout: 10_000 });
    expect(told).toHaveTextContent('No connection for MSC: ask a company admin to connect one');
    expect(within(told).queryByRole('link', { name: 'connect one' })).not.toBeInTheDocument();
  });
});
