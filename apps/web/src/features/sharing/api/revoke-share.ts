import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { api } from '../../../lib/api-client';
import { workspaceSharesQueryKey } from './keys';

/** Stops sharing a shipment with one person: their access ends at once. */
export async function revokeShare(shareId: string): Promise<void> {
  await api.delete<unknown>(`/api/shares/${encodeURIComponent(shareId)}`);
}

export function useRevokeShare(mode: TrackingMode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeShare,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspaceSharesQueryKey(mode) }),
  });
}
