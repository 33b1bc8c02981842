import type { AppContext } from '../../app-context';
import { expressShipments } from '../../db/schema/tracking';
import type { Tenant } from '../../tenancy/tenant';
import { moveArchive } from '../tracking/archive.service';
import { countExpressTabs } from './express-shipments.service';

/** Moves parcels between the archived tab and the others: {@link moveArchive}. */
export function setExpressArchived(
  ctx: Pick<AppContext, 'pool' | 'tracking' | 'jobs'>,
  tenant: Pick<Tenant, 'organizationId' | 'workspaceId'>,
  ids: string[],
  archived: boolean,
) {
  return moveArchive(
    ctx,
    tenant,
    { mode: 'express', table: expressShipments, countTabs: countExpressTabs },
    ids,
    archived,
  );
}
