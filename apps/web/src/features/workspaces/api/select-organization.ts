import { selectionSchema, type Selection } from '@tracklane/shared/organizations/organizations.schema';
import { api } from '../../../lib/api-client';

export const SELECT_ORGANIZATION_PATH = '/api/organization/currentId';

/**
 * Makes an organization the session's current one, landing in its default workspace or the first the
 * user is in (spec §7); workspaceId is null when they are in none.
 */
export async function selectOrganization(organizationId: string): Promise<Selection> {
  return selectionSchema.parse(await api.post<unknown>(SELECT_ORGANIZATION_PATH, { organizationId }));
}
