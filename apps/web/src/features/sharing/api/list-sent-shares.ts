import { queryOptions, useQuery } from '@tanstack/react-query';
import { sentShareSchema, type SentShare } from '@tracklane/shared/sharing/sharing.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { workspaceSharesQueryKey } from './keys';

/** Who one shipment of the workspace is shared with. */
export async function listSentShares(
  mode: TrackingMode,
  shipmentId: string,
  signal?: AbortSignal,
): Promise<SentShare[]> {
  return z
    .array(sentShareSchema)
    .parse(await api.get<unknown>('/api/shares', { signal, query: { shipmentType: mode, shipmentId } }));
}

export const sentSharesQueryOptions = (mode: TrackingMode, shipmentId: string) =>
  queryOptions({
    queryKey: workspaceSharesQueryKey(mode, 'people', shipmentId),
    queryFn: ({ signal }) => listSentShares(mode, shipmentId, signal),
  });

export function useSentShares(mode: TrackingMode, shipmentId: string | null) {
  return useQuery({ ...sentSharesQueryOptions(mode, shipmentId ?? ''), enabled: shipmentId !== null });
}
