import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_RESULT_LIMIT, searchTerms, type SearchTerms } from '@tracklane/shared/search/search-query';
import { searchMatchLabel, type SearchField } from '@tracklane/shared/search/search.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { Database } from '../../db/client';
import { allModeFeatures, modePresentation } from '../../modes';
import type { ModeSearchResult } from '../tracking/mode-presentation';
import { CANDIDATES } from './search-branches';
import { listShipmentWorkspaces, type ShipmentWorkspace } from '../../tenancy/memberships';

/**
 * The columns every branch gives, in one order (UNION ALL): the shipment, what matched it, whether the
 * whole value matched, and its standing (search-branches.ts).
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
 * The search's one statement over the given workspaces (the caller's, from the memberships query),
 * unexecuted (bench/search.bench.ts explains it): every searchable mode's branches (its presentation's
 * searchBranches, search-branches.ts) for each workspace,
 * each shipment once, by its best match (a whole value before a beginning, a number before a tag),
 * ranked exact matches first, then active before archived, then the most recently added.
 */
export function searchQuery(workspaceIds: readonly string[], terms: SearchTerms): SQL {
  const branches = allModeFeatures().flatMap(
    ({ presentation }) => presentation.searchBranches?.(terms) ?? [],
  );
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

function toResult(row: HitRow, place: ShipmentWorkspace): ModeSearchResult {
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
export async function searchShipments(
  db: Database,
  userId: string,
  query: string,
): Promise<{ items: ModeSearchResult[]; truncated: boolean }> {
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
