import { selectionSchema, type Selection } from '@tracklane/shared/organizations/organizations.schema';
import { api } from '../../../lib/api-client';

export const SELECT_WORKSPACE_PATH = '/api/workspaces/currentId';

/**
 * Makes a workspace the session's current one; its organization comes with it (spec §7). 404 when
 * the user is no longer a member.
 */
export async function selectWorkspace(workspaceId: string): Promise<Selection> {
  return selectionSchema.parse(await api.post<unknown>(SELECT_WORKSPACE_PATH, { workspaceId }));
}
