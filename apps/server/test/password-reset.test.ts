import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './app';
import { encryptPassword, fromIp, lastCodeTo, lastMailTo, signUp, uniqueEmail } from './auth-helpers';

const { app, ctx } = await useTestApp();

const loginPayload = (email: string, password: string) => ({
  email,
  password: encryptPassword(ctx, password),
  keyId: ctx.authKey.keyId,
});
const protectedWith = (cookie: string) =>
  app.inject({ method: 'GET', url: '/api/auth/protected', headers: { cookie } });

async function requestResetToken(email: string): Promise<string> {
  await ctx.db.execute(
    sql`UPDATE rate_limits SET window_start = now() - interval '2 minutes' WHERE key = ${`code-request:email:${email}`}`,
  );
  const send = await app.inject({
    method: 'POST',
    url: '/api/auth/sendNewCode',
    ...fromIp(),
    payload: { email, type: 'resetPassword' },
  });
  expect(send.statusCode).toBe(200);
  expect((await lastMailTo(ctx, email))!.subject).toMatch(/password reset code/);
  const verify = await app.inject({
    method: 'POST',
    url: '/api/auth/resetPasswordVerify',
    ...fromIp(),
    payload: { email, code: await lastCodeTo(ctx, email) },
  });
  expect(verify.statusCode).toBe(200);
  return verify.json().result.token as string;
}

function setPassword(token: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/resetPasswordVerified',
    ...fromIp(),
    payload: { token, newPassword: encryptPassword(ctx, password), keyId: ctx.authKey.keyId },
  });
}

describe('password reset', () => {
  it('sets the new password and revokes every session of the user', async () => {
    const account = await signUp(app, ctx);
    const other = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...fromIp(),
      payload: loginPayload(account.email, account.password),
    });
    const token = await requestResetToken(account.email);

    const res = await setPassword(token, 'a brand new password');
    expect(res.statusCode).toBe(200);
    expect((await protectedWith(account.cookie)).statusCode).toBe(401);
    expect((await protectedWith(`tl_session=${other.cookies[0]!.value}`)).statusCode).toBe(401);
    expect((await lastMailTo(ctx, account.email))!.subject).toBe('Your Tracklane password was changed');

    const oldPassword = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...fromIp(),
      payload: loginPayload(account.email, account.password),
    });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...fromIp(),
      payload: loginPayload(account.email, 'a brand new password'),
    });
    expect(newPassword.statusCode).toBe(200);
  });

  it('refuses a used token and an expired one as an expired link', async () => {
    const account = await signUp(app, ctx);
    const token = await requestResetToken(account.email);
    expect((await setPassword(token, 'first new password')).statusCode).toBe(200);
    const reused = await setPassword(token, 'second new password');
    expect(reused.statusCode).toBe(410);
    expect(reused.json()).toMatchObject({ code: 'LINK_EXPIRED' });

    const late = await requestResetToken(account.email);
    await ctx.db.execute(
      sql`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`,
    );
    expect((await setPassword(late, 'third new password')).statusCode).toBe(410);
    expect((await setPassword('x'.repeat(43), 'fourth new password')).statusCode).toBe(410);
  });

  it('answers an unknown address like a wrong code', async () => {
    const account = await signUp(app, ctx);
    const wrongCode = await app.inject({
      method: 'POST',
      url: '/api/auth/resetPasswordVerify',
      ...fromIp(),
      payload: { email: account.email, code: '123456' },
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/resetPasswordVerify',
      ...fromIp(),
      payload: { email: uniqueEmail('ghost'), code: '123456' },
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(unknown.json()).toEqual(wrongCode.json());
  });

  it('checks the new password like registration does', async () => {
    const account = await signUp(app, ctx);
    const token = await requestResetToken(account.email);
    const short = await setPassword(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 8 characters');
    const stale = await app.inject({
      method: 'POST',
      url: '/api/auth/resetPasswordVerified',
      ...fromIp(),
      payload: {
        token,
        newPassword: encryptPassword(ctx, 'fine password', Date.now() - 10 * 60_000),
        keyId: ctx.authKey.keyId,
      },
    });
    expect(stale.statusCode).toBe(400);
    // The token survives a refused attempt.
    expect((await setPassword(token, 'a good password')).statusCode).toBe(200);
  });
});
