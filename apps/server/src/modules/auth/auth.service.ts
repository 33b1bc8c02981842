import { and, eq, sql } from 'drizzle-orm';
import { plainPasswordSchema, type RegisterRequest } from '@tracklane/shared/auth/auth.schema';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { passwordResetTokens, usedCiphertexts } from '../../db/schema/auth-codes';
import { users, type UserRow } from '../../db/schema/users';
import { queueMail } from '../../integrations/mail/mailer';
import {
  alreadyRegisteredMail,
  passwordChangedMail,
  resetCodeMail,
  verificationCodeMail,
} from '../../integrations/mail/templates';
import { AppError } from '../../lib/app-error';
import { CIPHERTEXT_MAX_AGE_MS, decryptPassword } from '../../lib/password-crypto';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { enforceRateLimits, type RateRule } from '../../lib/rate-limit';
import { hashToken, newToken } from '../../lib/tokens';
import { claimSharesFor } from '../sharing/shares.service';
import { withTransaction } from '../../lib/transaction';
import { createPersonalOrganization } from '../organizations/organizations.service';
import { saveSelection } from '../../tenancy/selection';
import { checkCode, codeError, issueCode, type CodePurpose } from './codes';
import { publish } from '../../integrations/realtime/realtime-hub';
import { createSession, revokeAllSessions, type ClientMeta, type NewSession } from './sessions';

export const RESET_TOKEN_TTL_MS = 15 * 60_000;

const FIFTEEN_MINUTES = 15 * 60;
const normalise = (email: string) => email.trim().toLowerCase();

/** Brute-force limits, all checked before any password hashing. */
export const LIMITS = {
  loginPerAccount: 10,
  loginPerIp: 50,
  codeChecksPerAccount: 10,
  codeChecksPerIp: 50,
  codesPerAddressPerMinute: 1,
  codeRequestsPerIp: 30,
  registrationsPerIp: 20,
} as const;

const unreadablePassword = () =>
  new AppError('BAD_REQUEST', 'Your password could not be read securely. Reload the page and try again.');

function findUserByEmail(db: Database, email: string, lock = false) {
  const query = db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalise(email)}`)
    .limit(1);
  return lock ? query.for('update') : query;
}

/**
 * Decrypts an encrypted password and records its ciphertext, so the same bytes are refused if replayed.
 * Returns null for anything that does not decrypt to a fresh, unused password.
 */
async function openPassword(ctx: AppContext, keyId: string, ciphertext: string): Promise<string | null> {
  const opened = decryptPassword(ctx.authKey, keyId, ciphertext);
  if (!opened) return null;
  await ctx.db.delete(usedCiphertexts).where(sql`${usedCiphertexts.expiresAt} < now()`);
  const inserted = await ctx.db
    .insert(usedCiphertexts)
    .values({ hash: opened.ciphertextHash, expiresAt: new Date(Date.now() + CIPHERTEXT_MAX_AGE_MS + 60_000) })
    .onConflictDoNothing()
    .returning({ hash: usedCiphertexts.hash });
  return inserted.length === 1 ? opened.password : null;
}

/** At most one code a minute per address: the limit is shared by registration and "send new code". */
const codeRequestRules = (email: string, ip: string): RateRule[] => [
  { key: `code-request:ip:${ip}`, limit: LIMITS.codeRequestsPerIp, windowSeconds: FIFTEEN_MINUTES },
  {
    key: `code-request:email:${normalise(email)}`,
    limit: LIMITS.codesPerAddressPerMinute,
    windowSeconds: 60,
  },
];

const codeCheckRules = (kind: string, email: string, ip: string): RateRule[] => [
  { key: `${kind}:ip:${ip}`, limit: LIMITS.codeChecksPerIp, windowSeconds: FIFTEEN_MINUTES },
  {
    key: `${kind}:email:${normalise(email)}`,
    limit: LIMITS.codeChecksPerAccount,
    windowSeconds: FIFTEEN_MINUTES,
  },
];

/**
 * Creates an unverified account and e-mails a 6-digit code. An address that already has a verified
 * account gets the same answer (no enumeration) and its owner an e-mail saying so; an unverified
 * account is taken over by the new registration, since nobody ever proved they own it.
 */
export async function register(ctx: AppContext, input: RegisterRequest, client: ClientMeta): Promise<void> {
  await enforceRateLimits(ctx.db, [
    { key: `register:ip:${client.ip}`, limit: LIMITS.registrationsPerIp, windowSeconds: 60 * 60 },
  ]);
  const password = await openPassword(ctx, input.keyId, input.password);
  if (password === null) throw unreadablePassword();
  const strength = plainPasswordSchema.safeParse(password);
  if (!strength.success) throw new AppError('VALIDATION', strength.error.issues[0]?.message);
  // Counted only for a registration that will send a code: a refused form must not cost the minute.
  await enforceRateLimits(ctx.db, codeRequestRules(input.email, client.ip));
  const passwordHash = await hashPassword(password);

  await withTransaction(ctx.pool, async (t) => {
    const [existing] = await findUserByEmail(t.tx, input.email, true);
    if (existing?.emailVerifiedAt) {
      await queueMail(
        t,
        ctx.jobs,
        alreadyRegisteredMail(existing.email, existing.firstName, ctx.config.publicUrl),
      );
      return;
    }
    const values = {
      email: input.email.trim(),
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
      timeZone: input.timeZone,
      timeZoneSource: 'browser' as const,
      updatedAt: new Date(),
    };
    const [user] = existing
      ? await t.tx.update(users).set(values).where(eq(users.id, existing.id)).returning()
      : await t.tx.insert(users).values(values).returning();
    const code = await issueCode(t.tx, user!.id, 'register');
    await queueMail(t, ctx.jobs, verificationCodeMail(user!.email, user!.firstName, code));
  });
}

/** Verifies the address with its code and signs the user in. */
export async function verifyEmail(
  ctx: AppContext,
  input: { email: string; code: string },
  client: ClientMeta,
): Promise<{ user: UserRow; session: NewSession }> {
  await enforceRateLimits(ctx.db, codeCheckRules('verify', input.email, client.ip));
  const outcome = await withTransaction(ctx.pool, async (t) => {
    const { tx } = t;
    const [user] = await findUserByEmail(tx, input.email, true);
    if (!user || user.emailVerifiedAt || !user.enabled) return codeError('wrong');
    const result = await checkCode(tx, user.id, 'register', input.code);
    if (result !== 'ok') return codeError(result);
    const [verified] = await tx
      .update(users)
      .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    const home = await createPersonalOrganization(tx, verified!);
    // Shipments shared with this address before it had an account are waiting in the bell now.
    await claimSharesFor(t, ctx, verified!);
    const session = await createSession(tx, user.id, client);
    await saveSelection(tx, session.id, home);
    return { user: verified!, session };
  });
  // Returned, not thrown, inside the transaction: a wrong try must be counted (committed) before refusing.
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

/** Sends a fresh code. Unknown addresses get the very same answer, and no e-mail. */
export async function sendNewCode(
  ctx: AppContext,
  input: { email: string; type: CodePurpose },
  client: ClientMeta,
): Promise<void> {
  await enforceRateLimits(ctx.db, codeRequestRules(input.email, client.ip));
  await withTransaction(ctx.pool, async (t) => {
    const [user] = await findUserByEmail(t.tx, input.email, true);
    if (!user || !user.enabled) return;
    if (input.type === 'register') {
      if (user.emailVerifiedAt) return;
      const code = await issueCode(t.tx, user.id, 'register');
      await queueMail(t, ctx.jobs, verificationCodeMail(user.email, user.firstName, code));
    } else {
      const code = await issueCode(t.tx, user.id, 'resetPassword');
      await queueMail(t, ctx.jobs, resetCodeMail(user.email, user.firstName, code));
    }
  });
}

/**
 * Signs in with an encrypted password. Wrong password, unknown address, undecryptable, stale or
 * replayed ciphertext and disabled account all get the same answer.
 */
export async function login(
  ctx: AppContext,
  input: { email: string; password: string; keyId: string; timeZone?: string | undefined },
  client: ClientMeta,
): Promise<{ user: UserRow; session: NewSession }> {
  await enforceRateLimits(ctx.db, [
    { key: `login:ip:${client.ip}`, limit: LIMITS.loginPerIp, windowSeconds: FIFTEEN_MINUTES },
    {
      key: `login:email:${normalise(input.email)}`,
      limit: LIMITS.loginPerAccount,
      windowSeconds: FIFTEEN_MINUTES,
    },
  ]);
  const password = await openPassword(ctx, input.keyId, input.password);
  if (password === null) throw new AppError('INVALID_CREDENTIALS');
  const [user] = await findUserByEmail(ctx.db, input.email);
  const matches = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !matches || !user.enabled) throw new AppError('INVALID_CREDENTIALS');

  if (!user.emailVerifiedAt) {
    // Send a fresh code unless one went out within the minute; either way the answer is the same.
    await sendNewCode(ctx, { email: user.email, type: 'register' }, client).catch((err: unknown) => {
      if (!(err instanceof AppError && err.code === 'RATE_LIMITED')) throw err;
    });
    throw new AppError('EMAIL_NOT_VERIFIED');
  }

  return withTransaction(ctx.pool, async ({ tx }) => {
    const followBrowser =
      input.timeZone && user.timeZoneSource === 'browser' && input.timeZone !== user.timeZone;
    const [current] = followBrowser
      ? await tx
          .update(users)
          .set({ timeZone: input.timeZone, updatedAt: new Date() })
          .where(eq(users.id, user.id))
          .returning()
      : [user];
    if (followBrowser) await publish(tx, { topic: 'accessChanged', userIds: [user.id] });
    return { user: current!, session: await createSession(tx, user.id, client) };
  });
}

/** Exchanges a password-reset code for a single-use token valid 15 minutes. */
export async function resetPasswordVerify(
  ctx: AppContext,
  input: { email: string; code: string },
  client: ClientMeta,
): Promise<string> {
  await enforceRateLimits(ctx.db, codeCheckRules('reset', input.email, client.ip));
  const outcome = await withTransaction(ctx.pool, async ({ tx }) => {
    const [user] = await findUserByEmail(tx, input.email, true);
    if (!user || !user.enabled) return codeError('wrong');
    const result = await checkCode(tx, user.id, 'resetPassword', input.code);
    if (result !== 'ok') return codeError(result);
    const token = newToken();
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    return { token };
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome.token;
}

/** Sets the new password with a reset token, then signs the user out everywhere. */
export async function resetPasswordVerified(
  ctx: AppContext,
  input: { token: string; newPassword: string; keyId: string },
  client: ClientMeta,
): Promise<void> {
  await enforceRateLimits(ctx.db, [
    { key: `reset-set:ip:${client.ip}`, limit: LIMITS.codeChecksPerIp, windowSeconds: FIFTEEN_MINUTES },
  ]);
  const password = await openPassword(ctx, input.keyId, input.newPassword);
  if (password === null) throw unreadablePassword();
  const strength = plainPasswordSchema.safeParse(password);
  if (!strength.success) throw new AppError('VALIDATION', strength.error.issues[0]?.message);
  const passwordHash = await hashPassword(password);

  await withTransaction(ctx.pool, async (t) => {
    const [row] = await t.tx
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashToken(input.token)))
      .limit(1)
      .for('update');
    if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) throw new AppError('LINK_EXPIRED');
    await t.tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(eq(passwordResetTokens.id, row.id));
    const [user] = await t.tx
      .update(users)
      // Receiving the reset code proved the address, so an unverified account becomes verified.
      .set({
        passwordHash,
        updatedAt: new Date(),
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      })
      .where(and(eq(users.id, row.userId), eq(users.enabled, true)))
      .returning();
    if (!user) throw new AppError('LINK_EXPIRED');
    await revokeAllSessions(t.tx, user.id);
    await queueMail(t, ctx.jobs, passwordChangedMail(user.email, user.firstName));
  });
}
