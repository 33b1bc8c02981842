import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, fail } from '../test/fake-api';
import { startApp } from './start';
import { testApp } from '../test/app';

const CHECK = 'GET /api/auth/protected';

describe('startApp', () => {
  beforeEach(() => {
    testApp().authStore.setState({ status: 'loading' });
  });

  it('asks the server who is signed in', async () => {
    const api = fakeApi({ [CHECK]: fail(401, 'UNAUTHENTICATED', 'Please sign in') });
    await startApp(testApp());
    expect(api.callsTo(CHECK)).toHaveLength(1);
    expect(testApp().authStore.getState().status).toBe('unauthenticated');
  });

  it('asks nothing on a page the server sends only without a session cookie: no 401 in the console', async () => {
    const api = fakeApi({ [CHECK]: fail(401, 'UNAUTHENTICATED', 'Please sign in') });
    await startApp(testApp(), { signedOut: true });
    expect(api.callsTo(CHECK)).toHaveLength(0);
    expect(testApp().authStore.getState()).toMatchObject({ status: 'unauthenticated', user: null });
  });
});
