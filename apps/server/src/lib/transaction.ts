import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import * as schema from '../db/schema';
import type { Database } from '../db/client';

export interface Transaction {
  tx: Database;
  /** The raw client of the transaction, for pg-boss to enqueue jobs inside it. */
  client: pg.PoolClient;
}

const JOINED = Symbol('joined transaction');
interface JoinedPool {
  [JOINED]: Transaction;
}
let savepoints = 0;

/**
 * A stand-in for the pool whose only connection is this transaction: a service that opens its own
 * transaction with {@link withTransaction} runs inside this one instead (in a savepoint), so a caller
 * can hold a lock, such as the organization row for a quota, across work it does not own.
 */
export function joinTransaction(t: Transaction): pg.Pool {
  const joined: JoinedPool = { [JOINED]: t };
  return joined as unknown as pg.Pool;
}

/**
 * Runs `work` in one database transaction. Jobs enqueued through `client` commit or roll back with it,
 * so an e-mail is never sent for a change that did not happen, nor lost for one that did. Given a pool
 * from {@link joinTransaction}, it runs in a savepoint of that transaction.
 */
export async function withTransaction<T>(pool: pg.Pool, work: (t: Transaction) => Promise<T>): Promise<T> {
  const outer = (pool as unknown as Partial<JoinedPool>)[JOINED];
  if (outer) {
    const name = `joined_${String(++savepoints)}`;
    await outer.client.query(`SAVEPOINT ${name}`);
    try {
      const result = await work(outer);
      await outer.client.query(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (err) {
      await outer.client.query(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => undefined);
      throw err;
    }
  }
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
