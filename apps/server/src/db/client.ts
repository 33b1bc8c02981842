import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
}

/** A pooled connection and the typed Drizzle client over it. */
export function createDatabase(connectionString: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: poolSize, connectionTimeoutMillis: 10_000 });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => undefined);
  return { pool, db: drizzle(pool, { schema }) };
}
