import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { verificationCodes } from '../../db/schema/auth-codes';
import { AppError } from '../../lib/app-error';

export type CodePurpose = 'register' | 'resetPassword';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_WRONG_TRIES = 5;

function hashCode(userId: string, purpose: CodePurpose, code: string): string {
  return createHash('sha256').update(`${userId}:${purpose}:${code}`).digest('base64url');
}

/** A fresh 6-digit code (cryptographically random); earlier unused codes of the same purpose stop working. */
export async function issueCode(tx: Database, userId: string, purpose: CodePurpose): Promise<string> {
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  await tx
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    );
  await tx.insert(verificationCodes).values({
    userId,
    purpose,
    codeHash: hashCode(userId, purpose, code),
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  return code;
}

export type CodeCheck = 'ok' | 'wrong' | 'expired' | 'exhausted';

/**
 * Checks a code against the user's latest live one and consumes it on success. Locks the row so two
 * concurrent tries cannot both use it; the fifth wrong try burns the code.
 */
export async function checkCode(
  tx: Database,
  userId: string,
  purpose: CodePurpose,
  code: string,
): Promise<CodeCheck> {
  const [latest] = await tx
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1)
    .for('update');
  if (!latest) return 'wrong';
  if (latest.expiresAt.getTime() <= Date.now()) return 'expired';
  if (latest.codeHash !== hashCode(userId, purpose, code)) {
    const attempts = latest.attempts + 1;
    await tx
      .update(verificationCodes)
      .set({ attempts, consumedAt: attempts >= CODE_MAX_WRONG_TRIES ? new Date() : null })
      .where(eq(verificationCodes.id, latest.id));
    return attempts >= CODE_MAX_WRONG_TRIES ? 'exhausted' : 'wrong';
  }
  await tx
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(eq(verificationCodes.id, latest.id));
  return 'ok';
}

/** The user-facing refusal for a failed check. */
export function codeError(result: Exclude<CodeCheck, 'ok'>): AppError {
  switch (result) {
    case 'expired':
      return new AppError('INVALID_CODE', 'That code has expired. Request a new code.');
    case 'exhausted':
      return new AppError('INVALID_CODE', 'Too many wrong tries. Request a new code.');
    case 'wrong':
      return new AppError('INVALID_CODE');
  }
}
