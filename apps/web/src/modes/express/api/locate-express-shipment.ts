import { queryOptions, useQuery } from '@tanstack/react-query';
import { shipmentPlaceSchema, type ShipmentPlace } from '@tracklane/shared/tracking/ocean/shipment-places';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export const LOCATE_EXPRESS_PATH = '/api/shipments/express/locate';

/** The user's workspaces that track this parcel number, each with the parcel's id there. */
export async function locateExpressShipment(
  expressOrderNo: string,
  signal?: AbortSignal,
): Promise<ShipmentPlace[]> {
  return z
    .array(shipmentPlaceSchema)
    .parse(await api.get<unknown>(LOCATE_EXPRESS_PATH, { query: { expressOrderNo }, signal }));
}

export const locateExpressShipmentQueryOptions = (expressOrderNo: string) =>
  queryOptions({
    // The user's, whichever workspace is open: not a tenant query.
    queryKey: ['shipment-places', 'express', expressOrderNo.toUpperCase()],
    queryFn: ({ signal }) => locateExpressShipment(expressOrderNo, signal),
  });

/** Asked only when `enabled`: the detail found no such parcel in this workspace. */
export function useLocateExpressShipment(expressOrderNo: string, enabled: boolean) {
  return useQuery({ ...locateExpressShipmentQueryOptions(expressOrderNo), enabled });
}
