import { sql, type SQL } from 'drizzle-orm';
import type { SearchTerms } from '@tracklane/shared/search/search-query';
import { CANDIDATES, STANDING, startsWith, tagBranch } from '../../../src/modules/search/search-branches';
import { airShipments as air } from './air-schema';

/**
 * How air waybills are searched in the workspace `w.id` (search-branches.ts): by the beginning of the
 * AWB (compared as a parcel number is: upper case, no dashes or spaces), and by tag. The test table
 * has no list index: each branch reads the workspace's few rows.
 */
export function airSearchBranches(t: SearchTerms): SQL[] {
  const columns = sql`'air'::text AS mode, s.id, s.awb AS number, s.airline AS reference,
    s.airline AS carrier, s.state, s.status, s.archived, s.tags, s.created_at`;
  const standing = sql`CASE WHEN s.archived THEN ${STANDING.archived} ELSE ${STANDING.active} END`;
  return [
    sql`
    SELECT ${columns}, 'trackingNo' AS field, s.awb AS value, s.awb = ${t.parcel} AS exact,
      ${standing} AS standing
    FROM ${air} s
    WHERE s.workspace_id = w.id AND s.awb LIKE ${startsWith(t.parcel)}
    ORDER BY exact DESC, standing, s.created_at DESC, s.id DESC LIMIT ${CANDIDATES}`,
    tagBranch(sql`${air}`, columns, standing, t),
  ];
}
