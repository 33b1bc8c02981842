import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_SHAPES,
  type WebhookEventType,
} from '@tracklane/shared/webhooks/webhooks.schema';
import { workspaces } from './organizations';
import { users } from './users';

/**
 * Where a workspace wants its events POSTed. The secret signs every delivery (Standard Webhooks), so
 * the server keeps it readable; it is shown to admins when created or rolled, never in lists.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().notNull().$type<WebhookEventType[]>(),
    shape: text('shape', { enum: WEBHOOK_SHAPES }).notNull().default('tracklane'),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    /** Failed attempts in a row, over all deliveries; a success resets it. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_workspace_idx').on(t.workspaceId)],
);

/**
 * One thing that happened in a workspace, written in the transaction that made it happen (the
 * transactional outbox): its id is the `webhook-id` every delivery of it carries.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    type: text('type').notNull().$type<WebhookEventType>(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** tracking_events rows the event carries, for the DCSA shape (rendered at delivery). */
    trackingEventIds: text('tracking_event_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('webhook_events_created_idx').on(t.createdAt)],
);

/**
 * An event on its way to one endpoint: the delivery log. `queuedAt` is null until the dispatcher has
 * handed it to the job queue (in one transaction, so exactly once); pg-boss then retries it with
 * exponential backoff.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastResponseMs: integer('last_response_ms'),
    lastError: text('last_error'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt, t.id),
    index('webhook_deliveries_event_idx').on(t.eventId),
    // The dispatcher's queue: small, since rows leave it as soon as they are handed to pg-boss.
    index('webhook_deliveries_unqueued_idx')
      .on(t.createdAt)
      .where(sql`${t.queuedAt} IS NULL`),
  ],
);
