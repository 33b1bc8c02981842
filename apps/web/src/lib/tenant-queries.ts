import type { QueryClient } from '@tanstack/react-query';

/**
 * The server answers tenant calls (overview, members, the organization's workspaces) for the
 * session's selected organization and workspace, which is not part of the URL. Their query keys all
 * start with this prefix so that a switch can reset every one of them at once.
 */
export const TENANT_QUERY_KEY = ['tenant'] as const;

export function tenantQueryKey<const T extends readonly unknown[]>(...parts: T) {
  return [...TENANT_QUERY_KEY, ...parts] as const;
}

/** The user's organizations with their workspaces: the same whichever workspace is selected. */
export const ORGANIZATIONS_QUERY_KEY = ['organizations'] as const;

/**
 * After a write that changes organizations or workspaces (names, images, membership), everything the
 * shell shows about them is refetched: the rail and top bar, and the tenant pages.
 */
export async function refreshOrganizationData(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ORGANIZATIONS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: TENANT_QUERY_KEY }),
  ]);
}
