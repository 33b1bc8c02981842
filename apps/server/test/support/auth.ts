import { sql } from 'drizzle-orm';
import { useTestApp } from '../app';
import { encryptPassword } from '../auth-helpers';

/** The app on a fresh database with the payloads the sign-up and sign-in tests send. */
export async function useAuthApp() {
  const { app, ctx } = await useTestApp();

  function registerPayload(email: string, password = 'correct horse battery') {
    return {
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
      password: encryptPassword(ctx, password),
      keyId: ctx.authKey.keyId,
      timeZone: 'Asia/Singapore',
    };
  }
  function loginPayload(email: string, password: string, timestamp?: number) {
    return {
      email,
      password: encryptPassword(ctx, password, timestamp),
      keyId: ctx.authKey.keyId,
      timeZone: 'Asia/Singapore',
    };
  }
  /** Moves the one-code-a-minute window into the past, as if a minute had gone by. */
  const aMinuteLater = (email: string) =>
    ctx.db.execute(
      sql`UPDATE rate_limits SET window_start = now() - interval '2 minutes' WHERE key = ${`code-request:email:${email}`}`,
    );
  const protectedWith = (cookie: string) =>
    app.inject({ method: 'GET', url: '/api/auth/protected', headers: { cookie } });
  return { app, ctx, registerPayload, loginPayload, aMinuteLater, protectedWith };
}
