import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createdShareLinkSchema,
  shareLinkSchema,
  type CreateShareLinkRequest,
  type ShareLink,
} from '@tracklane/shared/sharing/sharing.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { workspaceSharesQueryKey } from './keys';

/** The workspace's public links that contain one shipment, newest first. */
export async function listShareLinks(
  mode: TrackingMode,
  shipmentId: string,
  signal?: AbortSignal,
): Promise<ShareLink[]> {
  return z
    .array(shareLinkSchema)
    .parse(await api.get<unknown>('/api/share-links', { signal, query: { shipmentType: mode, shipmentId } }));
}

export const shareLinksQueryOptions = (mode: TrackingMode, shipmentId: string) =>
  queryOptions({
    queryKey: workspaceSharesQueryKey(mode, 'links', shipmentId),
    queryFn: ({ signal }) => listShareLinks(mode, shipmentId, signal),
  });

export function useShareLinks(mode: TrackingMode, shipmentId: string | null) {
  return useQuery({ ...shareLinksQueryOptions(mode, shipmentId ?? ''), enabled: shipmentId !== null });
}

/** Publishes shipments under a new link; the answer carries its token, shown this once. */
export async function createShareLink(input: CreateShareLinkRequest) {
  return createdShareLinkSchema.parse(await api.post<unknown>('/api/share-links', input));
}

export function useCreateShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShareLink,
    onSuccess: (_link, input) =>
      queryClient.invalidateQueries({ queryKey: workspaceSharesQueryKey(input.shipmentType) }),
  });
}

/** Revokes a link: it answers "expired" from now on. */
export async function revokeShareLink(id: string): Promise<void> {
  await api.delete<unknown>(`/api/share-links/${encodeURIComponent(id)}`);
}

export function useRevokeShareLink(mode: TrackingMode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeShareLink,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspaceSharesQueryKey(mode) }),
  });
}
