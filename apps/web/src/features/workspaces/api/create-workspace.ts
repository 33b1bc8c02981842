import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaceSchema, type Workspace } from '@tracklane/shared/organizations/organizations.schema';
import { apiRequest } from '../../../lib/api-client';
import { refreshOrganizationData } from '../../../lib/tenant-queries';

export const CREATE_WORKSPACE_PATH = '/api/workspaces/create';

/** Creates a workspace in the current organization; the admin joins it. The message is "Created {name}". */
export async function createWorkspace(
  workspaceName: string,
): Promise<{ workspace: Workspace; message: string }> {
  const envelope = await apiRequest<unknown>(CREATE_WORKSPACE_PATH, {
    method: 'POST',
    body: { workspaceName },
  });
  return { workspace: workspaceSchema.parse(envelope.result), message: envelope.message };
}

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSuccess: () => refreshOrganizationData(queryClient),
  });
}
