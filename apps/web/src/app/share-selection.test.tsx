import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { focusManager } from '@tanstack/react-query';
import type { PublicShare } from '@tracklane/shared/sharing/sharing.schema';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok } from '../test/fake-api';
import { expressListPage, expressShipment } from '../test/express-shipment-fixtures';
import { listPage, noOptions, oceanShipment } from '../test/ocean-shipment-fixtures';
import { acme, acmeDefault, beta, betaDesk, selectionOf } from '../test/organization-fixtures';
import { renderRoutes } from '../test/render';
import { signInAsAgreedUser } from '../test/session';
import { appRoutes } from './router';

type Routes = Parameters<typeof fakeApi>[0];

const first = oceanShipment({ containerNo: 'MSCU1234566', mblNo: 'MEDU12345678' });
const second = oceanShipment({ containerNo: 'MSKU1234565', mblNo: 'MAEU240101' });
const third = oceanShipment({ containerNo: 'TGHU1234567', mblNo: 'HLCU998877' });

const link = {
  id: 'l-1',
  shipmentType: 'ocean',
  numbers: [first.containerNo, third.containerNo],
  createdBy: 'Test User',
  createdAt: '2026-11-20T09:00:00.000Z',
  expiresAt: null,
  revokedAt: null,
  state: 'live',
  includeReferences: false,
  token: 't'.repeat(43),
  url: `http://localhost/share/${'t'.repeat(43)}`,
};

function serveOcean(shipments = [first, second, third], extra: Routes = {}) {
  return fakeApi({
    'GET /api/workspaces/get': ok([acme]),
    'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
    'GET /api/users/preferences/oceanTableColumns': ok(null),
    'GET /api/shipments/ocean/options': ok(noOptions),
    'GET /api/shipments/ocean': ok(listPage(shipments, { activeCount: shipments.length, archivedCount: 0 })),
    'POST /api/shares': ok({ recipients: 1 }, 'Shared with 1 recipient'),
    'POST /api/share-links': ok(link),
    ...extra,
  });
}

const rows = () => screen.getAllByTestId('shipment-row');

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

beforeEach(() => {
  signInAsAgreedUser();
});

describe('sharing the selected rows of a list', { timeout: 20_000 }, () => {
  it('shares two selected ocean shipments with people and under one link', async () => {
    const api = serveOcean();
    renderRoutes(appRoutes, '/shipments/ocean/active');
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(3));

    await user.click(screen.getByRole('checkbox', { name: 'Select MSCU1234566' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select TGHU1234567' }));
    const bar = await screen.findByRole('group', { name: 'Selected shipments' });
    await user.click(within(bar).getByRole('button', { name: 'Share' }));

    const dialog = await screen.findByRole('dialog', { name: 'Share 2 shipments' });
    const set = within(dialog).getByRole('list', { name: 'Shipments to share' });
    expect(
      within(set)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['MSCU1234566', 'TGHU1234567']);
    expect(dialog).toHaveTextContent('They see these shipments read-only');

    await user.type(
      within(dialog).getByRole('combobox', { name: 'E-mail addresses' }),
      'grace@example.org{Enter}',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(api.callsTo('POST /api/shares')).toHaveLength(1));
    expect(api.callsTo('POST /api/shares')[0]?.body).toEqual({
      shipmentType: 'ocean',
      shipments: [
        { containerNo: 'MSCU1234566', mblNo: 'MEDU12345678' },
        { containerNo: 'TGHU1234567', mblNo: 'HLCU998877' },
      ],
      emails: ['grace@example.org'],
    });
    expect(await screen.findByText('Shared with 1 recipient')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByTestId('created-link-url')).toHaveValue(link.url);
    expect(api.callsTo('POST /api/share-links')[0]?.body).toEqual({
      shipmentType: 'ocean',
      shipmentIds: [first.shipmentOverallId, third.shipmentOverallId],
      // Unticked: the link shows no references or custom fields.
      includeReferences: false,
    });
    // A set lists no one shipment's people or links: that is each shipment's own Share.
    expect(api.callsTo('GET /api/shares')).toHaveLength(0);
    expect(api.callsTo('GET /api/share-links')).toHaveLength(0);
  });

  it('shares two selected parcels by tracking number and id', async () => {
    const ups = expressShipment({ expressOrderNo: '1Z5R89390357567127' });
    const fedex = expressShipment({ expressOrderNo: '794616896420', carrier: 'fedex', carrierName: 'FedEx' });
    const api = fakeApi({
      'GET /api/workspaces/get': ok([acme]),
      'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
      'GET /api/users/preferences/expressTableColumns': ok(null),
      'GET /api/shipments/express/options': ok({ carriers: [] }),
      'GET /api/shipments/express': ok(
        expressListPage([ups, fedex], { activeCount: 2, notFoundCount: 0, archivedCount: 0 }),
      ),
      'POST /api/shares': ok({ recipients: 1 }, 'Shared with 1 recipient'),
    });
    renderRoutes(appRoutes, '/shipments/truck/express/active');
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('checkbox', { name: 'Select all loaded shipments' }));
    const bar = await screen.findByRole('group', { name: 'Selected shipments' });
    await user.click(within(bar).getByRole('button', { name: 'Share' }));

    const dialog = await screen.findByRole('dialog', { name: 'Share 2 shipments' });
    expect(within(dialog).getByRole('list', { name: 'Shipments to share' })).toHaveTextContent(
      '1Z5R89390357567127794616896420',
    );
    await user.type(
      within(dialog).getByRole('combobox', { name: 'E-mail addresses' }),
      'grace@example.org{Enter}',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/shares')[0]?.body).toEqual({
        shipmentType: 'express',
        shipments: [
          { trackingNo: '1Z5R89390357567127', expressOrderId: ups.expressOrderId },
          { trackingNo: '794616896420', expressOrderId: fedex.expressOrderId },
        ],
        emails: ['grace@example.org'],
      }),
    );
  });

  it('refuses more than 50 shipments with a clear message, sending nothing', async () => {
    const many = Array.from({ length: 51 }, (_, i) =>
      oceanShipment({ containerNo: `MSCU${String(1000000 + i)}`, mblNo: `MEDU${String(i)}` }),
    );
    const api = serveOcean(many);
    renderRoutes(appRoutes, '/shipments/ocean/active');
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(51));
    await user.click(screen.getByRole('checkbox', { name: 'Select all loaded shipments' }));
    const bar = await screen.findByRole('group', { name: 'Selected shipments' });
    expect(within(bar).getByText('51 selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Share' }));

    const dialog = await screen.findByRole('dialog', { name: 'Share 51 shipments' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Share at most 50 shipments at a time. 51 are selected: select 1 fewer, or share them in parts.',
    );
    await user.type(
      within(dialog).getByRole('combobox', { name: 'E-mail addresses' }),
      'grace@example.org{Enter}',
    );
    expect(within(dialog).getByRole('button', { name: 'Share' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Create link' })).toBeDisabled();
    expect(api.callsTo('POST /api/shares')).toHaveLength(0);
    expect(api.callsTo('POST /api/share-links')).toHaveLength(0);
  });

  it('offers a view-only member no Share, as the server refuses them', async () => {
    fakeApi({
      'GET /api/workspaces/get': ok([beta]),
      'POST /api/workspaces/setCookies': ok(selectionOf(betaDesk)),
      'GET /api/users/preferences/oceanTableColumns': ok(null),
      'GET /api/shipments/ocean/options': ok(noOptions),
      'GET /api/shipments/ocean': ok(listPage([first, second], { activeCount: 2, archivedCount: 0 })),
    });
    renderRoutes(appRoutes, '/shipments/ocean/active');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByRole('checkbox', { name: /^Select/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Selected shipments' })).not.toBeInTheDocument();
  });
});

describe('an open public share page notices a revoke', () => {
  const token = 'c'.repeat(43);
  const shipment = (number: string): PublicShare['shipments'][number] => ({
    number,
    reference: 'MEDU700000001',
    carrierName: 'MSC',
    status: 'in_transit',
    origin: 'Shanghai',
    destination: 'Rotterdam',
    departure: { estimated: null, actual: null },
    arrival: { estimated: '2026-12-03T00:00:00.000Z', actual: null },
    milestones: [],
    position: null,
    route: null,
    lastCheckedAt: null,
  });
  const share: PublicShare = {
    shipmentType: 'ocean',
    expiresAt: null,
    shipments: [shipment('TGHU1000012'), shipment('MSCU1234566')],
  };

  afterEach(() => {
    vi.useRealTimers();
    focusManager.setFocused(undefined);
  });

  it('shows every shipment of a set, and asks again every 10 s until the link is revoked', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi({ [`GET /api/share/${token}`]: ok(share) });
    const { router } = renderRoutes(appRoutes, `/share/${token}`);
    expect(await screen.findByRole('heading', { name: 'TGHU1000012' })).toBeInTheDocument();
    expect(screen.getAllByTestId('public-shipment')).toHaveLength(2);
    expect(screen.getByText(/Shared ocean shipments/)).toBeInTheDocument();
    const asked = api.callsTo(`GET /api/share/${token}`).length;

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(api.callsTo(`GET /api/share/${token}`).length).toBe(asked + 1));
    expect(router.state.location.pathname).toBe(`/share/${token}`);

    api.route(`GET /api/share/${token}`, fail(410, 'LINK_EXPIRED', 'This share link has expired'));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/expiredLink'));
  });

  it('asks again on focus, and shows not-found once the token is unknown', async () => {
    const api = fakeApi({ [`GET /api/share/${token}`]: ok(share) });
    renderRoutes(appRoutes, `/share/${token}`);
    expect(await screen.findByRole('heading', { name: 'MSCU1234566' })).toBeInTheDocument();
    api.route(`GET /api/share/${token}`, fail(404, 'NOT_FOUND', 'This share link does not exist.'));
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByTestId('public-share')).toBeNull();
  });
});
