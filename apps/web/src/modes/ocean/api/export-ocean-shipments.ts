import type { OceanListItem } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { OCEAN_LIST_MAX_LIMIT } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { listAllPages } from '../../../shipment-list/shipment-list-api';
import { listOceanShipments, type OceanListFilters, type OceanListStatus } from './list-ocean-shipments';

/**
 * Every shipment of a list under the current filters and sort, page after page of the largest size the
 * server gives. `onProgress` hears the running count, for the export's progress.
 */
export function listAllOceanShipments(
  status: OceanListStatus,
  filters: OceanListFilters,
  onProgress?: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<OceanListItem[]> {
  return listAllPages(async (cursor) => {
    const page = await listOceanShipments({ status, filters, cursor, limit: OCEAN_LIST_MAX_LIMIT }, signal);
    return {
      items: page.items,
      total: status === 'active' ? page.activeCount : page.archivedCount,
      nextCursor: page.nextCursor,
    };
  }, onProgress);
}
