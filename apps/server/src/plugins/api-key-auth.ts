import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ApiKeyScope } from '@tracklane/shared/api-keys/api-keys.schema';
import type { Database } from '../db/client';
import { apiKeys } from '../db/schema/api-keys';
import { users, type UserRow } from '../db/schema/users';
import { AppError } from '../lib/app-error';
import { enforceRateLimits } from '../lib/rate-limit';
import { hashToken } from '../lib/tokens';
import { loadTenant, type Tenant } from '../tenancy/tenant';

/** The API key a request came with, once it is known to be live. */
export interface ApiKeyPrincipal {
  id: string;
  workspaceId: string;
  scope: ApiKeyScope;
}

const NO_KEY = 'Send your API key in the Authorization header: "Authorization: Bearer <key>".';
const BAD_KEY = 'This API key is not valid or has been revoked.';
const EXPIRED_KEY = 'This API key has expired. An admin can create a new one in Workspace settings → API.';

/** How often `last_used_at` is written at most: a busy key must not write a row per request. */
const LAST_USED_RESOLUTION = sql`interval '1 minute'`;

/**
 * The key of a `/api/v1/` request, its creator and the tenant it acts as, or a 401/403/429.
 * Every request reads the key's row (no cache), so a revoked key stops at once, in every process.
 * Each key has its own per-minute budget, counted in PostgreSQL like the sign-in limits.
 */
export async function authenticateApiKey(
  db: Database,
  request: FastifyRequest,
  perMinute: number,
): Promise<{ key: ApiKeyPrincipal; user: UserRow; tenant: Tenant }> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  const token = match?.[1];
  if (!token) throw new AppError('UNAUTHENTICATED', NO_KEY);
  if (token.length > 200) throw new AppError('UNAUTHENTICATED', BAD_KEY);

  const [row] = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.tokenHash, hashToken(token)), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row || !row.user.enabled) throw new AppError('UNAUTHENTICATED', BAD_KEY);
  const { key, user } = row;
  if (key.expiresAt && key.expiresAt.getTime() <= Date.now())
    throw new AppError('UNAUTHENTICATED', EXPIRED_KEY);

  try {
    await enforceRateLimits(db, [{ key: `api-key:${key.id}`, limit: perMinute, windowSeconds: 60 }]);
  } catch (err) {
    if (err instanceof AppError && err.code === 'RATE_LIMITED')
      throw new AppError(
        'RATE_LIMITED',
        `This API key made more than ${String(perMinute)} requests in a minute. Wait for the number of seconds in Retry-After, then try again.`,
        err.details,
      );
    throw err;
  }

  const tenant = await loadTenant(db, key.createdBy, key.workspaceId);
  if (!tenant)
    throw new AppError(
      'FORBIDDEN',
      'The admin who created this API key is no longer a member of its workspace. Create a new key.',
    );

  await db
    .update(apiKeys)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(apiKeys.id, key.id),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - ${LAST_USED_RESOLUTION}`)),
      ),
    );
  return { key: { id: key.id, workspaceId: key.workspaceId, scope: key.scope }, user, tenant };
}
