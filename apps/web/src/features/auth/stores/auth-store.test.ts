import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { jsonResponse, testUser } from '../../../test/http';
import { listenForSessionExpiry } from './auth-store';
import { testApp } from '../../../test/app';

const signedIn = () =>
  testApp().authStore.setState({
    status: 'authenticated',
    user: { ...testUser },
    authError: null,
    resetPasswordToken: null,
  });

function stubFetch(...responses: Array<Response | Error>) {
  const fetchMock = vi.fn();
  for (const response of responses) {
    if (response instanceof Error) fetchMock.mockRejectedValueOnce(response);
    else fetchMock.mockResolvedValueOnce(response);
  }
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  testApp().authStore.setState({ status: 'loading', user: null, authError: null, resetPasswordToken: null });
});

describe('checkSession (spec §2, §4)', () => {
  it('becomes authenticated with the user the server returns', async () => {
    stubFetch(
      jsonResponse(200, { success: true, message: 'authenticated', user: testUser, result: testUser }),
    );
    await testApp().authStore.getState().checkSession();
    expect(testApp().authStore.getState()).toMatchObject({
      status: 'authenticated',
      user: { email: 'ada@example.com' },
    });
  });

  it('becomes unauthenticated and forgets a stored user on 401', async () => {
    testApp().authStore.setState({ user: { ...testUser } });
    stubFetch(jsonResponse(401, { success: false, code: 'UNAUTHENTICATED' }));
    await testApp().authStore.getState().checkSession();
    expect(testApp().authStore.getState()).toMatchObject({ status: 'unauthenticated', user: null });
  });

  it('treats an unreachable server as unauthenticated', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    await testApp().authStore.getState().checkSession();
    expect(testApp().authStore.getState().status).toBe('unauthenticated');
  });
});

describe('a 401 from any call (spec §4)', () => {
  it('clears the user and sets unauthenticated', async () => {
    const stopListening = listenForSessionExpiry(testApp().authStore);
    signedIn();
    stubFetch(jsonResponse(401, { success: false, code: 'UNAUTHENTICATED', message: 'Please sign in' }));

    await expect(api.get('/api/workspaces/get')).rejects.toMatchObject({ status: 401 });

    expect(testApp().authStore.getState()).toMatchObject({ status: 'unauthenticated', user: null });
    stopListening();
  });
});

describe('logout (spec §4)', () => {
  it('passes through loading, posts the e-mail, then signs out', async () => {
    signedIn();
    const fetchMock = stubFetch(jsonResponse(200, { success: true, message: 'Logged out' }));

    const pending = testApp().authStore.getState().logout();
    expect(testApp().authStore.getState().status).toBe('loading');
    await expect(pending).resolves.toBe(true);

    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/logout',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ email: 'ada@example.com' }) }),
    );
    expect(testApp().authStore.getState()).toMatchObject({ status: 'unauthenticated', user: null });
  });

  it('returns to authenticated, user kept, when the server refuses', async () => {
    signedIn();
    stubFetch(jsonResponse(500, { success: false, code: 'INTERNAL' }));

    await expect(testApp().authStore.getState().logout()).resolves.toBe(false);

    expect(testApp().authStore.getState()).toMatchObject({
      status: 'authenticated',
      user: { email: 'ada@example.com' },
    });
  });

  it('returns to authenticated when the server cannot be reached', async () => {
    signedIn();
    stubFetch(new TypeError('Failed to fetch'));
    await expect(testApp().authStore.getState().logout()).resolves.toBe(false);
    expect(testApp().authStore.getState().status).toBe('authenticated');
  });

  it('counts a 401 as signed out: the session had already ended', async () => {
    signedIn();
    stubFetch(jsonResponse(401, { success: false, code: 'UNAUTHENTICATED' }));
    await expect(testApp().authStore.getState().logout()).resolves.toBe(true);
    expect(testApp().authStore.getState()).toMatchObject({ status: 'unauthenticated', user: null });
  });
});

describe('persistence (spec §4)', () => {
  it('keeps the user and reset token in localStorage, never the status', () => {
    signedIn();
    testApp().authStore.getState().setResetPasswordToken('token-1');
    const stored = JSON.parse(window.localStorage.getItem('tracklane-auth') ?? '{}') as { state?: object };
    expect(stored.state).toEqual({ user: testUser, resetPasswordToken: 'token-1' });
  });
});
