import { useMutation, useQueryClient } from '@tanstack/react-query';
import { selectionSchema, type PermissionEntry } from '@tracklane/shared/organizations/organizations.schema';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { refreshOrganizationData } from '../../../lib/tenant-queries';

export const UPDATE_PERMISSIONS_PATH = '/api/workspaces/permissions/update';

const updateResultSchema = z.object({
  /** The acting user's own entry was among them: they must re-select (spec §4). */
  you: z.boolean(),
  selection: selectionSchema,
});

export type UpdatePermissionsResult = z.infer<typeof updateResultSchema> & { message: string };

/** Sets role, shipment permission and workspaces of members, all or nothing (spec §3, §7). */
export async function updatePermissions(entries: PermissionEntry[]): Promise<UpdatePermissionsResult> {
  const envelope = await apiRequest<unknown>(UPDATE_PERMISSIONS_PATH, { method: 'PATCH', body: { entries } });
  return { ...updateResultSchema.parse(envelope.result), message: envelope.message };
}

export function useUpdatePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePermissions,
    onSuccess: () => refreshOrganizationData(queryClient),
  });
}
