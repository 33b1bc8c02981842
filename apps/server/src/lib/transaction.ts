import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import * as schema from '../db/schema';
import type { Database } from '../db/client';

export interface Transaction {
  tx: Database;
  /** The raw client of the transaction, for pg-boss to enqueue jobs inside it. */
  client: pg.PoolClient;
}

/**
 * Runs `work` in one database transaction. Jobs enqueued through `client` commit or roll back with it,
 * so an e-mail is never sent for a change that did not happen, nor lost for one that did.
 */
export async function withTransaction<T>(pool: pg.Pool, work: (t: Transaction) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work({ tx: drizzle(client, { schema }), client });
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
