import { sql } from 'drizzle-orm';
import { OCEAN_CARRIERS } from '@tracklane/shared/tracking/ocean/carriers';
import { portByLocode } from '@tracklane/shared/tracking/ocean/ports';
import type { Database } from '../../db/client';
import { oceanShipments } from '../../db/schema/tracking';
import { inWorkspace } from '../../tenancy/scope';
import { listWorkspaceTags } from '../shipment-tags/shipment-tags.service';

/** Filter options: every known carrier, and the POLs, PODs and tags that occur in the workspace. */
export async function listOceanOptions(db: Database, workspaceId: string) {
  const [ports, tags] = await Promise.all([
    db.execute<{ kind: string; locode: string }>(sql`
    SELECT DISTINCT 'pol' AS kind, pol_locode AS locode FROM ${oceanShipments} WHERE ${inWorkspace({ workspaceId }, oceanShipments)} AND pol_locode IS NOT NULL
    UNION
    SELECT DISTINCT 'pod', pod_locode FROM ${oceanShipments} WHERE ${inWorkspace({ workspaceId }, oceanShipments)} AND pod_locode IS NOT NULL`),
    listWorkspaceTags(db, workspaceId, 'ocean'),
  ]);
  const toPorts = (kind: string) =>
    ports.rows
      .filter((r) => r.kind === kind)
      .map((r) => ({ locode: r.locode, name: portByLocode(r.locode)?.name ?? null }))
      .sort((a, b) => (a.name ?? a.locode).localeCompare(b.name ?? b.locode));
  return {
    carriers: OCEAN_CARRIERS.map((c) => ({ scac: c.scac, name: c.name })),
    pols: toPorts('pol'),
    pods: toPorts('pod'),
    tags,
  };
}
