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
import { users } from './users';

/** Seats of the free plan, until billing brings paid plans. */
export const FREE_PLAN_MEMBER_LIMIT = 10;

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  imageUrl: text('image_url'),
  creatorId: uuid('creator_id')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  plan: text('plan').notNull().default('free'),
  memberLimit: integer('member_limit').notNull().default(FREE_PLAN_MEMBER_LIMIT),
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
