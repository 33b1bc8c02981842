import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations, workspaces } from './organizations';
import { users } from './users';

/** Server-side sessions: the cookie holds a random token, the table only its SHA-256 hash. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The organization and workspace this session works in, chosen on the server (spec §7 currentId). */
    currentOrganizationId: uuid('current_organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    currentWorkspaceId: uuid('current_workspace_id').references(() => workspaces.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);
