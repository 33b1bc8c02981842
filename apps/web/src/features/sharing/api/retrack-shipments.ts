import { useMutation, useQueryClient } from '@tanstack/react-query';
import { retrackResultSchema } from '@tracklane/shared/sharing/sharing.schema';
import type { SiteType } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { TENANT_QUERY_KEY } from '../../../lib/tenant-queries';

/** Tracks shipments of the history again: archived ones come back within the plan's quota. */
export async function retrackShipments({ type, shipmentIds }: { type: SiteType; shipmentIds: string[] }) {
  return retrackResultSchema.parse(
    await api.post<unknown>(`/api/shipment-history/${type}/tracking-history/retrack`, { shipmentIds }),
  );
}

export function useRetrackShipments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retrackShipments,
    // The lists, counts and dashboards of the workspace all move.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TENANT_QUERY_KEY }),
  });
}
