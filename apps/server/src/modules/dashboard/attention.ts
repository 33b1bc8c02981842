import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { STALE_AFTER_HOURS } from '@tracklane/shared/dashboard/dashboard.schema';
import { trackedItems as ti } from '../../db/schema/tracking';
import { failureBackoff } from '../tracking/backoff';

const HOUR = 3_600_000;

/**
 * The number of failed checks in a row after which an item has had no answer for STALE_AFTER_HOURS at
 * least: lastCheckedAt counts failed checks too, so a failing item's silence is read from its backoff.
 */
export const STALE_AFTER_FAILURES = staleAfterFailures(STALE_AFTER_HOURS);

export interface AttentionRule {
  label: string;
  /** The condition, over the subscription table joined to tracked_items when `readsItem`. */
  where: (now: Date) => SQL;
  order: SQL;
  /** Reads tracked_items: counted apart, so that the other rules' counts need no join. */
  readsItem?: true;
}

/** The failures in a row after which an item has had no answer for `hours` at least (see STALE_AFTER_FAILURES). */
export function staleAfterFailures(hours: number): number {
  let failures = 1;
  let waited = 0;
  while (waited < hours * HOUR) waited += failureBackoff(failures++);
  return failures;
}

/** Any mode: an active item with no answer from its carrier for `hours` (reads tracked_items). */
export const staleItem = (now: Date, hours: number) =>
  sql`(${ti.state} = 'active' AND (${ti.lastCheckedAt} IS NULL OR ${ti.lastCheckedAt} < ${new Date(now.getTime() - hours * HOUR)} OR ${ti.consecutiveFailures} >= ${staleAfterFailures(hours)}))`;

/**
 * The first of `rules` (the dashboard's order: most urgent first) that a row falls under, or NULL: a
 * list row's attention chip, by the very conditions the cards and the list's `attention` filter use.
 * Archived rows fall under none, as the cards count active shipments only. For a select over the
 * subscription table joined to tracked_items (the rules that read the item need it).
 */
export function firstAttentionRule<Rule extends string>(
  rules: readonly Rule[],
  definitions: Record<Rule, AttentionRule>,
  archived: SQLWrapper,
  now: Date,
): SQL<Rule | null> {
  const cases = sql.join(
    rules.map((rule) => sql`WHEN ${definitions[rule].where(now)} THEN ${rule}`),
    sql` `,
  );
  return sql<Rule | null>`CASE WHEN ${archived} THEN NULL ${cases} END`;
}
