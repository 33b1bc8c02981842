import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/users';
import { LIMITS } from '../src/modules/auth/auth.service';
import { cookieFrom, fromIp, lastMailTo, signUp, uniqueEmail } from './auth-helpers';
import { useAuthApp } from './support/auth';

const { app, ctx, registerPayload, loginPayload, aMinuteLater, protectedWith } = await useAuthApp();

describe('POST /api/auth/login', () => {
  it('signs in with a new session token every time', async () => {
    const account = await signUp(app, ctx);
    const first = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...fromIp(),
      payload: loginPayload(account.email, account.password),
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      result: { email: account.email },
      message: 'Signed in',
    });
    const second = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...fromIp(),
      payload: loginPayload(account.email, account.password),
    });
    expect(cookieFrom(first)).not.toBe(cookieFrom(second));
    expect(cookieFrom(first)).not.toBe(account.cookie);
  });

  it('gives a wrong password and an unknown address the same answer', async () => {
    const account = await signUp(app, ctx);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...fromIp(),
      payload: loginPayload(account.email, 'not the password'),
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...fromIp(),
      payload: loginPayload(uniqueEmail('ghost'), 'whatever123'),
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'Incorrect e-mail or password.',
    });
  });

  it('refuses stale, replayed, tampered and foreign-key ciphertexts like a wrong password', async () => {
    const account = await signUp(app, ctx);
    const stale = loginPayload(account.email, account.password, Date.now() - 6 * 60_000);
    const replay = loginPayload(account.email, account.password);
    const tampered = {
      ...loginPayload(account.email, account.password),
      password: Buffer.alloc(384, 7).toString('base64'),
    };
    const otherKey = { ...loginPayload(account.email, account.password), keyId: 'not-our-key' };
    for (const payload of [stale, tampered, otherKey]) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', ...fromIp(), payload });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('INVALID_CREDENTIALS');
    }
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/login', ...fromIp(), payload: replay })).statusCode,
    ).toBe(200);
    const replayed = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...fromIp(),
      payload: replay,
    });
    expect(replayed.statusCode).toBe(401);
  });

  it('refuses an unverified account and sends it a fresh code', async () => {
    const email = uniqueEmail('unverified');
    await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...fromIp(),
      payload: registerPayload(email),
    });
    const before = await lastMailTo(ctx, email);
    await aMinuteLater(email);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...fromIp(),
      payload: loginPayload(email, 'correct horse battery'),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(res.cookies.find((c) => c.name === 'tl_session')).toBeUndefined();
    expect((await lastMailTo(ctx, email))!.id).not.toBe(before!.id);
  });

  it('answers 429 once an account has too many attempts, even with the right password', async () => {
    const account = await signUp(app, ctx);
    for (let i = 0; i < LIMITS.loginPerAccount; i++) {
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        ...fromIp(),
        payload: loginPayload(account.email, 'wrong password'),
      });
    }
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...fromIp(),
      payload: loginPayload(account.email, account.password),
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', success: false });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 429 once one address tries too many accounts', async () => {
    const ip = fromIp();
    for (let i = 0; i < LIMITS.loginPerIp; i++) {
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        ...ip,
        payload: { email: uniqueEmail('spray'), password: 'AAAAAAAAAAAAAAAAAAAAAA==', keyId: 'x' },
      });
    }
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...ip,
      payload: loginPayload(uniqueEmail('spray'), 'whatever123'),
    });
    expect(res.statusCode).toBe(429);
  });

  it('follows the browser time zone at sign-in until the user picks one', async () => {
    const account = await signUp(app, ctx);
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...fromIp(),
      payload: { ...loginPayload(account.email, account.password), timeZone: 'America/Chicago' },
    });
    const [followed] = await ctx.db.select().from(users).where(eq(users.email, account.email));
    expect(followed!.timeZone).toBe('America/Chicago');
    await app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      headers: { cookie: account.cookie },
      payload: { firstName: 'Grace', lastName: 'Hopper', timeZone: 'Europe/Lisbon' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...fromIp(),
      payload: { ...loginPayload(account.email, account.password), timeZone: 'Asia/Tokyo' },
    });
    const [kept] = await ctx.db.select().from(users).where(eq(users.email, account.email));
    expect(kept!.timeZone).toBe('Europe/Lisbon');
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session on the server: the old cookie no longer works', async () => {
    const account = await signUp(app, ctx);
    expect((await protectedWith(account.cookie)).statusCode).toBe(200);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: account.cookie },
      payload: { email: account.email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'tl_session')?.value).toBe('');
    expect(res.cookies.find((c) => c.name === 'tl_signed_in')?.value).toBe('');
    // The ended session's cookie and hint are taken away by the 401 too, so pages stop asking.
    const refused = await protectedWith(`${account.cookie}; tl_signed_in=1`);
    expect(refused.statusCode).toBe(401);
    expect(refused.cookies.map((c) => [c.name, c.value])).toEqual([
      ['tl_session', ''],
      ['tl_signed_in', ''],
    ]);
  });

  it('a 401 without a session cookie sets no cookie', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/protected' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('succeeds without a session too', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout', payload: {} });
    expect(res.statusCode).toBe(200);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request from another site', async () => {
    const account = await signUp(app, ctx);
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: account.cookie, 'sec-fetch-site': 'cross-site' },
      payload: {},
    });
    expect(crossSite.statusCode).toBe(403);
    const foreignOrigin = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: account.cookie, origin: 'https://evil.example' },
      payload: {},
    });
    expect(foreignOrigin.statusCode).toBe(403);
    expect((await protectedWith(account.cookie)).statusCode).toBe(200);
    const sameOrigin = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: account.cookie, 'sec-fetch-site': 'same-origin' },
      payload: {},
    });
    expect(sameOrigin.statusCode).toBe(200);
  });
});
