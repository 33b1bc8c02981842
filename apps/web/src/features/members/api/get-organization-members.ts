import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  organizationMemberSchema,
  type OrganizationMember,
} from '@tracklane/shared/organizations/organizations.schema';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { tenantQueryKey } from '../../../lib/tenant-queries';
import { MEMBERS_PATH } from './get-workspace-members';

/** Everyone in the current organization with role, permission and workspaces (admins only, else 403). */
export async function getOrganizationMembers(signal?: AbortSignal): Promise<OrganizationMember[]> {
  return z
    .array(organizationMemberSchema)
    .parse(await api.get<unknown>(MEMBERS_PATH, { query: { scope: 'organization' }, signal }));
}

export const organizationMembersQueryOptions = () =>
  queryOptions({
    queryKey: tenantQueryKey('members', 'organization'),
    queryFn: ({ signal }) => getOrganizationMembers(signal),
  });

export function useOrganizationMembers() {
  return useQuery(organizationMembersQueryOptions());
}
