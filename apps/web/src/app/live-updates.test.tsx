import { act, render, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCommentMentions } from '../features/comments/api/list-comment-mentions';
import { useCommentThread } from '../features/comments/api/list-comments';
import { useMyInvitations } from '../features/invitations/api/list-my-invitations';
import { useNotifications } from '../features/notifications/api/get-notifications';
import { useDashboard } from '../lib/dashboard-api';
import { userEventsSocketUrl } from '../lib/user-events-socket';
import { fakeApi, ok } from '../test/fake-api';
import { FakeWebSocket } from '../test/fake-web-socket';
import { oceanDashboard } from '../test/dashboard-fixtures';
import { TestProviders } from '../test/render';
import { useLiveUpdates } from './use-live-updates';
import { EXPRESS_LIST_FILTERS, useExpressShipments } from '../modes/express/api/list-express-shipments';
import { OCEAN_LIST_FILTERS, useOceanShipments } from '../modes/ocean/api/list-ocean-shipments';
import { useOceanBills } from '../modes/ocean/api/ocean-bills';
import { defaultFilters } from '../shipment-list/filter-params';
import { TAB_ID } from '../lib/tab-id';
import { expressListPage, expressShipment } from '../test/express-shipment-fixtures';
import { listPage, oceanShipment } from '../test/ocean-shipment-fixtures';

const CHANGED = { type: 'workspaceInvitations.changed' };

/** The shell's socket and a component that shows the invitations, as the rail does. */
function Shell({ userId }: { userId: string | null }) {
  useLiveUpdates(userId);
  const invitations = useMyInvitations();
  return <output>{invitations.data?.length ?? 'loading'}</output>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the tab’s one user-events socket (spec §4, §7)', () => {
  it('builds a same-origin URL for the signed-in user: ws: under http:, wss: under https:', () => {
    expect(userEventsSocketUrl({ protocol: 'http:', host: '127.0.0.1:3000' }, 'u 1')).toBe(
      'ws://127.0.0.1:3000/api/ws/events?userId=u%201',
    );
    expect(userEventsSocketUrl({ protocol: 'https:', host: 'track.example.com' }, 'u-1')).toBe(
      'wss://track.example.com/api/ws/events?userId=u-1',
    );
  });

  it('refetches the invitations on each message, and ignores anything else', async () => {
    const api = fakeApi({ 'GET /api/workspaces/invite/list': ok([]), 'GET /api/workspaces/get': ok([]) });
    render(<Shell userId="u-1" />, { wrapper: TestProviders });
    await waitFor(() => expect(api.callsTo('GET /api/workspaces/invite/list')).toHaveLength(1));
    // The first answer is in (its schema module loads beside the request): a refetch asked while it
    // was still on its way would have been that same request.
    await act(() => vi.dynamicImportSettled());

    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe(`ws://${window.location.host}/api/ws/events?userId=u-1`);
    // Once open, it catches up with what changed while it was connecting.
    act(() => socket.open());
    await waitFor(() => expect(api.callsTo('GET /api/workspaces/invite/list')).toHaveLength(2));
    act(() => socket.receive(CHANGED));
    await waitFor(() => expect(api.callsTo('GET /api/workspaces/invite/list')).toHaveLength(3));

    act(() => {
      socket.receive({ type: 'somethingElse' });
      socket.receive('not json');
    });
    act(() => socket.receive(CHANGED));
    await waitFor(() => expect(api.callsTo('GET /api/workspaces/invite/list')).toHaveLength(4));
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('refetches the bell and the dashboards on a notification message, on the same socket', async () => {
    const page = { notifications: [], totalNumber: 0, unreadNumber: 0, pageNo: 1, pageSize: 10 };
    const api = fakeApi({
      'GET /api/workspaces/invite/list': ok([]),
      'GET /api/notification/get': ok(page),
      'GET /api/dashboard/ocean': ok(oceanDashboard()),
    });
    function Bell() {
      useLiveUpdates('u-1');
      useMyInvitations();
      useNotifications({ userId: 'u-1', pageNo: 1 });
      useDashboard('ocean');
      return null;
    }
    render(<Bell />, { wrapper: TestProviders });
    await waitFor(() => expect(api.callsTo('GET /api/notification/get')).toHaveLength(1));
    await waitFor(() => expect(api.callsTo('GET /api/dashboard/ocean').length).toBeGreaterThan(0));
    const dashboards = api.callsTo('GET /api/dashboard/ocean').length;
    await act(() => vi.dynamicImportSettled());
    act(() => FakeWebSocket.latest().open());
    await waitFor(() => expect(api.callsTo('GET /api/notification/get')).toHaveLength(2));
    // The first open catches up with the bell, not the dashboards.
    expect(api.callsTo('GET /api/dashboard/ocean')).toHaveLength(dashboards);
    act(() => FakeWebSocket.latest().receive({ type: 'notifications.changed' }));
    await waitFor(() => expect(api.callsTo('GET /api/notification/get')).toHaveLength(3));
    await waitFor(() => expect(api.callsTo('GET /api/dashboard/ocean').length).toBeGreaterThan(dashboards));
    // A notification is not an invitation: those were asked at load and at the first open only.
    expect(api.callsTo('GET /api/workspaces/invite/list')).toHaveLength(2);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('refetches the open comment thread on a comments message, and the mentions on a notification', async () => {
    const mentions = { atList: [], pageNo: 1, pageSize: 10, totalNumber: 0, totalPage: 0, unreadNumber: 0 };
    const api = fakeApi({
      'GET /api/workspaces/invite/list': ok([]),
      'GET /api/comments/ocean/s-1': ok({ comments: [], canComment: true }),
      'POST /api/comments/at/list': ok(mentions),
    });
    function Thread() {
      useLiveUpdates('u-1');
      useCommentThread('ocean', 's-1');
      useCommentMentions();
      return null;
    }
    render(<Thread />, { wrapper: TestProviders });
    await waitFor(() => expect(api.callsTo('GET /api/comments/ocean/s-1')).toHaveLength(1));
    act(() => FakeWebSocket.latest().open());
    await waitFor(() => expect(api.callsTo('POST /api/comments/at/list')).toHaveLength(2));
    act(() => FakeWebSocket.latest().receive({ type: 'comments.changed' }));
    await waitFor(() => expect(api.callsTo('GET /api/comments/ocean/s-1')).toHaveLength(2));
    expect(api.callsTo('POST /api/comments/at/list')).toHaveLength(2);
    act(() => FakeWebSocket.latest().receive({ type: 'notifications.changed' }));
    await waitFor(() => expect(api.callsTo('POST /api/comments/at/list')).toHaveLength(3));
  });

  it("refetches the shipment lists when the user's favourites change elsewhere, not on this tab's own echo", async () => {
    const api = fakeApi({
      'GET /api/workspaces/invite/list': ok([]),
      'GET /api/shipments/ocean': ok(listPage([oceanShipment()], { activeCount: 1, archivedCount: 0 })),
      'GET /api/shipments/express': ok(
        expressListPage([expressShipment()], { activeCount: 1, notFoundCount: 0, archivedCount: 0 }),
      ),
    });
    function Lists() {
      useLiveUpdates('u-1');
      useOceanShipments('active', defaultFilters(OCEAN_LIST_FILTERS));
      useExpressShipments('active', defaultFilters(EXPRESS_LIST_FILTERS));
      return null;
    }
    render(<Lists />, { wrapper: TestProviders });
    await waitFor(() => expect(api.callsTo('GET /api/shipments/ocean')).toHaveLength(1));
    await waitFor(() => expect(api.callsTo('GET /api/shipments/express')).toHaveLength(1));
    act(() => FakeWebSocket.latest().open());

    // Starred in another tab or on another device: both modes' lists come again.
    act(() => FakeWebSocket.latest().receive({ type: 'favorites.changed', origin: 'another-tab' }));
    await waitFor(() => expect(api.callsTo('GET /api/shipments/ocean')).toHaveLength(2));
    await waitFor(() => expect(api.callsTo('GET /api/shipments/express')).toHaveLength(2));

    // This tab's own star: its rows turned already and stay put; nothing is asked. A nudge sent after
    // it shows that the first one was heard and ignored, not still on its way.
    act(() => FakeWebSocket.latest().receive({ type: 'favorites.changed', origin: TAB_ID }));
    act(() => FakeWebSocket.latest().receive({ type: 'favorites.changed' }));
    await waitFor(() => expect(api.callsTo('GET /api/shipments/ocean')).toHaveLength(3));
    expect(api.callsTo('GET /api/shipments/express')).toHaveLength(3);
  });

  it('refetches the ocean list and the bills waiting for containers when a followed bill names them', async () => {
    const api = fakeApi({
      'GET /api/workspaces/invite/list': ok([]),
      'GET /api/shipments/ocean': ok(listPage([oceanShipment()], { activeCount: 1, archivedCount: 0 })),
      'GET /api/shipments/ocean/bills': ok({ items: [], nextCursor: null }),
    });
    function List() {
      useLiveUpdates('u-1');
      useOceanShipments('active', defaultFilters(OCEAN_LIST_FILTERS));
      useOceanBills('waiting');
      return null;
    }
    render(<List />, { wrapper: TestProviders });
    await waitFor(() => expect(api.callsTo('GET /api/shipments/ocean')).toHaveLength(1));
    await waitFor(() => expect(api.callsTo('GET /api/shipments/ocean/bills')).toHaveLength(1));
    act(() => FakeWebSocket.latest().open());

    act(() => FakeWebSocket.latest().receive({ type: 'shipments.changed' }));
    await waitFor(() => expect(api.callsTo('GET /api/shipments/ocean')).toHaveLength(2));
    await waitFor(() => expect(api.callsTo('GET /api/shipments/ocean/bills')).toHaveLength(2));
  });

  it('reconnects after a close, waiting 1 s, 2 s, 4 s…, and starts over once connected', () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // no jitter: the exact schedule
    fakeApi({});
    renderHook(() => useLiveUpdates('u-1'), { wrapper: TestProviders });
    expect(FakeWebSocket.instances).toHaveLength(1);

    const reconnectsAfter = (ms: number) => {
      const before = FakeWebSocket.instances.length;
      act(() => FakeWebSocket.latest().drop());
      act(() => {
        vi.advanceTimersByTime(ms - 1);
      });
      expect(FakeWebSocket.instances).toHaveLength(before);
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(FakeWebSocket.instances).toHaveLength(before + 1);
    };

    reconnectsAfter(1_000);
    reconnectsAfter(2_000);
    reconnectsAfter(4_000);
    act(() => FakeWebSocket.latest().open());
    reconnectsAfter(1_000);
  });

  it('jitters the wait by up to ±30 % and never waits longer than 30 s before jitter', () => {
    vi.useFakeTimers();
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    fakeApi({});
    renderHook(() => useLiveUpdates('u-1'), { wrapper: TestProviders });

    act(() => FakeWebSocket.latest().drop());
    act(() => {
      vi.advanceTimersByTime(700);
    });
    expect(FakeWebSocket.instances).toHaveLength(2);

    random.mockReturnValue(0.5);
    for (let attempt = 1; attempt < 8; attempt += 1) {
      act(() => FakeWebSocket.latest().drop());
      act(() => {
        vi.advanceTimersByTime(30_000);
      });
    }
    expect(FakeWebSocket.instances).toHaveLength(9);
  });

  it('catches up after a reconnect: messages sent while it was down are lost', async () => {
    const api = fakeApi({ 'GET /api/workspaces/invite/list': ok([]), 'GET /api/workspaces/get': ok([]) });
    render(<Shell userId="u-1" />, { wrapper: TestProviders });
    await waitFor(() => expect(api.callsTo('GET /api/workspaces/invite/list')).toHaveLength(1));
    act(() => FakeWebSocket.latest().open());
    await waitFor(() => expect(api.callsTo('GET /api/workspaces/invite/list')).toHaveLength(2));
    vi.useFakeTimers();
    act(() => FakeWebSocket.latest().drop());
    act(() => {
      vi.advanceTimersByTime(1_300);
    });
    vi.useRealTimers();
    expect(FakeWebSocket.instances).toHaveLength(2);

    act(() => FakeWebSocket.latest().open());
    await waitFor(() => expect(api.callsTo('GET /api/workspaces/invite/list')).toHaveLength(3));
  });

  it('closes cleanly on sign-out and on unmount, and does not come back', () => {
    vi.useFakeTimers();
    fakeApi({});
    const signedIn: { userId: string | null } = { userId: 'u-1' };
    const { rerender, unmount } = renderHook(({ userId }) => useLiveUpdates(userId), {
      wrapper: TestProviders,
      initialProps: signedIn,
    });
    const first = FakeWebSocket.latest();
    act(() => first.open());

    rerender({ userId: null });
    expect(first.closedByAppWith).toBe(1000);
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(FakeWebSocket.instances).toHaveLength(1);

    rerender({ userId: 'u-2' });
    const second = FakeWebSocket.latest();
    expect(second.url).toContain('userId=u-2');
    act(() => second.open());
    unmount();
    expect(second.closedByAppWith).toBe(1000);
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('waits for a socket still connecting to open before closing it, and drops a pending reconnect', () => {
    vi.useFakeTimers();
    fakeApi({});
    const { unmount } = renderHook(() => useLiveUpdates('u-1'), { wrapper: TestProviders });
    const connecting = FakeWebSocket.latest();
    unmount();
    expect(connecting.closedByAppWith).toBeUndefined();
    act(() => connecting.open());
    expect(connecting.closedByAppWith).toBe(1000);

    const again = renderHook(() => useLiveUpdates('u-1'), { wrapper: TestProviders });
    act(() => FakeWebSocket.latest().drop());
    again.unmount();
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(FakeWebSocket.instances).toHaveLength(2);
  });
});
