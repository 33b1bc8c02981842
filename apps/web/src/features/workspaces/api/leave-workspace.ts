import { useMutation } from '@tanstack/react-query';
import { selectionSchema } from '@tracklane/shared/organizations/organizations.schema';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export const LEAVE_WORKSPACE_PATH = '/api/workspaces/leave';

const leaveResultSchema = z.object({
  workspaceName: z.string(),
  removedFromOrganization: z.boolean(),
  /** Where the server moved the session: the user's own default workspace (spec §4). */
  selection: selectionSchema,
});

export type LeaveWorkspaceResult = z.infer<typeof leaveResultSchema>;

/** Leaves a workspace; leaving the organization's only one leaves the organization too (spec §6). */
export async function leaveWorkspace(workspaceId: string): Promise<LeaveWorkspaceResult> {
  return leaveResultSchema.parse(await api.patch<unknown>(LEAVE_WORKSPACE_PATH, { workspaceId }));
}

export function useLeaveWorkspace() {
  return useMutation({ mutationFn: leaveWorkspace });
}
