import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { trackedItems } from '../../db/schema/tracking';
import { jsonbPick } from '../../lib/jsonb-pick';
import { workspaceIs } from '../../tenancy/scope';

/**
 * What the list page of either mode reads of the tracked item: the parts of its derived view the row
 * shows (`keys`), when it was last checked and by which source.
 */
export function listItemColumns<View extends object, K extends keyof View & string>(keys: readonly K[]) {
  return {
    derived: jsonbPick<View, K>(trackedItems.derived, keys),
    lastCheckedAt: trackedItems.lastCheckedAt,
    lastSource: trackedItems.lastSource,
  };
}

/**
 * A mode's tab counts (kept by a trigger in its counts table) as columns beside each row of a page:
 * read in the same statement, one round trip and one snapshot; each is an uncorrelated subquery, which
 * PostgreSQL runs once. A page without rows has none: its caller asks the counts table alone.
 */
export function tabCountColumns<K extends string>(
  workspaceColumn: AnyColumn,
  counts: Record<K, AnyColumn>,
  workspaceId: string,
): Record<K, SQL<number | null>> {
  const entries = Object.entries<AnyColumn>(counts).map(
    ([key, column]) =>
      [
        key,
        sql<
          number | null
        >`(SELECT ${column} FROM ${workspaceColumn.table} WHERE ${workspaceIs({ workspaceId }, workspaceColumn)})`,
      ] as const,
  );
  return Object.fromEntries(entries) as Record<K, SQL<number | null>>;
}
