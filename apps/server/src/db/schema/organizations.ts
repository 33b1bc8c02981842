import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { plans } from './plans';
import { users } from './users';

/** The free plan's seats and active shipments (the plans table holds the same; columns default to them). */
export const FREE_PLAN_MEMBER_LIMIT = 10;
export const FREE_PLAN_SHIPMENT_QUOTA = 50;

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  imageUrl: text('image_url'),
  creatorId: uuid('creator_id')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  plan: text('plan')
    .notNull()
    .default('free')
    .references(() => plans.id, { onDelete: 'restrict' }),
  /** Entitlements, copied from the plan at each change (and raised by hand for one organization). */
  memberLimit: integer('member_limit').notNull().default(FREE_PLAN_MEMBER_LIMIT),
  shipmentQuota: integer('shipment_quota').notNull().default(FREE_PLAN_SHIPMENT_QUOTA),
  /** spec §3 plan mode: billed each month or each year. */
  planInterval: text('plan_interval', { enum: ['month', 'year'] })
    .notNull()
    .default('month'),
  /** When the current period ends and the plan renews; null on the free plan. */
  planRenewsAt: timestamp('plan_renews_at', { withTimezone: true }),
  /** With Stripe: the customer and subscription that pay for the plan. */
  stripeCustomerId: text('stripe_customer_id').unique(),
  stripeSubscriptionId: text('stripe_subscription_id'),
  /**
   * The demo account's organization: its shipments without a real data source get the demo carriers'
   * invented data (others only when the operator sets DEMO_CARRIERS; ADR 0035).
   */
  demo: boolean('demo').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ORGANIZATION_ROLES = ['company_admin', 'general_user'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

/** Membership of an organization: role and shipmentPermission (0 view+create, 1 view only, other: none). */
export const organizationMembers = pgTable(
  'organization_members',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ORGANIZATION_ROLES }).notNull(),
    shipmentPermission: integer('shipment_permission').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    index('organization_members_user_idx').on(t.userId),
  ],
);

/** The unique index a duplicate workspace name violates (mapped to a clear 409). */
export const WORKSPACE_NAME_INDEX = 'workspaces_organization_name_idx';

export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    imageUrl: text('image_url'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('workspaces_organization_idx').on(t.organizationId),
    // Exactly one default workspace per organization.
    uniqueIndex('workspaces_one_default_idx')
      .on(t.organizationId)
      .where(sql`${t.isDefault}`),
    // No two workspaces of an organization share a name, whatever its case and spacing; the index, not
    // a check before the write, is what holds under concurrent requests (workspaceNameKey in SQL).
    uniqueIndex(WORKSPACE_NAME_INDEX).on(
      t.organizationId,
      sql`lower(btrim(regexp_replace(${t.name}, '[[:space:]]+', ' ', 'g')))`,
    ),
  ],
);

/** Workspace membership; a workspace member is always a member of the workspace's organization. */
export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index('workspace_members_user_idx').on(t.userId),
  ],
);
