import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DOCUMENT_SOURCES, DOCUMENT_TYPES } from '@tracklane/shared/documents/documents.schema';
import { TRACKING_MODES } from '@tracklane/shared/tracking/tracking-modes';
import { workspaces } from './organizations';
import { users } from './users';

/**
 * A file a workspace attached to one of its shipments. The bytes live in the file storage under
 * `storage_key` (generated, never from the request); the row is what lists, quotas and access read.
 */
export const shipmentDocuments = pgTable(
  'shipment_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: TRACKING_MODES }).notNull(),
    /** An ocean_shipments or express_shipments id (`mode` says which). */
    subscriptionId: uuid('subscription_id').notNull(),
    type: text('type', { enum: DOCUMENT_TYPES }).notNull(),
    /** The sanitized name shown and given on download. */
    filename: text('filename').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Found from the bytes at upload. */
    contentType: text('content_type').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    source: text('source', { enum: DOCUMENT_SOURCES }).notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('shipment_documents_shipment_idx').on(t.workspaceId, t.mode, t.subscriptionId, t.createdAt)],
);
