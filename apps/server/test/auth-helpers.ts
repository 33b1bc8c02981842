import { constants, publicEncrypt, randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { App } from '../src/app';
import type { AppContext } from '../src/app-context';
import { mailOutbox } from '../src/db/schema/mail';

/** What the browser does (spec §5): RSA-OAEP/SHA-256 over `<Date.now()>:<password>`, base64. */
export function encryptPassword(ctx: AppContext, password: string, timestamp = Date.now()): string {
  return publicEncrypt(
    { key: ctx.authKey.publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(`${String(timestamp)}:${password}`, 'utf8'),
  ).toString('base64');
}

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/** The newest e-mail to an address, as the outbox (and the dev mailbox) holds it. */
export async function lastMailTo(ctx: AppContext, email: string) {
  const [mail] = await ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}

export async function lastCodeTo(ctx: AppContext, email: string): Promise<string> {
  const mail = await lastMailTo(ctx, email);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code e-mailed to ${email}`);
  return code;
}

export function cookieFrom(res: { cookies: { name: string; value: string }[] }): string {
  const cookie = res.cookies.find((c) => c.name === 'tl_session');
  if (!cookie) throw new Error('no session cookie set');
  return `tl_session=${cookie.value}`;
}

/** Every test gets its own client address, so brute-force limits of one test never trip another. */
export const fromIp = () => ({ remoteAddress: `10.${String(rand())}.${String(rand())}.${String(rand())}` });
const rand = () => Math.floor(Math.random() * 250) + 1;

export interface Account {
  email: string;
  password: string;
  cookie: string;
  userId: string;
}

/** Registers, reads the code from the outbox and verifies: a signed-in, verified user. */
export async function signUp(
  app: App,
  ctx: AppContext,
  overrides: { email?: string; password?: string } = {},
): Promise<Account> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'correct horse battery';
  const ip = fromIp();
  const register = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    ...ip,
    payload: {
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
      password: encryptPassword(ctx, password),
      keyId: ctx.authKey.keyId,
      timeZone: 'Europe/Amsterdam',
    },
  });
  if (register.statusCode !== 200) throw new Error(`register failed: ${register.body}`);
  const verify = await app.inject({
    method: 'POST',
    url: '/api/auth/verifyEmail',
    ...ip,
    payload: { email, code: await lastCodeTo(ctx, email) },
  });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  return { email, password, cookie: cookieFrom(verify), userId: verify.json().result.id };
}
