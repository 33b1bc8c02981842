import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_RESULT_LIMIT, searchTerms, type SearchTerms } from '@tracklane/shared/search/search-query';
import {
  searchFieldName,
  searchMatchLabel,
  type SearchField,
  type SearchMatch,
} from '@tracklane/shared/search/search.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { Database } from '../../db/client';
import { allModeFeatures, modePresentation } from '../../modes';
import type { ModeSearchResult } from '../tracking/mode-presentation';
import { CANDIDATES, CUSTOM_FIELD_MATCH } from './search-branches';
import { customFields } from '../../db/schema/custom-fields';
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
  /** A SearchField, or `customField:<field id>` (search-branches.ts). */
  field: string;
  value: string;
  exact: boolean;
  standing: number;
  /** The name of the custom field that matched, read with it (null for other fields). */
  custom_field_name: string | null;
}

/**
 * The search's one statement over the given workspaces (the caller's, from the memberships query),
 * unexecuted (bench/search.bench.ts explains it): every searchable mode's branches (its presentation's
 * searchBranches, search-branches.ts) for each workspace,
 * each shipment once, by its best match (a whole value before a beginning, a number or reference
 * before a custom field value, a custom field value before a tag), ranked exact matches first, then
 * active before archived, then the most recently added. A custom field's name is read with its match
 * (custom_field_name).
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
      ORDER BY mode, id, exact DESC, field = 'tag', field LIKE ${`${CUSTOM_FIELD_MATCH}%`}, field
    )
    SELECT best.*, f.name AS custom_field_name FROM best
    LEFT JOIN ${customFields} f
      ON best.field LIKE ${`${CUSTOM_FIELD_MATCH}%`}
      AND f.id::text = substr(best.field, ${CUSTOM_FIELD_MATCH.length + 1})
      AND f.workspace_id = best.workspace_id
    ORDER BY best.exact DESC, best.standing, best.created_at DESC, best.id DESC
    LIMIT ${CANDIDATES}`;
}

/** What matched a row: its field, or the custom field named by its id and name. */
function matchOf(row: HitRow): SearchMatch {
  const base = { value: row.value, exact: row.exact };
  if (row.field.startsWith(CUSTOM_FIELD_MATCH)) {
    const name = row.custom_field_name;
    return {
      ...base,
      field: 'customField',
      customFieldId: row.field.slice(CUSTOM_FIELD_MATCH.length),
      fieldName: searchFieldName('customField', name),
      label: searchMatchLabel('customField', row.value, name),
    };
  }
  const field = row.field as SearchField;
  return { ...base, field, fieldName: searchFieldName(field), label: searchMatchLabel(field, row.value) };
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
    match: matchOf(row),
  };
  return modePresentation(row.mode).searchResult(common, row);
}

/**
 * GET /api/search: shipments whose container number, bill of lading, parcel number, tag, reference or
 * custom field text begins with the query (normalised as intake stores each; a PO number whole), in every workspace the user may see shipments in and
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
