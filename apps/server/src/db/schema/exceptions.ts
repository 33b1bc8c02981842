import { sql } from 'drizzle-orm';
import { bigserial, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  EXCEPTION_ACTIONS,
  EXCEPTION_STATES,
  EXCEPTION_TYPES,
} from '@tracklane/shared/exceptions/exceptions.schema';
import { TRACKING_MODES } from '@tracklane/shared/tracking/tracking-modes';
import { workspaces } from './organizations';
import { trackedItems } from './tracking';
import { users } from './users';

/**
 * A typed exception on one shipment (subscription) of a workspace, as work: a state, an owner, a due
 * date. The engine opens one when a rule's condition starts to hold and marks its episode cleared when
 * it stops; `cleared_at IS NULL` is the episode, so a person resolving it while the condition still
 * holds does not make the engine raise it again, and one that returns later is a new exception.
 */
export const shipmentExceptions = pgTable(
  'shipment_exceptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: TRACKING_MODES }).notNull(),
    /** An ocean_shipments or express_shipments id (`mode` says which). */
    subscriptionId: uuid('subscription_id').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => trackedItems.id, { onDelete: 'cascade' }),
    type: text('type', { enum: EXCEPTION_TYPES }).notNull(),
    /** Tells occurrences apart while the condition holds throughout (a second roll), '' otherwise. */
    mark: text('mark').notNull().default(''),
    state: text('state', { enum: EXCEPTION_STATES }).notNull().default('open'),
    detail: text('detail').notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    dueOn: date('due_on', { mode: 'string' }),
    openedAt: timestamp('opened_at', { withTimezone: true, precision: 3 }).notNull(),
    /** When the condition stopped holding: the episode's end. */
    clearedAt: timestamp('cleared_at', { withTimezone: true, precision: 3 }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, precision: 3 }),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // One per shipment, type and occurrence while its condition holds: concurrent refreshes insert
    // with ON CONFLICT DO NOTHING against it.
    uniqueIndex('shipment_exceptions_episode_idx')
      .on(t.subscriptionId, t.type, t.mark)
      .where(sql`${t.clearedAt} IS NULL`),
    index('shipment_exceptions_list_idx').on(t.workspaceId, t.state, t.openedAt, t.id),
    index('shipment_exceptions_item_idx')
      .on(t.itemId)
      .where(sql`${t.clearedAt} IS NULL`),
    index('shipment_exceptions_owner_idx')
      .on(t.ownerId)
      .where(sql`${t.state} IN ('open', 'acknowledged')`),
  ],
);

/** The audit trail of an exception: who did what, when (no actor: Tracklane itself). */
export const shipmentExceptionEvents = pgTable(
  'shipment_exception_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    exceptionId: uuid('exception_id')
      .notNull()
      .references(() => shipmentExceptions.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: EXCEPTION_ACTIONS }).notNull(),
    note: text('note'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    dueOn: date('due_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** The order of writing: one change writes several rows at the same moment. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('shipment_exception_events_exception_idx').on(t.exceptionId, t.seq)],
);
