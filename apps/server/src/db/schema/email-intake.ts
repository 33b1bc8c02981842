import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './organizations';

/** A workspace's intake address `track+<token>@INBOUND_EMAIL_DOMAIN`, and the mail it dropped. */
export const emailIntakeAddresses = pgTable('email_intake_addresses', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  /** Random and unguessable; rotating it replaces it, so the old address stops working at once. */
  token: text('token').notNull().unique(),
  /** Messages from senders who are not members nor allowed, dropped without a reply. */
  droppedCount: integer('dropped_count').notNull().default(0),
  rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Addresses admins allow besides members' (a carrier's or forwarder's); they add as the owner. */
export const emailIntakeSenders = pgTable(
  'email_intake_senders',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Lower case. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.email] })],
);

export interface EmailIntakeLogRow {
  mode: string;
  number: string;
  outcome: 'created' | 'already_tracked' | 'refused';
  message: string | null;
  /** The shipment the row added or found (rows logged before this was kept have none). */
  shipmentId?: string | null;
  /** Its reference beside the number (an ocean container's bill of lading), for a link to its page. */
  reference?: string | null;
}

/** Each accepted message: who sent it, and every number's outcome (shown to members). */
export const emailIntakeLog = pgTable(
  'email_intake_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    sender: text('sender').notNull(),
    subject: text('subject').notNull(),
    rows: jsonb('rows').$type<EmailIntakeLogRow[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_intake_log_workspace_idx').on(t.workspaceId, t.createdAt)],
);
