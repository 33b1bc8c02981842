import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WorkspaceInvitation } from '@tracklane/shared/invitations/invitations.schema';
import type {
  BellNotification,
  NotificationSettings,
} from '@tracklane/shared/notifications/notifications.schema';
import { beforeEach, describe, expect, it } from 'vitest';
import { notificationTarget } from '../features/notifications/utils/notification-target';
import { DEFAULT_TEST_SETTINGS } from '../test/notification-fixtures';
import { fakeApi, ok } from '../test/fake-api';
import { acme, acmeDefault, acmeImports, selectionOf } from '../test/organization-fixtures';
import { renderRoutes } from '../test/render';
import { signInAsAgreedUser } from '../test/session';
import { appRoutes } from './router';

const parcel: BellNotification = {
  id: 'n-1',
  shipmentType: 'express',
  containerChangeStatus: {
    id: 'c-1',
    containerNo: null,
    mblNo: null,
    expressOrderId: 's-9',
    expressOrderNo: 'TLNT123404',
    type: 'not_found',
    notification: 'Not found at the carrier: we keep checking daily',
    updatedAt: '2026-11-24T10:00:00.000Z',
    data: {},
  },
  isRead: false,
  workspaces: [
    { workspaceId: 'w-2', workspaceName: 'Imports Europe', organizationId: 'o-1', shipmentId: 's-9' },
  ],
};

const container: BellNotification = {
  id: 'n-2',
  shipmentType: 'ocean',
  containerChangeStatus: {
    id: 'c-2',
    containerNo: 'TGHU1000012',
    mblNo: 'MEDU700000001',
    expressOrderId: null,
    expressOrderNo: null,
    type: 'eta',
    notification: 'ETA at Rotterdam (NLRTM) moved 2 days later',
    updatedAt: '2026-11-24T09:00:00.000Z',
    data: {
      subject: 'eta',
      from: '2026-12-01T00:00:00.000Z',
      to: '2026-12-03T00:00:00.000Z',
      deltaMs: 172_800_000,
    },
  },
  isRead: true,
  workspaces: [
    { workspaceId: 'w-1', workspaceName: 'Default Workspace', organizationId: 'o-1', shipmentId: 's-1' },
    { workspaceId: 'w-2', workspaceName: 'Imports Europe', organizationId: 'o-1', shipmentId: 's-2' },
  ],
};

const invitation: WorkspaceInvitation = {
  workspaceId: 'w-9',
  workspaceName: 'Harbour Ops',
  workspaceImage: null,
  memberId: 'i-9',
  organizationId: 'o-9',
  organizationName: 'Delta Shipping',
  firstName: 'Grace',
  lastName: 'Hopper',
  inviterEmail: 'grace@delta.example',
  createdAt: '2026-11-01T09:30:00.000Z',
};

const page = (
  notifications: BellNotification[],
  extra: { totalNumber?: number; unreadNumber?: number } = {},
) => ({
  notifications,
  totalNumber: extra.totalNumber ?? notifications.length,
  unreadNumber: extra.unreadNumber ?? notifications.filter((n) => !n.isRead).length,
  pageNo: 1,
  pageSize: 10,
});

function server(routes: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/workspaces/get': ok([acme]),
    'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
    'GET /api/workspaces/invite/list': ok([invitation]),
    'GET /api/notification/get': ok(page([parcel, container])),
    'POST /api/comments/at/list': ok({
      atList: [],
      pageNo: 1,
      pageSize: 10,
      totalNumber: 0,
      totalPage: 0,
      unreadNumber: 0,
    }),
    ...routes,
  });
}

beforeEach(() => {
  signInAsAgreedUser();
});

describe('where a notification opens', () => {
  it('prefers the workspace the tab shows, else the first that still follows the shipment', () => {
    expect(notificationTarget(container, 'w-2', 'Europe/London')).toEqual({
      workspaceId: 'w-2',
      href: '/shipment/ocean/TGHU1000012/MEDU700000001?timeZone=Europe%2FLondon',
    });
    expect(notificationTarget(container, 'w-7', 'UTC')?.workspaceId).toBe('w-1');
    expect(notificationTarget(parcel, 'w-1', 'UTC')).toEqual({
      workspaceId: 'w-2',
      href: '/shipment/truck/express/s-9/TLNT123404?timeZone=UTC',
    });
    expect(notificationTarget({ ...parcel, workspaces: [] }, 'w-1', 'UTC')).toBeNull();
    expect(
      notificationTarget(
        { ...parcel, workspaces: [{ ...parcel.workspaces[0]!, shipmentId: null }] },
        'w-2',
        'UTC',
      ),
    ).toBeNull();
  });
});

describe('the bell (spec §2)', () => {
  it('counts unread notifications and invitations, with the three tabs and their See All links', async () => {
    server();
    renderRoutes(appRoutes, '/dashboard/ocean');
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await userEvent.click(bell);
    const dropdown = await screen.findByTestId('notification-dropdown');
    const tabs = within(dropdown).getAllByRole('tab');
    expect(tabs.map((t) => t.getAttribute('aria-label'))).toEqual([
      'SHIPMENTS, 1 unread',
      'INVITES, 1 unread',
      'COMMENTS',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(dropdown.style.maxHeight).toBe('400px');
    expect(await within(dropdown).findAllByTestId('notification-item')).toHaveLength(2);
    expect(within(dropdown).getByText('New ETA: 03/12/2026 00:00')).toBeInTheDocument();
    expect(within(dropdown).getByRole('link', { name: 'See All' })).toHaveAttribute(
      'href',
      '/notifications/all',
    );

    await userEvent.click(within(dropdown).getByRole('tab', { name: /^INVITES/ }));
    expect(await within(dropdown).findByText('Invitation to Harbour Ops')).toBeInTheDocument();
    expect(within(dropdown).getByRole('link', { name: 'See All' })).toHaveAttribute(
      'href',
      '/shipment-history/ocean/shared-history',
    );

    await userEvent.click(within(dropdown).getByRole('tab', { name: /^COMMENTS/ }));
    expect(await within(dropdown).findByTestId('comments-empty')).toHaveTextContent('No mentions yet');
    expect(within(dropdown).queryByRole('link', { name: 'See All' })).toBeNull();
  });

  it('opens a shipment notification: marks it read, switches to its workspace, shows the shipment', async () => {
    const api = server({
      'POST /api/notification/mark': ok({ updated: 1, unreadNumber: 0 }),
      'POST /api/workspaces/currentId': ok(selectionOf(acmeImports)),
    });
    const { router } = renderRoutes(appRoutes, '/dashboard/ocean');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const items = await screen.findAllByTestId('notification-item');
    const marksBefore = api.callsTo('GET /api/notification/get').length;
    await userEvent.click(items[0]!);

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/shipment/truck/express/s-9/TLNT123404'),
    );
    expect(api.callsTo('POST /api/notification/mark')[0]!.body).toEqual({
      userId: 'u-1',
      isRead: true,
      ids: ['n-1'],
    });
    expect(api.callsTo('POST /api/workspaces/currentId')[0]!.body).toEqual({ workspaceId: 'w-2' });
    // The bell asks again once the mark is done.
    await waitFor(() => expect(api.callsTo('GET /api/notification/get').length).toBeGreaterThan(marksBefore));
  });

  it('opens a shipment followed in the current workspace without switching, and a read one without marking', async () => {
    const api = server();
    const { router } = renderRoutes(appRoutes, '/dashboard/ocean');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await userEvent.click((await screen.findAllByTestId('notification-item'))[1]!);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/shipment/ocean/TGHU1000012/MEDU700000001'),
    );
    expect(api.callsTo('POST /api/workspaces/currentId')).toHaveLength(0);
    expect(api.callsTo('POST /api/notification/mark')).toHaveLength(0);
  });
});

describe('/notifications/all', () => {
  it('searches upper-cased, filters unread, pages and marks all read', async () => {
    const api = server({
      'GET /api/notification/get': ok(page([parcel, container], { totalNumber: 23, unreadNumber: 1 })),
      'POST /api/notification/mark': ok({ updated: 1, unreadNumber: 0 }),
    });
    renderRoutes(appRoutes, '/notifications/all');
    expect(await screen.findByRole('heading', { name: 'All notifications' })).toBeInTheDocument();
    await screen.findByText('23 notifications');

    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'tghu10');
    await waitFor(() =>
      expect(api.callsTo('GET /api/notification/get').some((c) => c.query.searchTerm === 'TGHU10')).toBe(
        true,
      ),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Unread' }));
    await waitFor(() =>
      expect(api.callsTo('GET /api/notification/get').some((c) => c.query.isRead === 'false')).toBe(true),
    );
    await userEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() =>
      expect(api.callsTo('GET /api/notification/get').some((c) => c.query.pageNo === '3')).toBe(true),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(api.callsTo('POST /api/notification/mark')).toHaveLength(1));
    expect(api.callsTo('POST /api/notification/mark')[0]!.body).toEqual({
      userId: 'u-1',
      isRead: true,
      all: true,
    });
  });

  it('says what the page is for when there is nothing yet', async () => {
    server({ 'GET /api/notification/get': ok(page([])) });
    renderRoutes(appRoutes, '/notifications/all');
    expect(await screen.findByTestId('notifications-empty')).toHaveTextContent('No notifications yet');
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });
});

describe('/settings/notification', () => {
  it('saves the matrix, the frequency and the container flag', async () => {
    const api = server({
      'GET /api/notification/settings': ok(DEFAULT_TEST_SETTINGS),
      'PUT /api/notification/settings': (call) => ok(call.body, 'Notification settings saved'),
    });
    renderRoutes(appRoutes, '/settings/notification');
    const save = await screen.findByRole('button', { name: 'Save settings' });
    expect(save).toBeDisabled();
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'ETA, ETD or estimated delivery changed by e-mail' }),
    );
    await userEvent.click(screen.getByRole('radio', { name: /Hourly/ }));
    await userEvent.click(save);
    await waitFor(() => expect(api.callsTo('PUT /api/notification/settings')).toHaveLength(1));
    const sent = api.callsTo('PUT /api/notification/settings')[0]!.body as NotificationSettings;
    expect(sent.digest).toBe('hourly');
    expect(sent.channels.eta).toEqual({ inApp: true, email: false });
    expect(sent.channels.delivered).toEqual({ inApp: true, email: true });
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();

    // Container notifications off: the matrix cannot be changed.
    await userEvent.click(screen.getByRole('switch', { name: /Shipment notifications/ }));
    expect(screen.getByRole('checkbox', { name: 'Delivered in the app' })).toBeDisabled();
  });
});
