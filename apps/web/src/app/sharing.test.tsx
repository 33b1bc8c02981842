import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  InviteNotification,
  PublicShare,
  SentShare,
  SharedHistoryPage,
} from '@tracklane/shared/sharing/sharing.schema';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, fakeApi, ok } from '../test/fake-api';
import { oceanShipmentDetail } from '../test/ocean-shipment-fixtures';
import { acme, acmeDefault, selectionOf } from '../test/organization-fixtures';
import { renderRoutes } from '../test/render';
import { signInAsAgreedUser } from '../test/session';
import { appRoutes } from './router';

const invite: InviteNotification = {
  id: 'n-7',
  overallId: 'share-1',
  shipmentType: 'ocean',
  name: 'Ada Lovelace',
  number: 'TGHU1000012',
  sharedAt: '2026-11-20T09:00:00.000Z',
  isRead: false,
};

const history: SharedHistoryPage = {
  rows: [
    {
      overallId: 'share-1',
      shipmentType: 'ocean',
      number: 'TGHU1000012',
      reference: 'MEDU700000001',
      carrierName: 'MSC',
      status: 'in_transit',
      arrival: '2026-12-03T00:00:00.000Z',
      arrivalActual: false,
      sharedBy: 'Ada Lovelace',
      sharedAt: '2026-11-20T09:00:00.000Z',
    },
  ],
  total: 1,
  pageNo: 1,
  pageSize: 20,
};

function server(routes: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/workspaces/get': ok([acme]),
    'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
    'GET /api/workspaces/invite/list': ok([]),
    'GET /api/notification/get': ok({
      notifications: [],
      totalNumber: 0,
      unreadNumber: 0,
      pageNo: 1,
      pageSize: 10,
    }),
    'GET /api/invite/notifications': ok({ notifications: [invite], unreadNumber: 1 }),
    'GET /api/invite/get-first-unread-notification': ok(null),
    'GET /api/shipment-history/ocean/shared-history': ok(history),
    ...routes,
  });
}

beforeEach(() => {
  signInAsAgreedUser();
});

describe('shared with me', () => {
  it('lists share invites in the bell INVITES tab, counted in the badge, opening the shared shipment', async () => {
    server({
      'GET /api/shipment-history/ocean/shared-history/details/share-1': ok({
        share: {
          overallId: 'share-1',
          shipmentType: 'ocean',
          sharedBy: 'Ada Lovelace',
          sharedAt: invite.sharedAt,
        },
        ocean: oceanShipmentDetail({ containerNo: 'TGHU1000012', mblNo: 'MEDU700000001', favorite: false }),
        express: null,
      }),
    });
    const { router } = renderRoutes(appRoutes, '/dashboard/ocean');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const dropdown = await screen.findByTestId('notification-dropdown');
    await userEvent.click(within(dropdown).getByRole('tab', { name: /^INVITES/ }));
    const item = await within(dropdown).findByTestId('bell-share-invite');
    expect(item).toHaveTextContent('Ada Lovelace shared TGHU1000012 with you');
    expect(within(dropdown).getByRole('link', { name: 'See All' })).toHaveAttribute(
      'href',
      '/shipment-history/ocean/shared-history',
    );
    await userEvent.click(item);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/shipment-history/ocean/shared-history/details/share-1'),
    );
    expect(await screen.findByRole('heading', { name: 'Container TGHU1000012' })).toBeInTheDocument();
    expect(screen.getByTestId('shared-banner')).toHaveTextContent('Shared with you by Ada Lovelace');
    // Read-only: no favourite, archive or share.
    expect(screen.queryByRole('button', { name: /archive/i })).toBeNull();
    expect(screen.queryByTestId('share-button')).toBeNull();
    expect(screen.getByRole('link', { name: /Shared history/ })).toHaveAttribute(
      'href',
      '/shipment-history/ocean/shared-history',
    );
  });

  it('shows the shared history with who shared each shipment, and an empty state', async () => {
    const api = server();
    renderRoutes(appRoutes, '/shipment-history/ocean/shared-history');
    const row = await screen.findByTestId('shared-history-row');
    expect(row).toHaveTextContent('TGHU1000012');
    expect(row).toHaveTextContent('Ada Lovelace');
    expect(row).toHaveTextContent('EST: 03/12/2026');
    expect(within(row).getByRole('link', { name: 'TGHU1000012' })).toHaveAttribute(
      'href',
      '/shipment-history/ocean/shared-history/details/share-1',
    );
    api.route(
      'GET /api/shipment-history/ground/shared-history',
      ok({ rows: [], total: 0, pageNo: 1, pageSize: 20 }),
    );
    renderRoutes(appRoutes, '/shipment-history/ground/shared-history');
    expect(await screen.findByText('Nothing shared with you yet')).toBeInTheDocument();
  });

  it('says a share that is not (or no longer) shared is not there, never an empty page', async () => {
    server({
      'GET /api/shipment-history/ocean/shared-history/details/gone': fail(404, 'NOT_FOUND', 'Not shared'),
    });
    renderRoutes(appRoutes, '/shipment-history/ocean/shared-history/details/gone');
    expect(await screen.findByTestId('shared-not-found')).toHaveTextContent(
      'This shipment is not shared with you',
    );
  });

  it('greets the user with the first unread share invite', async () => {
    server({ 'GET /api/invite/get-first-unread-notification': ok(invite) });
    const { router } = renderRoutes(appRoutes, '/dashboard/ocean');
    const notice = await screen.findByRole('dialog', { name: 'A shipment was shared with you' });
    expect(notice).toHaveTextContent('Ada Lovelace shared the ocean shipment TGHU1000012');
    await userEvent.click(within(notice).getByRole('button', { name: 'View shipment' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/shipment-history/ocean/shared-history/details/share-1'),
    );
  });
});

describe('a shipment shared with me carries no money', () => {
  it('draws the shared detail from tracking without demurrage and detention, and asks for none', async () => {
    const { freeTime: _money, ...tracking } = oceanShipmentDetail({
      shipmentOverallId: '00000000-0000-4000-8000-0000000000aa',
      containerNo: 'TGHU1000012',
      mblNo: 'MEDU700000001',
    });
    const api = server({
      'GET /api/shipment-history/ocean/shared-history/details/share-1': ok({
        share: {
          overallId: 'share-1',
          shipmentType: 'ocean',
          sharedBy: 'Ada Lovelace',
          sharedAt: invite.sharedAt,
        },
        ocean: tracking,
        express: null,
      }),
    });
    renderRoutes(appRoutes, '/shipment-history/ocean/shared-history/details/share-1');
    expect(await screen.findByRole('heading', { name: 'Container TGHU1000012' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Journey' })).toBeInTheDocument();
    // The carrier's own milestone ("Demurrage last free day") is tracking, not money: no clocks, no cost.
    expect(screen.queryByText(/detention|free time/i)).toBeNull();
    expect(screen.queryByText(/\b(USD|EUR)\b/)).toBeNull();
    expect(api.calls.filter((call) => call.path.endsWith('/free-time'))).toEqual([]);
  });
});

describe('sharing a shipment from its page', () => {
  const PAGE = '/shipment/ocean/MSCU1234566/MEDU12345678';
  const people: SentShare[] = [
    {
      id: 'share-9',
      email: 'ada@example.org',
      state: 'opened',
      sharedBy: 'Grace Hopper',
      sharedAt: '2026-11-20T09:00:00.000Z',
    },
    {
      id: 'share-8',
      email: 'newcomer@example.org',
      state: 'pending',
      sharedBy: 'Grace Hopper',
      sharedAt: '2026-11-19T09:00:00.000Z',
    },
  ];

  function serveDetail() {
    const detail = oceanShipmentDetail({ containerNo: 'MSCU1234566', mblNo: 'MEDU12345678' });
    return fakeApi({
      'GET /api/workspaces/get': ok([acme]),
      'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
      'GET /api/shipments/ocean/MSCU1234566/MEDU12345678': ok(detail),
      'GET /api/shares': ok(people),
      'GET /api/share-links': ok([]),
      'POST /api/share-links': (call) =>
        ok({
          id: 'link-1',
          shipmentType: 'ocean',
          numbers: ['MSCU1234566'],
          createdBy: 'Grace Hopper',
          createdAt: '2026-11-20T09:00:00.000Z',
          expiresAt: null,
          revokedAt: null,
          state: 'live',
          includeReferences: (call.body as { includeReferences: boolean }).includeReferences,
          token: 't'.repeat(43),
          url: `https://tracklane.example/share/${'t'.repeat(43)}`,
        }),
      // The server answers how many addresses, whether or not they have accounts.
      'POST /api/shares': (call) => ok({ recipients: (call.body as { emails: string[] }).emails.length }),
    });
  }

  it('lists each recipient as the address and whether it was opened, nothing else about them', async () => {
    serveDetail();
    renderRoutes(appRoutes, PAGE);
    await userEvent.click(await screen.findByTestId('share-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Share MSCU1234566' });
    const rows = await within(dialog).findAllByTestId('shared-with-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ada@example.orgOpenedBy Grace Hopper · 20/11/2026',
      'newcomer@example.orgPendingBy Grace Hopper · 19/11/2026',
    ]);
    expect(
      within(dialog).getByRole('button', { name: 'Stop sharing with newcomer@example.org' }),
    ).toBeInTheDocument();
  });

  it('creates a public link without references unless the sharer ticks the option', async () => {
    const api = serveDetail();
    renderRoutes(appRoutes, PAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('share-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Share MSCU1234566' });
    const option = within(dialog).getByRole('checkbox', { name: 'Include references and custom fields' });
    expect(option).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(api.callsTo('POST /api/share-links')).toHaveLength(1));
    await user.click(option);
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(api.callsTo('POST /api/share-links')).toHaveLength(2));
    expect(api.callsTo('POST /api/share-links').map((call) => call.body)).toEqual([
      { shipmentType: 'ocean', shipmentIds: [expect.any(String)], includeReferences: false },
      { shipmentType: 'ocean', shipmentIds: [expect.any(String)], includeReferences: true },
    ]);
  });

  it('says how many recipients it was shared with, the same whoever has an account', async () => {
    const api = serveDetail();
    renderRoutes(appRoutes, PAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('share-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Share MSCU1234566' });
    const emails = within(dialog).getByRole('combobox', { name: 'E-mail addresses' });
    await user.type(emails, 'ada@example.org{Enter}newcomer@example.org{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Shared with 2 recipients')).toBeInTheDocument();
    await user.type(emails, 'alan@example.org{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Shared with 1 recipient')).toBeInTheDocument();
    expect(api.callsTo('POST /api/shares').map((call) => (call.body as { emails: string[] }).emails)).toEqual(
      [['ada@example.org', 'newcomer@example.org'], ['alan@example.org']],
    );
  });
});

describe('tracking history', () => {
  it('lists what the workspace added, archived included, and re-tracks an archived one', async () => {
    const api = server({
      'GET /api/shipment-history/ocean/tracking-history': ok({
        rows: [
          {
            shipmentId: 's-1',
            number: 'TGHU1000012',
            reference: 'MEDU700000001',
            carrierName: 'MSC',
            status: 'discharged',
            archived: true,
            addedBy: 'Grace Hopper',
            addedAt: '2026-10-01T08:00:00.000Z',
          },
        ],
        total: 1,
        pageNo: 1,
        pageSize: 20,
      }),
      'POST /api/shipment-history/ocean/tracking-history/retrack': ok({
        retracked: 1,
        alreadyActive: 0,
        message: '1 shipment tracked again',
      }),
    });
    renderRoutes(appRoutes, '/shipment-history/ocean/tracking-history');
    const row = await screen.findByTestId('tracking-history-row');
    expect(row).toHaveTextContent('Grace Hopper');
    await userEvent.click(within(row).getByRole('button', { name: 'Track TGHU1000012 again' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/shipment-history/ocean/tracking-history/retrack')[0]?.body).toEqual({
        shipmentIds: ['s-1'],
      }),
    );
  });
});

describe('public share links', () => {
  const share: PublicShare = {
    shipmentType: 'ocean',
    expiresAt: null,
    shipments: [
      {
        number: 'TGHU1000012',
        reference: 'MEDU700000001',
        carrierName: 'MSC',
        status: 'in_transit',
        origin: 'Shanghai',
        destination: 'Rotterdam',
        departure: { estimated: null, actual: '2026-11-01T00:00:00.000Z' },
        arrival: { estimated: '2026-12-03T00:00:00.000Z', actual: null },
        milestones: [{ key: 'arrived', label: 'Arrived', time: '2026-12-03T00:00:00.000Z', actual: false }],
        position: { kind: 'vessel', lat: 10, lon: 80, name: 'MSC Aurora' },
        route: [
          [121, 31],
          [80, 10],
          [4.1, 51.9],
        ],
        lastCheckedAt: null,
      },
    ],
  };
  const token = 'a'.repeat(43);

  it('shows milestones and ETA in the bare layout', async () => {
    fakeApi({ [`GET /api/share/${token}`]: ok(share) });
    renderRoutes(appRoutes, `/share/${token}`);
    expect(await screen.findByRole('heading', { name: 'TGHU1000012' })).toBeInTheDocument();
    expect(screen.getByTestId('bare-layout')).toBeInTheDocument();
    expect(screen.getByTestId('public-eta')).toHaveTextContent('EST: 03/12/2026');
    expect(screen.getByRole('list', { name: 'Milestones' })).toHaveTextContent('Arrived');
    expect(screen.queryByTestId('sidebar')).toBeNull();
  });

  it('shows no references block unless the link carries them, and then each by its label', async () => {
    fakeApi({ [`GET /api/share/${token}`]: ok(share) });
    const first = renderRoutes(appRoutes, `/share/${token}`);
    expect(await screen.findByRole('heading', { name: 'TGHU1000012' })).toBeInTheDocument();
    expect(screen.queryByTestId('public-details')).toBeNull();
    first.unmount();

    const described = {
      ...share.shipments[0]!,
      references: {
        bookingNumber: 'BKG-1',
        customerReference: null,
        poNumbers: ['4500012345', '4500012346'],
        parties: [{ role: 'consignee' as const, name: 'Acme Retail GmbH' }],
      },
      customFields: [
        { name: 'Customer project', type: 'text' as const, value: 'Alpha' },
        { name: 'Handling', type: 'multi_choice' as const, value: ['Fragile', 'Frozen'] },
        { name: 'Portal', type: 'link' as const, value: 'https://portal.example.com/a' },
      ],
    };
    fakeApi({ [`GET /api/share/${token}`]: ok({ ...share, shipments: [described] }) });
    renderRoutes(appRoutes, `/share/${token}`);
    const details = await screen.findByTestId('public-details');
    const pairs = [...details.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextSibling?.textContent,
    ]);
    expect(pairs).toEqual([
      ['Booking', 'BKG-1'],
      ['PO numbers', '4500012345, 4500012346'],
      ['Consignee', 'Acme Retail GmbH'],
      ['Customer project', 'Alpha'],
      ['Handling', 'Fragile, Frozen'],
      ['Portal', 'https://portal.example.com/a'],
    ]);
    expect(within(details).getByRole('link', { name: 'https://portal.example.com/a' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow',
    );
  });

  it('shows a delivered container as delivered at its place, not as a vessel', async () => {
    const delivered = {
      ...share.shipments[0]!,
      status: 'delivered',
      position: { kind: 'delivered' as const, lat: 51.95, lon: 4.05, name: 'Rotterdam' },
    };
    fakeApi({ [`GET /api/share/${token}`]: ok({ ...share, shipments: [delivered] }) });
    renderRoutes(appRoutes, `/share/${token}`);
    const marker = await screen.findByRole('button', { name: 'Rotterdam, delivered: 1 shipment' });
    expect(marker).toHaveAttribute('data-kind', 'delivered');
    expect(screen.queryByRole('button', { name: /MSC Aurora/ })).toBeNull();
  });

  it('lands on /expiredLink for a revoked link and on not-found for an unknown one', async () => {
    fakeApi({
      [`GET /api/share/${token}`]: fail(410, 'LINK_EXPIRED', 'Expired'),
      [`GET /api/share/${'b'.repeat(43)}`]: fail(404, 'NOT_FOUND', 'Unknown'),
    });
    const { router } = renderRoutes(appRoutes, `/share/${token}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/expiredLink'));
    expect(await screen.findByTestId('expired-share-link')).toBeInTheDocument();
    renderRoutes(appRoutes, `/share/${'b'.repeat(43)}`);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
