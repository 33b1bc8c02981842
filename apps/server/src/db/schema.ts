// The schema drizzle-kit reads to generate migrations, and the one the client is typed with.
export * from './schema/users';
export * from './schema/sessions';
