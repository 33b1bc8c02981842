import { sql, type SQL } from 'drizzle-orm';
import type { SearchTerms } from '@tracklane/shared/search/search-query';
import { oceanShipments } from '../../db/schema/tracking';
import {
  CANDIDATES,
  customFieldBranch,
  STANDING,
  startsWith,
  referenceBranches,
  tagBranch,
} from '../search/search-branches';

/**
 * How ocean shipments are searched in the workspace `w.id` (search-branches.ts): by the whole
 * container or bill number, by their beginnings (active, then archived: the list indexes), by tag, by reference and by custom field value.
 */
export function oceanSearchBranches(t: SearchTerms): SQL[] {
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
    ...referenceBranches(sql`${oceanShipments}`, columns, standing, t),
    customFieldBranch(sql`${oceanShipments}`, 'ocean', columns, standing, t),
  ];
}
