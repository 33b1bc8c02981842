import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mailOutbox } from './mail';
import { organizations, workspaces } from './organizations';
import { users } from './users';

export interface StoredAttachment {
  filename: string;
  contentType: string;
  bytes: number;
  disposition: 'inline' | 'attachment';
}

/** spec §3 Feedback as received: who wrote it, where they were, the sanitised HTML and its files. */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as written, so the feedback still says who sent it after the account is gone. */
    userEmail: text('user_email').notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
    category: text('category').notNull(),
    /** Sanitised HTML: only the tags and attributes the feedback editor makes. */
    content: text('content').notNull(),
    pageUrl: text('page_url'),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    /** The e-mail to support (null when no SUPPORT_EMAIL is set). */
    mailId: uuid('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_created_at_idx').on(t.createdAt)],
);

/** spec §7 user-journey/post: page views and key actions, one row each. */
export const usageEvents = pgTable(
  'usage_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The workspace the session had selected; no foreign key: history outlives workspaces. */
    workspaceId: uuid('workspace_id'),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>().notNull(),
    pageUrl: text('page_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('usage_events_user_idx').on(t.userId, t.createdAt),
    index('usage_events_action_idx').on(t.action, t.createdAt),
  ],
);
