import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../features/auth/stores/auth-store';
import { resetAllStores } from '../lib/store-reset';
import { fakeApi, fail } from '../test/fake-api';
import { startApp } from './start';

const CHECK = 'GET /api/auth/protected';

describe('startApp', () => {
  beforeEach(() => {
    resetAllStores();
    useAuthStore.setState({ status: 'loading' });
  });

  it('asks the server who is signed in', async () => {
    const api = fakeApi({ [CHECK]: fail(401, 'UNAUTHENTICATED', 'Please sign in') });
    await startApp();
    expect(api.callsTo(CHECK)).toHaveLength(1);
    expect(useAuthStore.getState().status).toBe('unauthenticated');
  });

  it('asks nothing on a page the server sends only without a session cookie: no 401 in the console', async () => {
    const api = fakeApi({ [CHECK]: fail(401, 'UNAUTHENTICATED', 'Please sign in') });
    await startApp({ signedOut: true });
    expect(api.callsTo(CHECK)).toHaveLength(0);
    expect(useAuthStore.getState()).toMatchObject({ status: 'unauthenticated', user: null });
  });
});
