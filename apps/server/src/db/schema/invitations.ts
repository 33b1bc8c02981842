import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations, workspaces } from './organizations';
import { users } from './users';

export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'revoked'] as const;

/**
 * An invitation of one e-mail address to one workspace (spec §3 Workspace invitation; its id is the
 * spec's memberId). It belongs to the address, so someone without an account finds it once they
 * register with that address. A pending invitation holds a seat.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: INVITATION_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    index('invitations_email_idx').on(sql`lower(${t.email})`, t.status),
    index('invitations_organization_idx').on(t.organizationId, t.status),
    uniqueIndex('invitations_one_pending_idx')
      .on(t.workspaceId, sql`lower(${t.email})`)
      .where(sql`${t.status} = 'pending'`),
  ],
);
