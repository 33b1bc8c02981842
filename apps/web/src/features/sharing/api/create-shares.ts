import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createSharesResultSchema, type CreateSharesRequest } from '@tracklane/shared/sharing/sharing.schema';
import { apiRequest } from '../../../lib/api-client';
import { workspaceSharesQueryKey } from './keys';

/** Shares shipments of the workspace with people by e-mail. */
export async function createShares(input: CreateSharesRequest) {
  const envelope = await apiRequest<unknown>('/api/shares', { method: 'POST', body: input });
  return { ...createSharesResultSchema.parse(envelope.result), message: envelope.message };
}

export function useCreateShares() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShares,
    onSuccess: (_result, input) =>
      queryClient.invalidateQueries({ queryKey: workspaceSharesQueryKey(input.shipmentType) }),
  });
}
