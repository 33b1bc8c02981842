import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_RESULT_LIMIT, searchTerms, type SearchTerms } from '@tracklane/shared/search/search-query';
import {
  searchMatchLabel,
  type SearchAnswer,
  type SearchField,
  type SearchResult,
} from '@tracklane/shared/search/search.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { Database } from '../../db/client';
import { modePresentation } from '../../modes';
import { expressShipments, oceanShipments } from '../../db/schema/tracking';
import { listShipmentWorkspaces, type ShipmentWorkspace } from '../../tenancy/memberships';

/** One more than is sent: whether more matched. */
const CANDIDATES = SEARCH_RESULT_LIMIT + 1;

/**
 * Active shipments come before archived ones; an express parcel not found in between. Written into the
 * SQL as literals: a parameter's type would be unknown to the UNION.
 */
const STANDING = {
  active: sql.raw('0'),
  notFound: sql.raw('1'),
  archived: sql.raw('2'),
} as const;

/** A LIKE pattern for values that begin with `term` (its %, _ and \ taken literally). */
const startsWith = (term: string) => `${term.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The columns every branch gives, in one order (UNION ALL): the shipment, what matched it, whether the
 * whole value matched, and its standing ({@link STANDING}).
 */
interface HitRow extends Record<string, unknown> {
  workspace_id: string;
  mode: TrackingMode;
  id: string;
  number: string;
  reference: string;
  carrier: string;
  state: string;
  status: string | null;
  archived: boolean;
  tags: string[];
  created_at: Date | string;
  field: SearchField;
  value: string;
  exact: boolean;
  standing: number;
}

/**
 * How one mode's shipments are searched in the workspace `w.id`: each branch is a query that an index
 * answers in the order results are ranked, limited to {@link CANDIDATES}, so that however many
 * shipments share a prefix, a branch reads a few rows. Every row another branch ranks above a row
 * also ranks above it overall, so the best {@link SEARCH_RESULT_LIMIT} overall are among them.
 */
function oceanBranches(t: SearchTerms): SQL[] {
  const columns = sql`'ocean'::text AS mode, s.id, s.container_no AS number, s.mbl_no AS reference,
    s.carrier_scac AS carrier, s.state, s.status, s.archived, s.tags, s.created_at`;
  const standing = sql`CASE WHEN s.archived THEN ${STANDING.archived} ELSE ${STANDING.active} END`;
  const container = startsWith(t.container);
  const mbl = startsWith(t.mbl);
  const byContainer = sql`s.container_no LIKE ${container}`;
  const prefix = (archived: boolean) => sql`
    SELECT ${columns},
      CASE WHEN ${byContainer} THEN 'containerNo' ELSE 'mblNo' END AS field,
      CASE WHEN ${byContainer} THEN s.container_no ELSE s.mbl_no END AS value,
      CASE WHEN ${byContainer} THEN s.container_no = ${t.container} ELSE s.mbl_no = ${t.mbl} END AS exact,
      ${archived ? STANDING.archived : STANDING.active} AS standing
    FROM ${oceanShipments} s
    WHERE s.workspace_id = w.id AND s.archived = ${archived}
      AND (s.container_no LIKE ${container} OR s.mbl_no LIKE ${mbl})
    ORDER BY s.created_at DESC, s.id DESC LIMIT ${CANDIDATES}`;
  return [
    // The whole number: first whatever the prefix branches hold.
    sql`
    SELECT ${columns},
      CASE WHEN s.container_no = ${t.container} THEN 'containerNo' ELSE 'mblNo' END AS field,
      CASE WHEN s.container_no = ${t.container} THEN s.container_no ELSE s.mbl_no END AS value,
      true AS exact, ${standing} AS standing
    FROM ${oceanShipments} s
    WHERE s.workspace_id = w.id AND (s.container_no = ${t.container} OR s.mbl_no = ${t.mbl})
    ORDER BY s.archived, s.created_at DESC, s.id DESC LIMIT ${CANDIDATES}`,
    prefix(false),
    prefix(true),
    tagBranch(sql`${oceanShipments}`, columns, standing, t),
  ];
}

function expressBranches(t: SearchTerms): SQL[] {
  const columns = sql`'express'::text AS mode, s.id, s.tracking_no AS number, ''::text AS reference,
    s.carrier, s.state, s.status, s.archived, s.tags, s.created_at`;
  const standing = sql`CASE s.tab WHEN 'archived' THEN ${STANDING.archived}
    WHEN 'not_found' THEN ${STANDING.notFound} ELSE ${STANDING.active} END`;
  const parcel = startsWith(t.parcel);
  // One branch per list tab: its list index (workspace, tab, created_at, id, tracking_no) walks it
  // newest first and checks the number without reading the row.
  const prefix = (tab: 'active' | 'not_found' | 'archived', rank: SQL) => sql`
    SELECT ${columns}, 'trackingNo' AS field, s.tracking_no AS value,
      s.tracking_no = ${t.parcel} AS exact, ${rank} AS standing
    FROM ${expressShipments} s
    WHERE s.workspace_id = w.id AND s.tab = ${tab} AND s.tracking_no LIKE ${parcel}
    ORDER BY s.created_at DESC, s.id DESC LIMIT ${CANDIDATES}`;
  return [
    sql`
    SELECT ${columns}, 'trackingNo' AS field, s.tracking_no AS value, true AS exact, ${standing} AS standing
    FROM ${expressShipments} s
    WHERE s.workspace_id = w.id AND s.tracking_no = ${t.parcel}
    ORDER BY standing, s.created_at DESC, s.id DESC LIMIT ${CANDIDATES}`,
    prefix('active', STANDING.active),
    prefix('not_found', STANDING.notFound),
    prefix('archived', STANDING.archived),
    tagBranch(sql`${expressShipments}`, columns, standing, t),
  ];
}

/**
 * The workspace's shipments with a tag that begins with the query, whatever its case; the tag shown
 * is the one equal to the query when there is one. Tags have no index a prefix can use: this reads
 * the workspace's tagged rows (see docs/performance.md).
 */
function tagBranch(table: SQL, columns: SQL, standing: SQL, t: SearchTerms): SQL {
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
 * The search's one statement over the given workspaces (the caller's, from the memberships query),
 * unexecuted (bench/search.bench.ts explains it):
 * each shipment once, by its best match (a whole value before a beginning, a number before a tag),
 * ranked exact matches first, then active before archived, then the most recently added.
 */
export function searchQuery(workspaceIds: readonly string[], terms: SearchTerms): SQL {
  const branches = [...oceanBranches(terms), ...expressBranches(terms)];
  return sql`
    WITH hits AS (
      SELECT w.id AS workspace_id, h.*
      FROM unnest(${sql.param([...workspaceIds])}::uuid[]) AS w(id)
      CROSS JOIN LATERAL (${sql.join(
        branches.map((branch) => sql`(${branch})`),
        sql` UNION ALL `,
      )}) h
    ),
    best AS (
      SELECT DISTINCT ON (mode, id) * FROM hits
      ORDER BY mode, id, exact DESC, field = 'tag', field
    )
    SELECT * FROM best
    ORDER BY exact DESC, standing, created_at DESC, id DESC
    LIMIT ${CANDIDATES}`;
}

function toResult(row: HitRow, place: ShipmentWorkspace): SearchResult {
  const common = {
    shipmentId: row.id,
    workspace: { id: place.workspaceId, name: place.workspaceName },
    organization: { id: place.organizationId, name: place.organizationName },
    state: row.state,
    archived: row.archived,
    tags: row.tags,
    createdAt: new Date(row.created_at).toISOString(),
    match: {
      field: row.field,
      value: row.value,
      exact: row.exact,
      label: searchMatchLabel(row.field, row.value),
    },
  };
  return modePresentation(row.mode).searchResult(common, row);
}

/**
 * GET /api/search: shipments whose container number, bill of lading, parcel number or tag begins with
 * the query (normalised as intake stores each), in every workspace the user may see shipments in and
 * no other, at most {@link SEARCH_RESULT_LIMIT}, each naming its workspace and organization.
 *
 * @param query already checked as searchable (searchQuerySchema).
 */
export async function searchShipments(db: Database, userId: string, query: string): Promise<SearchAnswer> {
  const places = await listShipmentWorkspaces(db, userId);
  if (places.length === 0) return { items: [], truncated: false };
  const byId = new Map(places.map((place) => [place.workspaceId, place]));
  const { rows } = await db.execute<HitRow>(
    searchQuery(
      places.map((place) => place.workspaceId),
      searchTerms(query),
    ),
  );
  return {
    items: rows.slice(0, SEARCH_RESULT_LIMIT).map((row) => toResult(row, byId.get(row.workspace_id)!)),
    truncated: rows.length > SEARCH_RESULT_LIMIT,
  };
}
