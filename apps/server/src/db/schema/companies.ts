import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './organizations';

/**
 * A workspace's own list of companies (issue 38): the parties a shipment names (shipper, consignee,
 * customer, forwarder) are chosen from it, so that one company is one filter and a rename reaches every
 * shipment. A name is unique in its workspace but for case.
 */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('companies_workspace_name_idx').on(t.workspaceId, sql`lower(${t.name})`),
    index('companies_workspace_idx').on(t.workspaceId, t.name),
  ],
);
