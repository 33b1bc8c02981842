import { queryOptions, useQuery } from '@tanstack/react-query';
import { shipmentPlaceSchema, type ShipmentPlace } from '@tracklane/shared/tracking/ocean/shipment-places';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export const LOCATE_OCEAN_PATH = '/api/shipments/ocean/locate';

/** The user's workspaces that track this container and bill of lading (any workspace, not only this one). */
export async function locateOceanShipment(
  containerNo: string,
  mblNo: string,
  signal?: AbortSignal,
): Promise<ShipmentPlace[]> {
  return z
    .array(shipmentPlaceSchema)
    .parse(await api.get<unknown>(LOCATE_OCEAN_PATH, { query: { containerNo, mblNo }, signal }));
}

export const locateOceanShipmentQueryOptions = (containerNo: string, mblNo: string) =>
  queryOptions({
    // The user's, whichever workspace is open: not a tenant query.
    queryKey: ['shipment-places', 'ocean', containerNo.toUpperCase(), mblNo.toUpperCase()],
    queryFn: ({ signal }) => locateOceanShipment(containerNo, mblNo, signal),
  });

/** Asked only when `enabled`: the detail found no such shipment in this workspace. */
export function useLocateOceanShipment(containerNo: string, mblNo: string, enabled: boolean) {
  return useQuery({ ...locateOceanShipmentQueryOptions(containerNo, mblNo), enabled });
}
