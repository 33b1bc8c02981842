import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaceSchema, type Workspace } from '@tracklane/shared/organizations/organizations.schema';
import { api } from '../../../lib/api-client';
import { appendImageChange, type ImageChange } from '../../../lib/entity-image';
import { refreshOrganizationData } from '../../../lib/tenant-queries';

export const UPDATE_WORKSPACE_PATH = '/api/workspaces/update';

export interface UpdateWorkspaceInput {
  workspaceId: string;
  workspaceName: string;
  image: ImageChange;
}

/**
 * Renames a workspace and keeps, replaces or removes its image in one multipart call (spec §7). The
 * server judges an image by its bytes: 415 for another type, 413 when too large.
 */
export async function updateWorkspace(input: UpdateWorkspaceInput): Promise<Workspace> {
  const form = new FormData();
  form.append('workspaceId', input.workspaceId);
  form.append('workspaceName', input.workspaceName);
  appendImageChange(form, input.image);
  return workspaceSchema.parse(await api.post<unknown>(UPDATE_WORKSPACE_PATH, form));
}

export function useUpdateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkspace,
    onSuccess: () => refreshOrganizationData(queryClient),
  });
}
