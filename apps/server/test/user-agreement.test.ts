import { describe, expect, it } from 'vitest';
import { useTestApp } from './app';
import { signUp } from './auth-helpers';

const { app, ctx } = await useTestApp();

describe('user agreement', () => {
  it('is not agreed at first, and agreeing is remembered', async () => {
    const me = await signUp(app, ctx);
    const before = await app.inject({
      method: 'GET',
      url: `/api/_api/user-agreement/get?userId=${me.userId}`,
      headers: { cookie: me.cookie },
    });
    expect(before.json()).toMatchObject({ success: true, result: { agreed: false } });
    const agree = await app.inject({
      method: 'POST',
      url: '/api/_api/user-agreement/agree',
      headers: { cookie: me.cookie },
      payload: { userId: me.userId },
    });
    expect(agree.statusCode).toBe(200);
    const after = await app.inject({
      method: 'GET',
      url: `/api/_api/user-agreement/get?userId=${me.userId}`,
      headers: { cookie: me.cookie },
    });
    expect(after.json().result).toEqual({ agreed: true });
  });

  it("refuses to read or accept another user's agreement", async () => {
    const me = await signUp(app, ctx);
    const other = await signUp(app, ctx);
    const read = await app.inject({
      method: 'GET',
      url: `/api/_api/user-agreement/get?userId=${other.userId}`,
      headers: { cookie: me.cookie },
    });
    expect(read.statusCode).toBe(403);
    const agree = await app.inject({
      method: 'POST',
      url: '/api/_api/user-agreement/agree',
      headers: { cookie: me.cookie },
      payload: { userId: other.userId },
    });
    expect(agree.statusCode).toBe(403);
    const theirs = await app.inject({
      method: 'GET',
      url: `/api/_api/user-agreement/get?userId=${other.userId}`,
      headers: { cookie: other.cookie },
    });
    expect(theirs.json().result).toEqual({ agreed: false });
  });

  it('needs a session and a well-formed id', async () => {
    const me = await signUp(app, ctx);
    expect(
      (await app.inject({ method: 'GET', url: `/api/_api/user-agreement/get?userId=${me.userId}` }))
        .statusCode,
    ).toBe(401);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/_api/user-agreement/get?userId=42',
      headers: { cookie: me.cookie },
    });
    expect(bad.statusCode).toBe(400);
  });
});
