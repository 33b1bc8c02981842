import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '@tracklane/shared/auth/auth.schema';
import { useTestApp } from './app';
import { signUp } from './auth-helpers';
import { GIF, multipartForm, PNG } from './uploads';

const { app, ctx } = await useTestApp();

const multipart = (filename: string, content: Buffer, contentType: string) =>
  multipartForm({}, { name: filename, content, type: contentType });

describe('PATCH /api/users/profile', () => {
  it('saves names and time zone', async () => {
    const me = await signUp(app, ctx);
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      headers: { cookie: me.cookie },
      payload: { firstName: ' Ada ', lastName: 'Byron', timeZone: 'Europe/London' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      firstName: 'Ada',
      lastName: 'Byron',
      timeZone: 'Europe/London',
    });
    const check = await app.inject({
      method: 'GET',
      url: '/api/auth/protected',
      headers: { cookie: me.cookie },
    });
    expect(check.json().user.firstName).toBe('Ada');
  });

  it('refuses bad input with the rule that failed, and anonymous callers', async () => {
    const me = await signUp(app, ctx);
    const blank = await app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      headers: { cookie: me.cookie },
      payload: { firstName: '  ', lastName: 'B', timeZone: 'UTC' },
    });
    expect(blank.json()).toMatchObject({ code: 'VALIDATION', message: 'First name is required' });
    const zone = await app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      headers: { cookie: me.cookie },
      payload: { firstName: 'A', lastName: 'B', timeZone: 'Nowhere/Land' },
    });
    expect(zone.json().message).toBe('Unknown time zone');
    const anonymous = await app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      payload: { firstName: 'A', lastName: 'B', timeZone: 'UTC' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('avatars', () => {
  it('stores an image recognised by its bytes and serves it back', async () => {
    const me = await signUp(app, ctx);
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/avatar',
      headers: { cookie: me.cookie, ...multipart('me.png', PNG, 'image/png').headers },
      payload: multipart('me.png', PNG, 'image/png').payload,
    });
    expect(res.statusCode).toBe(200);
    const avatar = res.json().result.avatar as string;
    expect(avatar).toMatch(/^\/api\/files\/avatars\/[a-z0-9-]+\.png$/);
    const served = await app.inject({ method: 'GET', url: avatar, headers: { cookie: me.cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    // Re-encoded, so not the uploaded bytes, but a PNG all the same (image-uploads.test.ts).
    expect(served.rawPayload.subarray(0, 8).equals(PNG.subarray(0, 8))).toBe(true);
    // Its name changes at every upload, so it keeps its own long caching, not the API's no-store.
    expect(served.headers['cache-control']).toBe('private, max-age=86400, immutable');
    expect((await app.inject({ method: 'GET', url: avatar })).statusCode).toBe(401);

    // A replacement removes the old file.
    const gif = multipart('x.gif', GIF, 'image/gif');
    const replaced = await app.inject({
      method: 'POST',
      url: '/api/users/avatar',
      headers: { cookie: me.cookie, ...gif.headers },
      payload: gif.payload,
    });
    // GIFs are stored as PNG (their first frame).
    expect(replaced.json().result.avatar).toMatch(/\.png$/);
    expect(
      (await app.inject({ method: 'GET', url: avatar, headers: { cookie: me.cookie } })).statusCode,
    ).toBe(404);
  });

  it('judges the type by content, not by name or header', async () => {
    const me = await signUp(app, ctx);
    const fake = multipart('evil.png', Buffer.from('<script>alert(1)</script>'), 'image/png');
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/avatar',
      headers: { cookie: me.cookie, ...fake.headers },
      payload: fake.payload,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('File type not supported. Use a JPEG, PNG or GIF image.');
  });

  it('refuses a file over the size limit', async () => {
    const me = await signUp(app, ctx);
    const big = multipart('big.png', Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES + 10)]), 'image/png');
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/avatar',
      headers: { cookie: me.cookie, ...big.headers },
      payload: big.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('File too large');
  });

  it('answers a request without a file with 4xx', async () => {
    const me = await signUp(app, ctx);
    const json = await app.inject({
      method: 'POST',
      url: '/api/users/avatar',
      headers: { cookie: me.cookie },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
  });

  it('removes the avatar', async () => {
    const me = await signUp(app, ctx);
    const up = multipart('me.png', PNG, 'image/png');
    await app.inject({
      method: 'POST',
      url: '/api/users/avatar',
      headers: { cookie: me.cookie, ...up.headers },
      payload: up.payload,
    });
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/users/avatar',
      headers: { cookie: me.cookie },
    });
    expect(res.json().result.avatar).toBeNull();
  });
});

describe('table column preferences', () => {
  it('are saved per user and table, and validated', async () => {
    const me = await signUp(app, ctx);
    const other = await signUp(app, ctx);
    const url = '/api/users/preferences/oceanTableColumns';
    expect(
      (await app.inject({ method: 'GET', url, headers: { cookie: me.cookie } })).json().result,
    ).toBeNull();
    const value = { hidden: ['vessel'], order: ['containerNo', 'eta', 'pol'] };
    expect(
      (await app.inject({ method: 'PUT', url, headers: { cookie: me.cookie }, payload: value })).statusCode,
    ).toBe(200);
    expect((await app.inject({ method: 'GET', url, headers: { cookie: me.cookie } })).json().result).toEqual(
      value,
    );
    expect(
      (await app.inject({ method: 'GET', url, headers: { cookie: other.cookie } })).json().result,
    ).toBeNull();
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: '/api/users/preferences/secrets',
          headers: { cookie: me.cookie },
          payload: value,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await app.inject({ method: 'PUT', url, headers: { cookie: me.cookie }, payload: { hidden: 'all' } }))
        .statusCode,
    ).toBe(400);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
