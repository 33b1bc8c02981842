import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  shipmentFreeTimeSchema,
  type FreeTimeTerms,
  type ShipmentFreeTime,
} from '@tracklane/shared/free-time/free-time.schema';
import { api, apiRequest } from '../../../lib/api-client';
import { tenantQueryKey } from '../../../lib/tenant-queries';
import { OCEAN_SHIPMENTS_PATH, OCEAN_SHIPMENTS_QUERY_KEY } from './list-ocean-shipments';

/*
 * A container's free time: its demurrage and detention terms and its last free day (ADR 0031, 0039),
 * an ocean shipment's own. The workspace's and carriers' defaults are the free-time feature's.
 */

const shipmentPath = (shipmentId: string) => `${OCEAN_SHIPMENTS_PATH}/${encodeURIComponent(shipmentId)}`;
const pathOf = (shipmentId: string) => `${shipmentPath(shipmentId)}/free-time`;

/** One shipment's terms (and where they come from), milestones and port time zone. */
export async function getShipmentFreeTime(
  shipmentId: string,
  signal?: AbortSignal,
): Promise<ShipmentFreeTime> {
  return shipmentFreeTimeSchema.parse(await api.get<unknown>(pathOf(shipmentId), { signal }));
}

export const shipmentFreeTimeQueryOptions = (shipmentId: string) =>
  queryOptions({
    queryKey: tenantQueryKey('shipment-free-time', shipmentId),
    queryFn: ({ signal }) => getShipmentFreeTime(shipmentId, signal),
  });

export function useShipmentFreeTime(shipmentId: string) {
  return useQuery(shipmentFreeTimeQueryOptions(shipmentId));
}

/** Sets a shipment's own terms, or (null) lets it follow the defaults again. */
export async function setShipmentFreeTime(input: { shipmentId: string; terms: FreeTimeTerms | null }) {
  const envelope = await apiRequest<unknown>(pathOf(input.shipmentId), {
    method: 'PUT',
    body: { terms: input.terms },
  });
  return shipmentFreeTimeSchema.parse(envelope.result);
}

export function useSetShipmentFreeTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setShipmentFreeTime,
    onSuccess: (result, input) =>
      queryClient.setQueryData(shipmentFreeTimeQueryOptions(input.shipmentId).queryKey, result),
  });
}

/** Sets a shipment's last free day by hand (YYYY-MM-DD), or (null) removes it (ADR 0039). */
export async function setManualLastFreeDay(input: { shipmentId: string; lastFreeDay: string | null }) {
  const envelope = await apiRequest<unknown>(`${shipmentPath(input.shipmentId)}/last-free-day`, {
    method: 'PUT',
    body: { lastFreeDay: input.lastFreeDay },
  });
  return shipmentFreeTimeSchema.parse(envelope.result);
}

export function useSetManualLastFreeDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setManualLastFreeDay,
    onSuccess: (result, input) => {
      queryClient.setQueryData(shipmentFreeTimeQueryOptions(input.shipmentId).queryKey, result);
      // The detail's and the lists' clocks name the new day too.
      void queryClient.invalidateQueries({ queryKey: OCEAN_SHIPMENTS_QUERY_KEY });
    },
  });
}
