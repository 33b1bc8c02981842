import type { AppContext } from '../../app-context';
import { oceanShipments } from '../../db/schema/tracking';
import type { Tenant } from '../../tenancy/tenant';
import { moveArchive } from '../tracking/archive.service';
import { countTabs } from './ocean-shipments.service';

/** Moves ocean shipments between the active and archived tabs: {@link moveArchive}. */
export function setArchived(
  ctx: Pick<AppContext, 'pool' | 'tracking' | 'jobs'>,
  tenant: Pick<Tenant, 'organizationId' | 'workspaceId'>,
  ids: string[],
  archived: boolean,
) {
  return moveArchive(ctx, tenant, { mode: 'ocean', table: oceanShipments, countTabs }, ids, archived);
}
