import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { AppError } from './app-error';

export interface RateRule {
  /** What is counted, e.g. `login:ip:203.0.113.9`. */
  key: string;
  limit: number;
  windowSeconds: number;
  /** How much this attempt counts (default 1), e.g. the addresses one share is sent to. */
  cost?: number;
  /**
   * What the user is told when over the limit (given the seconds until the window ends); the generic
   * RATE_LIMITED message otherwise.
   */
  message?: string | ((retryAfterSeconds: number) => string);
}

/**
 * Counts one attempt against each rule (fixed window, in PostgreSQL so every server process shares
 * the count) and throws RATE_LIMITED, with the seconds to wait, when any is exceeded. Called before
 * any password hashing. Each count is one atomic upsert; called inside a transaction, it holds the
 * counter's row lock until commit (concurrent attempts on the same key wait their turn), and a refused
 * attempt's rollback takes its count back.
 */
export async function enforceRateLimits(db: Database, rules: RateRule[]): Promise<void> {
  for (const rule of rules) {
    const cost = rule.cost ?? 1;
    const result = await db.execute<{ count: number; retry_after: number }>(sql`
      INSERT INTO rate_limits AS r (key, window_start, count)
      VALUES (${rule.key}, now(), ${cost}::int)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN r.window_start < now() - make_interval(secs => ${rule.windowSeconds}) THEN ${cost}::int ELSE r.count + ${cost}::int END,
        window_start = CASE WHEN r.window_start < now() - make_interval(secs => ${rule.windowSeconds}) THEN now() ELSE r.window_start END
      RETURNING count,
        ceil(extract(epoch FROM (window_start + make_interval(secs => ${rule.windowSeconds}) - now())))::int AS retry_after`);
    const row = result.rows[0];
    if (row && row.count > rule.limit) {
      const retryAfter = Math.max(1, row.retry_after);
      const message = typeof rule.message === 'function' ? rule.message(retryAfter) : rule.message;
      throw new AppError('RATE_LIMITED', message, { retryAfter });
    }
  }
}
