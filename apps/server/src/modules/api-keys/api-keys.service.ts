import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import {
  API_KEY_PREFIX,
  API_KEYS_PER_WORKSPACE_MAX,
  type ApiKey,
  type CreateApiKeyRequest,
  type CreatedApiKey,
} from '@tracklane/shared/api-keys/api-keys.schema';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { apiKeys } from '../../db/schema/api-keys';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { createUnderCap, type Cap } from '../../lib/caps';
import { hashToken } from '../../lib/tokens';
import type { Tenant } from '../../tenancy/tenant';
import { inWorkspace } from '../../tenancy/scope';

/** Characters of a key kept in the clear: `tlk_` and 8 of the 43 random ones (48 of 256 bits). */
const VISIBLE_LENGTH = API_KEY_PREFIX.length + 8;

type KeyRow = typeof apiKeys.$inferSelect;

function toApiKey(row: KeyRow, creator: { firstName: string; lastName: string }): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope,
    createdAt: row.createdAt.toISOString(),
    createdBy: { id: row.createdBy, name: `${creator.firstName} ${creator.lastName}`.trim() },
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** The workspace's keys, newest first, revoked ones included (so people see what stopped working). */
export async function listApiKeys(db: Database, workspaceId: string): Promise<ApiKey[]> {
  const rows = await db
    .select({ key: apiKeys, firstName: users.firstName, lastName: users.lastName })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(inWorkspace({ workspaceId }, apiKeys))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((r) => toApiKey(r.key, r));
}

/** Active keys a workspace may hold at once (revoked ones do not count). */
const apiKeyCap = (workspaceId: string): Cap => ({
  owner: { workspaceId },
  count: async (tx) => {
    const [active] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(inWorkspace({ workspaceId }, apiKeys), isNull(apiKeys.revokedAt)));
    return active?.n ?? 0;
  },
  max: API_KEYS_PER_WORKSPACE_MAX,
  message: `A workspace can have at most ${String(API_KEYS_PER_WORKSPACE_MAX)} API keys. Revoke one you no longer use first.`,
});

/**
 * Makes a key for the tenant's workspace, acting as the calling admin. The answer is the only place
 * the whole key ever appears: the table keeps its SHA-256 hash and its first characters.
 */
export async function createApiKey(
  ctx: Pick<AppContext, 'pool'>,
  tenant: Tenant,
  creator: { firstName: string; lastName: string },
  input: CreateApiKeyRequest,
): Promise<CreatedApiKey> {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await createUnderCap(ctx.pool, apiKeyCap(tenant.workspaceId), async ({ tx }) => {
    const [inserted] = await tx
      .insert(apiKeys)
      .values({
        workspaceId: tenant.workspaceId,
        name: input.name,
        prefix: key.slice(0, VISIBLE_LENGTH),
        tokenHash: hashToken(key),
        scope: input.scope,
        createdBy: tenant.userId,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      })
      .returning();
    return inserted!;
  });
  return { ...toApiKey(row, creator), key };
}

/** Revokes one of the workspace's keys; the next request with it is refused. Another workspace's: not found. */
export async function revokeApiKey(db: Database, workspaceId: string, keyId: string): Promise<void> {
  const [row] = await db
    .select({ id: apiKeys.id, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(and(inWorkspace({ workspaceId }, apiKeys), eq(apiKeys.id, keyId)));
  if (!row) throw new AppError('NOT_FOUND', 'This API key does not exist in this workspace.');
  if (row.revokedAt) return;
  await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, keyId));
}
