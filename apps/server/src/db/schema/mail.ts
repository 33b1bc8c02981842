import { customType, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every e-mail, written in the same transaction as the change that causes it and delivered by a
 * pg-boss job with retries. Without SMTP it doubles as the development mailbox.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    /** Where replies go (feedback: the user who wrote it); null: to the sender. */
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers (a reply's In-Reply-To, References, Auto-Submitted); null: none. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    transport: text('transport', { enum: ['smtp', 'dev'] }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('mail_outbox_created_at_idx').on(t.createdAt)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Files an outbox message carries, stored with it so that a retry hours later still has them.
 * `inline` files are images the HTML shows by `cid:<contentId>`; the others are attachments.
 */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    outboxId: uuid('outbox_id')
      .notNull()
      .references(() => mailOutbox.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    disposition: text('disposition', { enum: ['inline', 'attachment'] }).notNull(),
    contentId: text('content_id'),
    content: bytea('content').notNull(),
  },
  (t) => [index('mail_attachments_outbox_idx').on(t.outboxId, t.position)],
);
