import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CONNECTION_KINDS,
  DEFAULT_PER_DAY,
  DEFAULT_PER_MINUTE,
  ERROR_CLASSES,
} from '@tracklane/shared/carrier-connections/carrier-connections.schema';
import { DELIVERY_MODES } from '@tracklane/shared/carrier-connections/carrier-push.schema';
import { organizations } from './organizations';
import { users } from './users';

/** `auth` without its secrets: what may be read without the key. */
export type StoredAuth =
  | { type: 'headers'; headerNames: string[] }
  | { type: 'oauth2-client-credentials'; tokenUrl: string; scope: string | null }
  | { type: 'none' };

/** The secrets of `auth`, sealed together into `secrets` (secret-box.ts). */
export interface ConnectionSecrets {
  headers?: Record<string, string>;
  clientId?: string;
  clientSecret?: string;
}

/** The last four characters of each secret, as the API shows them. */
export interface MaskedSecrets {
  headers?: Record<string, string>;
  clientId?: string;
  clientSecret?: string;
}

/**
 * A carrier connection an organization set up with its own credentials: which endpoint,
 * how to authenticate (secrets sealed under SECRETS_KEY, bound to the row's id), its call budget, and
 * its health as the last calls left it. One enabled connection per organization and carrier. A
 * terminal connection (kind `apmt-import-availability`) is stored the same way under its operator's
 * code (`carrier` APMT), with the terminals it asks about.
 */
export const carrierConnections = pgTable(
  'carrier_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    carrier: text('carrier').notNull(),
    kind: text('kind', { enum: CONNECTION_KINDS }).notNull(),
    baseUrl: text('base_url').notNull(),
    label: text('label').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    auth: jsonb('auth').$type<StoredAuth>().notNull(),
    /** Sealed JSON of {@link ConnectionSecrets}; null for `auth.type` none. */
    secrets: text('secrets'),
    masked: jsonb('masked').$type<MaskedSecrets>().notNull().default({}),
    /**
     * A terminal connection's terminals (UN/LOCODE facility codes, ADR 0039): its organization's
     * containers discharged there are asked about. Empty for a carrier connection.
     */
    terminals: text('terminals')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    perMinute: integer('per_minute').notNull().default(DEFAULT_PER_MINUTE),
    perDay: integer('per_day').notNull().default(DEFAULT_PER_DAY),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    lastErrorClass: text('last_error_class', { enum: ERROR_CLASSES as unknown as [string, ...string[]] }),
    lastErrorMessage: text('last_error_message'),
    /** The first failure since the last success; null while it works. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** When the admins were told it has been failing for a day (once per failing spell). */
    failureMailedAt: timestamp('failure_mailed_at', { withTimezone: true }),
    /** Poll the carrier, or subscribe at it and receive its events (carrier_subscriptions). */
    delivery: text('delivery', { enum: DELIVERY_MODES }).notNull().default('poll'),
    /** The carrier's DCSA `/event-subscriptions` endpoint (push); null: the one beside `base_url`. */
    subscriptionsUrl: text('subscriptions_url'),
    /** When the carrier last delivered a correctly signed callback. */
    lastCallbackAt: timestamp('last_callback_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('carrier_connections_organization_idx').on(t.organizationId, t.carrier),
    // The engine asks for the one enabled connection of an organization and carrier.
    uniqueIndex('carrier_connections_enabled_idx')
      .on(t.organizationId, t.carrier)
      .where(sql`${t.enabled}`),
  ],
);

export type CarrierConnectionRow = typeof carrierConnections.$inferSelect;
