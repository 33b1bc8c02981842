import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { API_KEY_SCOPES } from '@tracklane/shared/api-keys/api-keys.schema';
import { workspaces } from './organizations';
import { users } from './users';

/**
 * Keys for the public API (`/api/v1/`), one workspace each. The key itself is shown once and stored
 * only as its SHA-256 hash (256 random bits need no slow hash); `prefix` is its first characters, so
 * people can tell keys apart. A key acts as the admin who made it, within its scope: it stops working
 * when it is revoked, expires, or its creator is no longer an admin of the workspace.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    scope: text('scope', { enum: API_KEY_SCOPES }).notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_workspace_idx').on(t.workspaceId, t.createdAt)],
);
