import { act, render, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCommentThread } from '../features/comments/api/list-comments';
import {
  OCEAN_LIST_FILTERS,
  PENDING_POLL_MS,
  useOceanShipments,
} from '../modes/ocean/api/list-ocean-shipments';
import { useOceanShipment } from '../modes/ocean/api/get-ocean-shipment';
import { usePublicShare } from '../features/sharing/api/get-public-share';
import { useDashboard } from '../lib/dashboard-api';
import { getLiveState, setLiveSocketUp } from '../lib/live-pages-store';
import { defaultFilters } from '../shipment-list/filter-params';
import { shareLinkSocketUrl } from '../lib/use-share-link-socket';
import { oceanDashboard } from '../test/dashboard-fixtures';
import { fakeApi, ok } from '../test/fake-api';
import { FakeWebSocket } from '../test/fake-web-socket';
import { listPage, oceanShipment, oceanShipmentDetail } from '../test/ocean-shipment-fixtures';
import { TestProviders } from '../test/render';
import { useLiveUpdates } from './use-live-updates';
import { testApp } from '../test/app';

const LIST = 'GET /api/shipments/ocean';
const DETAIL = 'GET /api/shipments/ocean/MSCU1234566/MEDU12345678';
const DASHBOARD = 'GET /api/dashboard/ocean';
const THREAD = 'GET /api/comments/ocean/s-1';

function selectWorkspace(workspaceId: string) {
  testApp().workspaceStore.setState({
    currentOrganization: {
      organizationId: 'o-1',
      organizationName: 'Acme',
      role: 'company_admin',
      shipmentPermission: 0,
    },
    currentWorkspace: { workspaceId, name: 'Main', isDefault: true },
  });
}

const follows = (socket: FakeWebSocket) => socket.sent.map((m) => JSON.parse(m) as Record<string, unknown>);

/** A list, its dashboard, an open detail with its thread: what a user has open at once. */
function Pages({ detail = true }: { detail?: boolean }) {
  useLiveUpdates('u-1');
  useOceanShipments('active', defaultFilters(OCEAN_LIST_FILTERS));
  useDashboard('ocean');
  useOceanShipment('MSCU1234566', 'MEDU12345678', detail);
  useCommentThread('ocean', 's-1');
  return null;
}

function pagesApi() {
  return fakeApi({
    'GET /api/workspaces/invite/list': ok([]),
    [LIST]: ok(listPage([oceanShipment({ shipmentOverallId: 's-1' })], { activeCount: 1, archivedCount: 0 })),
    [DETAIL]: ok(oceanShipmentDetail({ shipmentOverallId: 's-1' })),
    [DASHBOARD]: ok(oceanDashboard()),
    [THREAD]: ok({ comments: [], canComment: true }),
  });
}

async function openPages(api: ReturnType<typeof fakeApi>) {
  render(<Pages />, { wrapper: TestProviders });
  for (const call of [LIST, DETAIL, DASHBOARD, THREAD])
    await waitFor(() => expect(api.callsTo(call)).toHaveLength(1));
  const socket = FakeWebSocket.latest();
  act(() => socket.open());
  return socket;
}

beforeEach(() => selectWorkspace('w-1'));
afterEach(() => {
  setLiveSocketUp(false);
  vi.useRealTimers();
});

describe('live pages over the tab’s one socket', () => {
  it('follows the current workspace and the open shipment, again after a reconnect', async () => {
    const api = pagesApi();
    const socket = await openPages(api);
    await waitFor(() =>
      expect(follows(socket).at(-1)).toEqual({ type: 'follow', workspaceId: 'w-1', shipmentId: 's-1' }),
    );
    expect(FakeWebSocket.instances).toHaveLength(1);

    // Another workspace selected: the socket follows it instead, on the same connection.
    act(() => selectWorkspace('w-2'));
    await waitFor(() => expect(follows(socket).at(-1)).toMatchObject({ workspaceId: 'w-2' }));

    act(() => socket.drop());
    expect(getLiveState().socketUp).toBe(false);
  });

  it('refetches the list and dashboard on a workspace message, the detail and thread on a shipment message', async () => {
    const api = pagesApi();
    const socket = await openPages(api);
    const counts = () => [LIST, DASHBOARD, DETAIL, THREAD].map((call) => api.callsTo(call).length);
    await waitFor(() => expect(counts()).toEqual([1, 1, 1, 1]));

    act(() => socket.receive({ type: 'workspace.changed', workspaceId: 'w-1' }));
    await waitFor(() => expect(counts()).toEqual([2, 2, 1, 1]));

    act(() => socket.receive({ type: 'shipment.changed', shipmentId: 's-1' }));
    await waitFor(() => expect(counts()).toEqual([2, 2, 2, 2]));

    // Another shipment's message leaves this detail alone; a workspace the tab no longer shows, its lists.
    act(() => socket.receive({ type: 'shipment.changed', shipmentId: 's-other' }));
    act(() => socket.receive({ type: 'workspace.changed', workspaceId: 'w-other' }));
    // A message after them shows that they were heard and ignored, not still on their way.
    act(() => socket.receive({ type: 'workspace.changed', workspaceId: 'w-1' }));
    await waitFor(() => expect(counts()).toEqual([3, 3, 2, 2]));
  });

  it('asks for what it shows once more when the server first says it follows it', async () => {
    const api = pagesApi();
    const socket = await openPages(api);
    const counts = () => [LIST, DASHBOARD, DETAIL, THREAD].map((call) => api.callsTo(call).length);
    await waitFor(() => expect(follows(socket).at(-1)).toMatchObject({ shipmentId: 's-1' }));

    // A change stored between the pages' answers and the follow reached nobody: the lists and
    // dashboard (the workspace's) and the detail and thread (the shipment's) come again.
    act(() => socket.receive({ type: 'followed', workspaceId: 'w-1', shipmentId: 's-1' }));
    await waitFor(() => expect(counts()).toEqual([2, 2, 2, 2]));

    // Following the same again, or a workspace the tab no longer shows, asks nothing more.
    act(() => socket.receive({ type: 'followed', workspaceId: 'w-1', shipmentId: 's-1' }));
    act(() => socket.receive({ type: 'followed', workspaceId: 'w-2', shipmentId: 's-1' }));
    act(() => socket.receive({ type: 'workspace.changed', workspaceId: 'w-1' }));
    await waitFor(() => expect(counts()).toEqual([3, 3, 2, 2]));
  });

  it('refetches everything it shows after a reconnect, since messages were lost meanwhile', async () => {
    const api = pagesApi();
    const socket = await openPages(api);
    act(() => socket.drop());
    // The reconnect is scheduled with backoff: open the new socket by hand.
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(1), { timeout: 5000 });
    act(() => FakeWebSocket.latest().open());
    for (const call of [LIST, DASHBOARD, DETAIL, THREAD])
      await waitFor(() => expect(api.callsTo(call).length).toBeGreaterThanOrEqual(2));
    expect(follows(FakeWebSocket.latest())[0]).toEqual({
      type: 'follow',
      workspaceId: 'w-1',
      shipmentId: 's-1',
    });
  });

  it('polls pending items only while the socket is down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi({
      'GET /api/workspaces/invite/list': ok([]),
      [LIST]: ok(listPage([oceanShipment({ state: 'pending' })], { activeCount: 1, archivedCount: 0 })),
    });
    function List() {
      useLiveUpdates('u-1');
      useOceanShipments('active', defaultFilters(OCEAN_LIST_FILTERS));
      return null;
    }
    render(<List />, { wrapper: TestProviders });
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(1));
    act(() => FakeWebSocket.latest().open());
    // Up: the item's first answer will come as a message; nothing asks meanwhile.
    await act(() => vi.advanceTimersByTimeAsync(PENDING_POLL_MS * 3));
    expect(api.callsTo(LIST)).toHaveLength(1);
    // Down (the reconnect is not through yet): the list looks again on its own.
    act(() => FakeWebSocket.latest().drop());
    await act(() => vi.advanceTimersByTimeAsync(PENDING_POLL_MS + 100));
    expect(api.callsTo(LIST).length).toBeGreaterThan(1);
  });

  it('stops following the shipment when its page closes', async () => {
    const api = pagesApi();
    const { rerender } = render(<Pages />, { wrapper: TestProviders });
    await waitFor(() => expect(api.callsTo(DETAIL)).toHaveLength(1));
    const socket = FakeWebSocket.latest();
    act(() => socket.open());
    await waitFor(() => expect(follows(socket).at(-1)).toMatchObject({ shipmentId: 's-1' }));
    rerender(<Pages detail={false} />);
    await waitFor(() => expect(follows(socket).at(-1)).toMatchObject({ shipmentId: null }));
  });
});

describe('a public link’s page', () => {
  it('listens on its link’s socket and refetches on each message', async () => {
    const token = 'a'.repeat(43);
    const api = fakeApi({
      [`GET /api/share/${token}`]: ok({ shipmentType: 'ocean', expiresAt: null, shipments: [] }),
    });
    renderHook(() => usePublicShare(token), { wrapper: TestProviders });
    await waitFor(() => expect(api.callsTo(`GET /api/share/${token}`)).toHaveLength(1));
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe(shareLinkSocketUrl(window.location, token));
    act(() => socket.open());
    act(() => socket.receive({ type: 'share.changed' }));
    await waitFor(() => expect(api.callsTo(`GET /api/share/${token}`)).toHaveLength(2));
  });
});
