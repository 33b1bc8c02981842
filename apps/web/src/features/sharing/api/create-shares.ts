import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createSharesResultSchema,
  type CreateSharesRequest,
  type CreateSharesResult,
} from '@tracklane/shared/sharing/sharing.schema';
import { api } from '../../../lib/api-client';
import { workspaceSharesQueryKey } from './keys';

/** Shares shipments of the workspace with people by e-mail: how many addresses it went to. */
export async function createShares(input: CreateSharesRequest): Promise<CreateSharesResult> {
  return createSharesResultSchema.parse(await api.post<unknown>('/api/shares', input));
}

export function useCreateShares() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShares,
    onSuccess: (_result, input) =>
      queryClient.invalidateQueries({ queryKey: workspaceSharesQueryKey(input.shipmentType) }),
  });
}
