import { sql, type SQL } from 'drizzle-orm';
import type { SearchTerms } from '@tracklane/shared/search/search-query';
import { expressShipments } from '../../db/schema/tracking';
import {
  CANDIDATES,
  customFieldBranch,
  STANDING,
  startsWith,
  referenceBranches,
  tagBranch,
} from '../search/search-branches';

/**
 * How express parcels are searched in the workspace `w.id` (search-branches.ts): by the whole parcel
 * number, by its beginning (one branch per list tab), by tag, by reference and by custom field value. A parcel not found ranks between
 * active and archived ones.
 */
export function expressSearchBranches(t: SearchTerms): SQL[] {
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
    ...referenceBranches(sql`${expressShipments}`, columns, standing, t),
    customFieldBranch(sql`${expressShipments}`, 'express', columns, standing, t),
  ];
}
