import { queryOptions, useQuery } from '@tanstack/react-query';
import { sharedShipmentSchema } from '@tracklane/shared/sharing/sharing.schema';
import type { SiteType } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { SHARED_WITH_ME_QUERY_KEY } from './keys';
import { useFollowShipment, useLiveSocketUp } from '../../../lib/live-pages-store';

/**
 * A shipment shared with the signed-in user, live and without the sharer's money; 404 when it is not (or
 * no longer) shared with them.
 */
export async function getSharedShipment(type: SiteType, overallId: string, signal?: AbortSignal) {
  return sharedShipmentSchema.parse(
    await api.get<unknown>(
      `/api/shipment-history/${type}/shared-history/details/${encodeURIComponent(overallId)}`,
      { signal },
    ),
  );
}

/** Same first-check polling as the workspace's own detail pages. */
const PENDING_POLL_MS = 3_000;

export const sharedShipmentQueryOptions = (type: SiteType, overallId: string) =>
  queryOptions({
    queryKey: [...SHARED_WITH_ME_QUERY_KEY, 'detail', type, overallId],
    queryFn: ({ signal }) => getSharedShipment(type, overallId, signal),
    retry: false,
  });

export function useSharedShipment(type: SiteType, overallId: string) {
  const socketUp = useLiveSocketUp();
  const query = useQuery({
    ...sharedShipmentQueryOptions(type, overallId),
    refetchInterval: (query) =>
      !socketUp && (query.state.data?.ocean ?? query.state.data?.express)?.state === 'pending'
        ? PENDING_POLL_MS
        : false,
  });
  // The shared shipment's topic: its data, or a revocation, refetches the page.
  useFollowShipment(query.data?.ocean?.shipmentOverallId ?? query.data?.express?.expressOrderId);
  return query;
}
