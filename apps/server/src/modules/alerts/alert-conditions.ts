import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AlertCondition, StoredAlertFilters } from '@tracklane/shared/alerts/alerts.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { staleItem } from '../dashboard/attention';
import { isFavoriteOf } from '../shipment-favorites/shipment-favorites.service';
import { namesAnyCompany } from '../references/references.service';
import { modeFeatures } from '../../modes';
import type { Database } from '../../db/client';
import { savedCustomFilterConditions } from '../custom-fields/custom-field-values.service';
import type { ModeAlertCondition, SubscriptionTable } from '../tracking/tracking-mode';

/** A rule's condition as SQL over its mode's subscriptions joined to tracked_items, and its episode mark. */
export type ConditionSql = ModeAlertCondition;

/** The mark of a condition that is one episode while it holds. */
export const NO_MARK = sql<string>`''`;
/** A mark that tells occurrences apart by a time column: each new value is news of its own. */
export const markOf = (column: SQLWrapper) =>
  sql<string>`coalesce(to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), '')`;

/**
 * The condition of an alert rule: staleness is every mode's (the tracked item's checks); the rest is
 * the rule's mode's, built from its dashboard's definitions with the rule's thresholds, so a rule and
 * the attention card it mirrors can never disagree. A condition the mode does not have matches nothing.
 */
export function conditionSql(mode: TrackingMode, condition: AlertCondition, now: Date): ConditionSql {
  if (condition.kind === 'stale') return { where: staleItem(now, condition.days * 24), mark: NO_MARK };
  return modeFeatures(mode).alerts.condition(condition, now) ?? { where: sql`false`, mark: NO_MARK };
}

/** Shipments carrying any of the tags, compared regardless of case. */
function anyTag(column: SubscriptionTable['tags'], tags: string[]): SQL | undefined {
  if (!tags.length) return undefined;
  const lowered = tags.map((t) => t.toLowerCase());
  return sql`EXISTS (SELECT 1 FROM unnest(${column}) AS t(tag) WHERE lower(t.tag) = ANY(${sql.param(lowered)}::text[]))`;
}

/**
 * A rule's filters over its mode's subscriptions: tags, companies, favourites and custom fields here,
 * the mode's own columns (carriers, and ports for ocean) from the mode.
 *
 * Custom field filters are a list's `cf` filters (custom-field-values.service.ts), read against the
 * rule's workspace's fields as they are now: one whose field was deleted since the rule was saved
 * matches nothing, so the rule stays as narrow as it was made (the rule editor says so).
 *
 * Favourites are personal (ADR 0033), so "favourites only" needs a person: it means the favourites of
 * the rule's owner (`ownerId`: who made it, and for a personal rule the one who hears it). A workspace
 * rule an admin made watches the admin's stars, whoever it notifies; the rule form says so. A rule
 * whose owner is gone (account deleted) has no favourites and matches nothing.
 */
export async function filtersSql(
  db: Database,
  rule: {
    workspaceId: string;
    mode: TrackingMode;
    filters: StoredAlertFilters;
    ownerId: string | null;
  },
): Promise<SQL | undefined> {
  const { mode, filters, ownerId } = rule;
  const { table, alerts } = modeFeatures(mode);
  const companies = filters.companies ?? [];
  const customFields = filters.customFields ?? [];
  return and(
    anyTag(table.tags, filters.tags),
    companies.length ? namesAnyCompany(table, companies) : undefined,
    alerts.filters({ ...filters, companies, customFields }),
    filters.favoritesOnly ? isFavoriteOf(mode, table.id, ownerId) : undefined,
    ...(await savedCustomFilterConditions(db, rule.workspaceId, table, customFields)),
  );
}
