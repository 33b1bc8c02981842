import { eq } from 'drizzle-orm';
import type { V1KeyInfo } from '@tracklane/shared/public-api/public-api.schema';
import type { Database } from '../../db/client';
import { apiKeys } from '../../db/schema/api-keys';
import { workspaces } from '../../db/schema/organizations';

/** A live key's own description (the access plugin has already checked the key). */
export async function getKeyInfo(db: Database, keyId: string): Promise<V1KeyInfo> {
  const [row] = await db
    .select({ key: apiKeys, workspaceName: workspaces.name })
    .from(apiKeys)
    .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
    .where(eq(apiKeys.id, keyId));
  const { key, workspaceName } = row!;
  return {
    name: key.name,
    prefix: key.prefix,
    scope: key.scope,
    expiresAt: key.expiresAt?.toISOString() ?? null,
    workspace: { id: key.workspaceId, name: workspaceName },
  };
}
