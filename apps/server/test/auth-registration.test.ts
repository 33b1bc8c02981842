import { createPublicKey } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/users';
import { verificationCodes } from '../src/db/schema/auth-codes';
import { cookieFrom, fromIp, lastCodeTo, lastMailTo, signUp, uniqueEmail } from './auth-helpers';
import { useAuthApp } from './support/auth';

const { app, ctx, registerPayload, loginPayload, aMinuteLater, protectedWith } = await useAuthApp();

describe('GET /api/auth/public-key', () => {
  it('serves a 3072-bit RSA SPKI key for RSA-OAEP-256', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/public-key' });
    const { result } = res.json();
    expect(result.algorithm).toBe('RSA-OAEP-256');
    expect(result.keyId).toBe(ctx.authKey.keyId);
    const key = createPublicKey(result.publicKey);
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(3072);
  });
});

describe('registration and e-mail verification', () => {
  it('creates an unverified user, e-mails a 6-digit code, and verifying signs in', async () => {
    const email = uniqueEmail('new');
    const ip = fromIp();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...ip,
      payload: registerPayload(email),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, result: { email } });

    const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(user!.emailVerifiedAt).toBeNull();
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user!.timeZone).toBe('Asia/Singapore');
    const mail = await lastMailTo(ctx, email);
    expect(mail!.subject).toMatch(/^\d{6} is your Tracklane verification code$/);
    expect(mail!.html).toContain('Tracklane');

    const verify = await app.inject({
      method: 'POST',
      url: '/api/auth/verifyEmail',
      ...ip,
      payload: { email, code: await lastCodeTo(ctx, email) },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().result).toMatchObject({ email, firstName: 'Grace' });
    const cookie = verify.cookies.find((c) => c.name === 'tl_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // The page's readable hint that a session cookie is there, living as long as it.
    const hint = verify.cookies.find((c) => c.name === 'tl_signed_in');
    expect(hint).toMatchObject({ value: '1', sameSite: 'Lax', path: '/' });
    expect(hint?.httpOnly).toBeFalsy();
    expect(hint?.expires).toEqual(cookie?.expires);
    expect((await protectedWith(cookieFrom(verify))).statusCode).toBe(200);
  });

  it('refuses a wrong code, then burns the code after five wrong tries', async () => {
    const email = uniqueEmail('wrong');
    const ip = fromIp();
    await app.inject({ method: 'POST', url: '/api/auth/register', ...ip, payload: registerPayload(email) });
    const code = await lastCodeTo(ctx, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/verifyEmail',
        ...ip,
        payload: { email, code: wrong },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INVALID_CODE',
        message: 'That code is not valid. Check the e-mail or request a new code.',
      });
    }
    const fifth = await app.inject({
      method: 'POST',
      url: '/api/auth/verifyEmail',
      ...ip,
      payload: { email, code: wrong },
    });
    expect(fifth.json().message).toBe('Too many wrong tries. Request a new code.');
    const right = await app.inject({
      method: 'POST',
      url: '/api/auth/verifyEmail',
      ...ip,
      payload: { email, code },
    });
    expect(right.statusCode).toBe(400);
  });

  it('refuses an expired code and a reused one', async () => {
    const email = uniqueEmail('expired');
    const ip = fromIp();
    await app.inject({ method: 'POST', url: '/api/auth/register', ...ip, payload: registerPayload(email) });
    const code = await lastCodeTo(ctx, email);
    const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
    await ctx.db
      .update(verificationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verificationCodes.userId, user!.id));
    const expired = await app.inject({
      method: 'POST',
      url: '/api/auth/verifyEmail',
      ...ip,
      payload: { email, code },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('That code has expired. Request a new code.');

    await ctx.db
      .update(verificationCodes)
      .set({ expiresAt: sql`now() + interval '5 minutes'` })
      .where(eq(verificationCodes.userId, user!.id));
    const first = await app.inject({
      method: 'POST',
      url: '/api/auth/verifyEmail',
      ...ip,
      payload: { email, code },
    });
    expect(first.statusCode).toBe(200);
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/verifyEmail',
      ...ip,
      payload: { email, code },
    });
    expect(again.statusCode).toBe(400);
  });

  it('answers a registration for an existing account exactly like a new one, and tells the owner by e-mail', async () => {
    const account = await signUp(app, ctx);
    await aMinuteLater(account.email);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...fromIp(),
      payload: registerPayload(account.email, 'another password!'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, result: { email: account.email } });
    expect((await lastMailTo(ctx, account.email))!.subject).toBe('You already have a Tracklane account');
    // The owner's password is untouched.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...fromIp(),
      payload: loginPayload(account.email, account.password),
    });
    expect(login.statusCode).toBe(200);
  });

  it('validates the registration form with the first failing rule', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...fromIp(),
      payload: { ...registerPayload(uniqueEmail()), email: 'not-an-email' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Enter a valid e-mail address');
    const short = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...fromIp(),
      payload: registerPayload(uniqueEmail(), 'short'),
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 8 characters');
    const zone = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...fromIp(),
      payload: { ...registerPayload(uniqueEmail()), timeZone: 'Mars/Olympus' },
    });
    expect(zone.json().message).toBe('Unknown time zone');
  });
});

describe('POST /api/auth/sendNewCode', () => {
  it('answers known and unknown addresses the same, and mails only the known one', async () => {
    const email = uniqueEmail('resend');
    await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...fromIp(),
      payload: registerPayload(email),
    });
    await aMinuteLater(email);
    const before = await lastMailTo(ctx, email);
    const known = await app.inject({
      method: 'POST',
      url: '/api/auth/sendNewCode',
      ...fromIp(),
      payload: { email, type: 'register' },
    });
    const ghost = uniqueEmail('ghost');
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/sendNewCode',
      ...fromIp(),
      payload: { email: ghost, type: 'register' },
    });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect((await lastMailTo(ctx, email))!.id).not.toBe(before!.id);
    expect(await lastMailTo(ctx, ghost)).toBeUndefined();
  });

  it('sends at most one code a minute per address', async () => {
    const email = uniqueEmail('minute');
    await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...fromIp(),
      payload: registerPayload(email),
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sendNewCode',
      ...fromIp(),
      payload: { email, type: 'register' },
    });
    expect(res.statusCode).toBe(429);
    // Unknown addresses are limited the same way, so the limit tells nothing about who has an account.
    const ghost = uniqueEmail('ghost');
    await app.inject({
      method: 'POST',
      url: '/api/auth/sendNewCode',
      ...fromIp(),
      payload: { email: ghost, type: 'resetPassword' },
    });
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/sendNewCode',
      ...fromIp(),
      payload: { email: ghost, type: 'resetPassword' },
    });
    expect(again.statusCode).toBe(429);
    await aMinuteLater(email);
    const later = await app.inject({
      method: 'POST',
      url: '/api/auth/sendNewCode',
      ...fromIp(),
      payload: { email, type: 'register' },
    });
    expect(later.statusCode).toBe(200);
  });
});

describe('registration retries', () => {
  it('a refused form does not use up the one-code-a-minute allowance', async () => {
    const email = uniqueEmail('retry');
    const ip = fromIp();
    const short = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...ip,
      payload: registerPayload(email, 'short'),
    });
    expect(short.statusCode).toBe(400);
    const stale = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...ip,
      payload: { ...registerPayload(email), keyId: 'old-key' },
    });
    expect(stale.statusCode).toBe(400);
    const fine = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...ip,
      payload: registerPayload(email),
    });
    expect(fine.statusCode).toBe(200);
  });
});
