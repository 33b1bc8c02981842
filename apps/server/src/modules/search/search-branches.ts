import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_RESULT_LIMIT, type SearchTerms } from '@tracklane/shared/search/search-query';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { customFields, customFieldValues } from '../../db/schema/custom-fields';

/**
 * What every mode's search branches share (ModePresentation.searchBranches): each branch is a query
 * over one mode's subscriptions in the workspace `w.id` that an index answers in the order results
 * are ranked, limited to {@link CANDIDATES}, so that however many shipments share a prefix, a branch
 * reads a few rows. Every row another branch ranks above a row also ranks above it overall, so the
 * best {@link SEARCH_RESULT_LIMIT} overall are among them.
 *
 * A branch gives these columns, in this order (UNION ALL): mode, id, number, reference, carrier,
 * state, status, archived, tags, created_at, then field, value, exact and standing. `field` is a
 * SearchField, or for a custom field `customField:<field id>` ({@link CUSTOM_FIELD_MATCH}).
 */

/** One more than is sent: whether more matched. */
export const CANDIDATES = SEARCH_RESULT_LIMIT + 1;

/**
 * Active shipments come before archived ones; a shipment not found in between. Written into the SQL
 * as literals: a parameter's type would be unknown to the UNION.
 */
export const STANDING = {
  active: sql.raw('0'),
  notFound: sql.raw('1'),
  archived: sql.raw('2'),
} as const;

/** A LIKE pattern for values that begin with `term` (its %, _ and \ taken literally). */
export const startsWith = (term: string) => `${term.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The workspace's shipments in `table` with a tag that begins with the query, whatever its case; the
 * tag shown is the one equal to the query when there is one. Tags have no index a prefix can use: this
 * checks each of the workspace's tagged rows, read through the partial index of them (`*_tagged_idx`,
 * whose predicate `tags <> '{}'` is the one below; see docs/performance.md).
 */
export function tagBranch(table: SQL, columns: SQL, standing: SQL, t: SearchTerms): SQL {
  const tag = startsWith(t.tag);
  return sql`
    SELECT ${columns}, 'tag' AS field, matched.tag AS value, lower(matched.tag) = ${t.tag} AS exact,
      ${standing} AS standing
    FROM ${table} s
    CROSS JOIN LATERAL (
      SELECT u.tag FROM unnest(s.tags) AS u(tag)
      WHERE lower(u.tag) LIKE ${tag}
      ORDER BY lower(u.tag) = ${t.tag} DESC, u.tag LIMIT 1
    ) matched
    WHERE s.workspace_id = w.id AND s.tags <> '{}'
    ORDER BY exact DESC, standing, s.created_at DESC, s.id DESC LIMIT ${CANDIDATES}`;
}

/**
 * The workspace's shipments in `table` by its own references (references.schema.ts): a PO number
 * typed in full (the GIN index on po_numbers), and a customer reference or booking number by its
 * beginning, whatever its case (the (workspace_id, upper(…)) indexes).
 */
export function referenceBranches(table: SQL, columns: SQL, standing: SQL, t: SearchTerms): SQL[] {
  const prefix = startsWith(t.reference);
  const byText = (field: 'customerReference' | 'bookingNumber', column: SQL) => sql`
    SELECT ${columns}, ${field}::text AS field, ${column} AS value, upper(${column}) = ${t.reference} AS exact,
      ${standing} AS standing
    FROM ${table} s
    WHERE s.workspace_id = w.id AND upper(${column}) LIKE ${prefix}
    ORDER BY exact DESC, standing, s.created_at DESC, s.id DESC LIMIT ${CANDIDATES}`;
  return [
    sql`
    SELECT ${columns}, 'poNumber'::text AS field, ${t.reference}::text AS value, true AS exact,
      ${standing} AS standing
    FROM ${table} s
    WHERE s.workspace_id = w.id AND s.po_numbers @> ARRAY[${t.reference}::text]
    ORDER BY standing, s.created_at DESC, s.id DESC LIMIT ${CANDIDATES}`,
    byText('customerReference', sql.raw('s.customer_reference')),
    byText('bookingNumber', sql.raw('s.booking_number')),
  ];
}

/** How a custom field branch names its match in the `field` column: this, then the field's id. */
export const CUSTOM_FIELD_MATCH = 'customField:';

/** The custom field types whose values are texts a search can match (text_value). */
const SEARCHABLE_TYPES = ['text', 'link', 'choice', 'multi_choice'];

/**
 * The workspace's shipments in `table` (of `mode`) by the beginning of a custom field value (ADR
 * 0051), whatever its case: text, link and choice values, each of the workspace's own fields (never
 * another workspace's, whose ids and values are never read). One range of the values table's
 * (field_id, upper(text_value) text_pattern_ops) index per field of the workspace; a shipment found by
 * several values (a multiple choice, two fields) counts once, by its best: a whole value before a
 * beginning, then the field shown first.
 */
export function customFieldBranch(
  table: SQL,
  mode: TrackingMode,
  columns: SQL,
  standing: SQL,
  t: SearchTerms,
): SQL {
  const prefix = startsWith(t.reference);
  return sql`
    SELECT ${columns}, ${CUSTOM_FIELD_MATCH} || m.field_id::text AS field, m.value, m.exact AS exact,
      ${standing} AS standing
    FROM (
      SELECT DISTINCT ON (v.subscription_id) v.subscription_id, v.field_id, v.text_value AS value,
        upper(v.text_value) = ${t.reference} AS exact
      FROM ${customFields} f
      JOIN ${customFieldValues} v ON v.field_id = f.id
      WHERE f.workspace_id = w.id AND f.type = ANY(${sql.param(SEARCHABLE_TYPES)}::text[])
        AND v.workspace_id = w.id AND v.mode = ${mode}
        AND upper(v.text_value) LIKE ${prefix}
      ORDER BY v.subscription_id, exact DESC, f.position, v.text_value
    ) m
    JOIN ${table} s ON s.id = m.subscription_id
    WHERE s.workspace_id = w.id
    ORDER BY exact DESC, standing, s.created_at DESC, s.id DESC LIMIT ${CANDIDATES}`;
}
