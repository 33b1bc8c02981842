import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { refreshOrganizationData } from '../../../lib/tenant-queries';

export const DELETE_WORKSPACE_PATH = '/api/workspaces/delete';

/** Deletes a workspace of the current organization (never the default one); answers "Deleted {name}". */
export async function deleteWorkspace(workspaceId: string): Promise<{ message: string }> {
  const envelope = await apiRequest<null>(DELETE_WORKSPACE_PATH, {
    method: 'DELETE',
    query: { workspaceId },
  });
  return { message: envelope.message };
}

export function useDeleteWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkspace,
    onSuccess: () => refreshOrganizationData(queryClient),
  });
}
