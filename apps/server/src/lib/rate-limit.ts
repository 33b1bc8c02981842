import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { AppError } from './app-error';

export interface RateRule {
  /** What is counted, e.g. `login:ip:203.0.113.9`. */
  key: string;
  limit: number;
  windowSeconds: number;
  /** What the user is told when over the limit; the generic RATE_LIMITED message otherwise. */
  message?: string;
}

/**
 * Counts one attempt against each rule (fixed window, in PostgreSQL so every server process shares
 * the count) and throws RATE_LIMITED when any is exceeded. Called before any password hashing.
 */
export async function enforceRateLimits(db: Database, rules: RateRule[]): Promise<void> {
  for (const rule of rules) {
    const result = await db.execute<{ count: number; retry_after: number }>(sql`
      INSERT INTO rate_limits AS r (key, window_start, count)
      VALUES (${rule.key}, now(), 1)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN r.window_start < now() - make_interval(secs => ${rule.windowSeconds}) THEN 1 ELSE r.count + 1 END,
        window_start = CASE WHEN r.window_start < now() - make_interval(secs => ${rule.windowSeconds}) THEN now() ELSE r.window_start END
      RETURNING count,
        ceil(extract(epoch FROM (window_start + make_interval(secs => ${rule.windowSeconds}) - now())))::int AS retry_after`);
    const row = result.rows[0];
    if (row && row.count > rule.limit) {
      throw new AppError('RATE_LIMITED', rule.message, { retryAfter: Math.max(1, row.retry_after) });
    }
  }
}
