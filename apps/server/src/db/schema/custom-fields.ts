import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CUSTOM_FIELD_TYPES } from '@tracklane/shared/custom-fields/custom-fields.schema';
import { TRACKING_MODES } from '@tracklane/shared/tracking/tracking-modes';
import { workspaces } from './organizations';
import { sortText } from './tracked-items';

/**
 * A workspace's custom fields (ADR 0051): defined by its admins, at most 50, a name unique in the
 * workspace but for case. The type is fixed once made, since values are stored by type.
 */
export const customFields = pgTable(
  'custom_fields',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: CUSTOM_FIELD_TYPES }).notNull(),
    choices: text('choices')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    required: boolean('required').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('custom_fields_workspace_name_idx').on(t.workspaceId, sql`lower(${t.name})`),
    index('custom_fields_workspace_idx').on(t.workspaceId, t.position),
  ],
);

/**
 * The values of custom fields on a workspace's shipments of any mode (ADR 0051): one row per field and
 * subscription, or one per chosen choice for a multiple choice (`ordinal` 0, 1, ...), the value in the
 * column of its type (text, link and choices in `text_value`). Gone with the field (foreign key) and
 * with the subscription (a trigger on each subscription table, as for favourites). Indexes per field
 * and value with the subscription id, so a filter or a sort by one field is a range of one index (a
 * text's sort: its first characters, custom_field_values_sort_text_idx).
 */
export const customFieldValues = pgTable(
  'custom_field_values',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    fieldId: uuid('field_id')
      .notNull()
      .references(() => customFields.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: TRACKING_MODES }).notNull(),
    subscriptionId: uuid('subscription_id').notNull(),
    ordinal: smallint('ordinal').notNull().default(0),
    textValue: text('text_value'),
    numberValue: doublePrecision('number_value'),
    dateValue: date('date_value', { mode: 'string' }),
    /**
     * A multiple choice's choices joined in their order (", "), cut as a list sorts by them (ADR 0054),
     * on the shipment's first row of the field (lowest ordinal), null on the others and for other
     * types: kept by the database (migration 0040, a trigger on this table) for the sort's index.
     */
    joinedChoices: text('joined_choices'),
  },
  (t) => [
    primaryKey({ columns: [t.fieldId, t.subscriptionId, t.ordinal] }),
    // A shipment's values, every field's: what the lists, the detail and its deletion read.
    index('custom_field_values_subscription_idx').on(t.mode, t.subscriptionId),
    index('custom_field_values_text_idx').on(t.fieldId, t.textValue, t.subscriptionId),
    index('custom_field_values_text_upper_idx').on(t.fieldId, sql`upper(${t.textValue}) text_pattern_ops`),
    index('custom_field_values_number_idx').on(t.fieldId, t.numberValue, t.subscriptionId),
    index('custom_field_values_date_idx').on(t.fieldId, t.dateValue, t.subscriptionId),
    // A text's value as a list sorts by it (ADR 0054: its first characters), read in order for a page.
    index('custom_field_values_sort_text_idx').on(t.fieldId, sortText(t.textValue), t.subscriptionId),
    // A multiple choice's, over the rows that carry the joined text.
    index('custom_field_values_sort_choices_idx')
      .on(t.fieldId, t.joinedChoices, t.subscriptionId)
      .where(sql`${t.joinedChoices} IS NOT NULL`),
  ],
);
