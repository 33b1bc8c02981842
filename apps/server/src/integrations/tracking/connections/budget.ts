import { and, inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../../../db/client';
import { rateLimits } from '../../../db/schema/auth-codes';
import { withTransaction } from '../../../lib/transaction';
import { ProviderDeferredError } from '../provider';

/**
 * A connection's call budget: calls per minute and per calendar day (UTC), counted in PostgreSQL's
 * `rate_limits` table like the app's other limits, so that every server process draws on the same
 * count. Windows are aligned (the minute, the UTC day), so a spent budget opens again at a known time.
 */
export interface Budget {
  connectionId: string;
  perMinute: number;
  perDay: number;
}

export class BudgetSpentError extends ProviderDeferredError {
  readonly errorClass = 'rate_limited' as const;
  constructor(message: string, retryAt: Date) {
    super(message, retryAt);
    this.name = 'BudgetSpentError';
  }
}

const minuteKey = (id: string) => `carrier:${id}:minute`;
const dayKey = (id: string) => `carrier:${id}:day`;
/** Until when the connection's API asked not to be called (a 429's Retry-After), in window_start. */
const holdKey = (id: string) => `carrier:${id}:hold`;

/**
 * The API answered 429: no call of this connection (about any container, from any process) is made
 * before `until` (ADR 0039). A later hold never shortens an earlier one.
 */
export async function holdCalls(pool: pg.Pool, connectionId: string, until: Date): Promise<void> {
  await withTransaction(pool, async ({ tx }) => {
    await tx.execute(sql`
      INSERT INTO rate_limits AS r (key, window_start, count) VALUES (${holdKey(connectionId)}, ${until}, 0)
      ON CONFLICT (key) DO UPDATE SET window_start = GREATEST(r.window_start, excluded.window_start)`);
  });
}

/**
 * Takes one call from the budget, or throws {@link BudgetSpentError} with the time the spent window
 * opens (or the API's Retry-After ends: {@link holdCalls}). Both windows are taken in one transaction: a call refused by the day takes nothing from the
 * minute. The counters' rows are locked until commit, so concurrent callers (in any process) queue
 * and never overspend.
 */
export async function spendCall(pool: pg.Pool, budget: Budget, label: string): Promise<void> {
  await withTransaction(pool, async ({ tx }) => {
    const held = (
      await tx.execute<{ until: Date }>(
        sql`SELECT window_start AS until FROM rate_limits WHERE key = ${holdKey(budget.connectionId)} AND window_start > now()`,
      )
    ).rows[0];
    if (held) {
      const until = new Date(held.until);
      throw new BudgetSpentError(
        `${label}: the API asked us to wait (HTTP 429) until ${until.toISOString()}`,
        until,
      );
    }
    const minute = await take(tx, minuteKey(budget.connectionId), budget.perMinute, 'minute');
    const day = minute.ok ? await take(tx, dayKey(budget.connectionId), budget.perDay, 'day') : null;
    if (minute.ok && day?.ok) return;
    const spent = !minute.ok ? minute : day!;
    const what = !minute.ok
      ? `${String(budget.perMinute)} calls a minute`
      : `${String(budget.perDay)} calls a day`;
    throw new BudgetSpentError(
      `${label}: its budget of ${what} is spent until ${spent.opensAt.toISOString()}`,
      spent.opensAt,
    );
  });
}

async function take(
  tx: Database,
  key: string,
  limit: number,
  unit: 'minute' | 'day',
): Promise<{ ok: boolean; opensAt: Date }> {
  const start =
    unit === 'minute'
      ? sql`date_trunc('minute', now())`
      : sql`(date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;
  const length = unit === 'minute' ? sql`interval '1 minute'` : sql`interval '1 day'`;
  // A row of an earlier window starts over at 1; a full window is left as it is (no row returned). A
  // transaction that began just before the window turned (its now() is earlier) counts in the row's
  // window and never moves it back: moved back, the next call would start the new window over.
  const taken = await tx.execute<{ opens_at: Date }>(sql`
    INSERT INTO rate_limits AS r (key, window_start, count)
    VALUES (${key}, ${start}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN r.window_start < ${start} THEN 1 ELSE r.count + 1 END,
      window_start = GREATEST(r.window_start, ${start})
    WHERE r.window_start < ${start} OR r.count < ${limit}
    RETURNING window_start + ${length} AS opens_at`);
  if (taken.rows.length > 0) return { ok: true, opensAt: new Date(taken.rows[0]!.opens_at) };
  const [row] = (
    await tx.execute<{ opens_at: Date }>(
      sql`SELECT window_start + ${length} AS opens_at FROM rate_limits WHERE key = ${key}`,
    )
  ).rows;
  return { ok: false, opensAt: new Date(row!.opens_at) };
}

/** The calls counted in the current minute and UTC day (0 for a window that has passed). */
export async function callsCounted(
  db: Database,
  connectionIds: string[],
): Promise<Map<string, { minute: number; day: number }>> {
  const counts = new Map(connectionIds.map((id) => [id, { minute: 0, day: 0 }]));
  if (connectionIds.length === 0) return counts;
  const keys = connectionIds.flatMap((id) => [minuteKey(id), dayKey(id)]);
  const rows = await db
    .select({ key: rateLimits.key, count: rateLimits.count })
    .from(rateLimits)
    .where(
      and(
        inArray(rateLimits.key, keys),
        sql`((${rateLimits.key} LIKE '%:minute' AND ${rateLimits.windowStart} >= date_trunc('minute', now()))
          OR (${rateLimits.key} LIKE '%:day' AND ${rateLimits.windowStart} >= (date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')))`,
      ),
    );
  for (const row of rows) {
    const [, id, unit] = row.key.split(':');
    const entry = counts.get(id!);
    if (entry) entry[unit === 'minute' ? 'minute' : 'day'] = Number(row.count);
  }
  return counts;
}
