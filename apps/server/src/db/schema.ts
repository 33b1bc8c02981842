// The schema drizzle-kit reads to generate migrations, and the one the client is typed with.
export * from './schema/users';
export * from './schema/sessions';
export * from './schema/auth-codes';
export * from './schema/mail';
export * from './schema/organizations';
export * from './schema/invitations';
export * from './schema/tracking';
export * from './schema/comments';
export * from './schema/notifications';
export * from './schema/plans';
export * from './schema/feedback';
export * from './schema/api-keys';
export * from './schema/webhooks';
export * from './schema/sharing';
export * from './schema/alerts';
export * from './schema/carrier-connections';
export * from './schema/carrier-subscriptions';
