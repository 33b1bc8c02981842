import type { OceanShipment } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { OCEAN_LIST_MAX_LIMIT } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { listOceanShipments, type OceanListFilters, type OceanListStatus } from './list-ocean-shipments';

/**
 * Every shipment of a list under the current filters and sort, page after page of the largest size the
 * server gives. `onProgress` hears the running count, for the export's progress.
 */
export async function listAllOceanShipments(
  status: OceanListStatus,
  filters: OceanListFilters,
  onProgress?: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<OceanShipment[]> {
  const all: OceanShipment[] = [];
  let cursor: string | null = null;
  do {
    const page = await listOceanShipments({ status, filters, cursor, limit: OCEAN_LIST_MAX_LIMIT }, signal);
    all.push(...page.items);
    onProgress?.(all.length, status === 'active' ? page.activeCount : page.archivedCount);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}
