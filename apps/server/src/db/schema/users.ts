import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    avatarUrl: text('avatar_url'),
    enabled: boolean('enabled').notNull().default(true),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    timeZone: text('time_zone').notNull().default('UTC'),
    /** `browser`: follow the browser's zone at each sign-in; `manual`: chosen in Profile Settings. */
    timeZoneSource: text('time_zone_source', { enum: ['browser', 'manual'] })
      .notNull()
      .default('browser'),
    /** The user agreement: when it was accepted, and which version. */
    agreedAt: timestamp('agreed_at', { withTimezone: true }),
    agreementVersion: text('agreement_version'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One account per address whatever its case.
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export type UserRow = typeof users.$inferSelect;
