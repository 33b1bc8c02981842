import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/http';
import {
  api,
  ApiError,
  apiRequest,
  onSelectionChanged,
  onUnauthorized,
  setWorkspaceShown,
} from './api-client';

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(() =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  const unsubscribers: Array<() => void> = [];
  afterEach(() => {
    unsubscribers.splice(0).forEach((unsubscribe) => unsubscribe());
  });

  it('returns the result of a successful envelope', async () => {
    stubFetch(jsonResponse(200, { success: true, result: { count: 3 } }));
    await expect(api.get<{ count: number }>('/api/things')).resolves.toEqual({ count: 3 });
  });

  it('sends JSON bodies with same-origin credentials', async () => {
    const fetchMock = stubFetch(jsonResponse(200, { success: true }));
    await api.post('/api/auth/logout', { email: 'a@b.co' });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/logout',
      expect.objectContaining({
        method: 'POST',
        credentials: 'same-origin',
        body: JSON.stringify({ email: 'a@b.co' }),
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }) as unknown,
      }),
    );
  });

  it('adds query parameters, skipping empty ones', async () => {
    const fetchMock = stubFetch(jsonResponse(200, { success: true }));
    await api.get('/api/notification/get', { query: { pageNo: 1, searchTerm: 'MSKU', isRead: undefined } });
    expect(fetchMock.mock.calls[0]).toEqual([
      '/api/notification/get?pageNo=1&searchTerm=MSKU',
      expect.anything(),
    ]);
  });

  it('throws an ApiError with the server status, code and message', async () => {
    stubFetch(jsonResponse(409, { success: false, code: 'CONFLICT', message: 'Already tracked' }));
    const error = await failureOf(api.post('/api/things', {}));
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', message: 'Already tracked' });
  });

  it("reads a 429's Retry-After so the caller can count down", async () => {
    stubFetch(
      new Response(JSON.stringify({ success: false, code: 'RATE_LIMITED', message: 'Wait' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '42' },
      }),
    );
    const error = await failureOf(api.post('/api/auth/sendNewCode', {}));
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 42 });
  });

  it('throws when a 200 answer says success: false', async () => {
    stubFetch(jsonResponse(200, { success: false, code: 'VALIDATION', message: 'Name is required' }));
    const error = await failureOf(api.post('/api/things', {}));
    expect(error).toMatchObject({ status: 200, code: 'VALIDATION', message: 'Name is required' });
  });

  it('explains a non-JSON error page by its status', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await failureOf(api.get('/api/things'));
    expect(error.status).toBe(502);
    expect(error.message).not.toContain('<html>');
  });

  it('turns a network failure into a readable ApiError', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const error = await failureOf(apiRequest('/api/things'));
    expect(error).toMatchObject({ status: 0, code: 'NETWORK' });
    expect(error.message).toMatch(/cannot reach the tracklane server/i);
  });

  it('tells the unauthorized listeners about a 401 from any call', async () => {
    const listener = vi.fn();
    unsubscribers.push(onUnauthorized(listener));
    stubFetch(jsonResponse(401, { success: false, code: 'UNAUTHENTICATED', message: 'Please sign in' }));

    const error = await failureOf(api.get('/api/workspaces/get'));

    expect(error.status).toBe(401);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('does not treat other refusals as a lost session', async () => {
    const listener = vi.fn();
    unsubscribers.push(onUnauthorized(listener));
    stubFetch(jsonResponse(403, { success: false, code: 'FORBIDDEN' }));
    await failureOf(api.get('/api/workspaces/get'));
    expect(listener).not.toHaveBeenCalled();
  });

  it('names the workspace this tab shows in every call, and nothing before one is known', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse(200, { success: true })));
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/api/things');
    let shown: string | null = 'w-7';
    unsubscribers.push(setWorkspaceShown(() => shown));
    await api.post('/api/things', {});
    // Read at each call: what the page shows now, not when the source was registered.
    shown = 'w-8';
    await api.get('/api/things');
    const headersOf = (index: number) =>
      (fetchMock.mock.calls[index] as unknown as [string, RequestInit])[1].headers;
    expect(headersOf(0)).not.toHaveProperty('X-Workspace-Id');
    expect(headersOf(1)).toMatchObject({ 'X-Workspace-Id': 'w-7' });
    expect(headersOf(2)).toMatchObject({ 'X-Workspace-Id': 'w-8' });
  });

  it('hands the workspace back to the source registered before, once a later one is removed', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse(200, { success: true })));
    vi.stubGlobal('fetch', fetchMock);
    unsubscribers.push(setWorkspaceShown(() => 'w-1'));
    const removeLater = setWorkspaceShown(() => 'w-2');
    await api.get('/api/things');
    removeLater();
    await api.get('/api/things');
    const headersOf = (index: number) =>
      (fetchMock.mock.calls[index] as unknown as [string, RequestInit])[1].headers;
    expect(headersOf(0)).toMatchObject({ 'X-Workspace-Id': 'w-2' });
    expect(headersOf(1)).toMatchObject({ 'X-Workspace-Id': 'w-1' });
  });

  it('tells the selection listeners of a call refused with SELECTION_CHANGED, and only then', async () => {
    const listener = vi.fn();
    unsubscribers.push(onSelectionChanged(listener));
    stubFetch(jsonResponse(409, { success: false, code: 'SELECTION_CHANGED', message: 'Access changed' }));
    const error = await failureOf(api.post('/api/shipments/ocean/archive', {}));
    expect(error).toMatchObject({ status: 409, code: 'SELECTION_CHANGED' });
    expect(listener).toHaveBeenCalledOnce();

    listener.mockClear();
    stubFetch(jsonResponse(409, { success: false, code: 'CONFLICT', message: 'Already tracked' }));
    await failureOf(api.post('/api/things', {}));
    expect(listener).not.toHaveBeenCalled();
  });
});
