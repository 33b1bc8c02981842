import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './organizations';
import { trackedItems } from './tracking';
import { users } from './users';

/**
 * A comment on a shipment, owned by the workspace that follows it (ADR 0018): it names the workspace
 * and the tracked item, so archiving keeps it and another workspace following the same container sees
 * none of it. `content` is the sanitised stored form (see shared/comments/comment-content.ts).
 */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => trackedItems.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true, precision: 3 }),
  },
  // A thread, oldest first.
  (t) => [index('comments_thread_idx').on(t.workspaceId, t.itemId, t.createdAt, t.id)],
);
