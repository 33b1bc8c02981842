import { queryOptions, useQuery } from '@tanstack/react-query';
import { sharedShipmentSchema, type SharedShipment } from '@tracklane/shared/sharing/sharing.schema';
import type { SiteType } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { SHARED_WITH_ME_QUERY_KEY } from './keys';
import { useFollowShipment, useLiveSocketUp } from '../../../lib/live-pages-store';
import type { ModeDefinition } from '../../../modes/mode-definition';
import { MODE_LIST } from '../../../modes/registry';

/** The mode of a shipment shared with me and its detail: the first mode whose field the answer fills. */
export function sharedDetailOf(
  shipment: SharedShipment | undefined,
): { definition: ModeDefinition; detail: Record<string, unknown> } | null {
  if (!shipment) return null;
  for (const definition of MODE_LIST) {
    const detail: unknown = (shipment as Record<string, unknown>)[definition.live.sharedField];
    if (typeof detail === 'object' && detail !== null)
      return { definition, detail: detail as Record<string, unknown> };
  }
  return null;
}

/** The shared detail's shipment id, as its mode's answers name it. */
function sharedShipmentId(shipment: SharedShipment | undefined): string | undefined {
  const shared = sharedDetailOf(shipment);
  const id = shared?.detail[shared.definition.live.idField];
  return typeof id === 'string' ? id : undefined;
}

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
      !socketUp && sharedDetailOf(query.state.data)?.detail.state === 'pending' ? PENDING_POLL_MS : false,
  });
  // The shared shipment's topic: its data, or a revocation, refetches the page.
  useFollowShipment(sharedShipmentId(query.data));
  return query;
}
