import { queryOptions } from '@tanstack/react-query';
import { selectionSchema, type Selection } from '@tracklane/shared/organizations/organizations.schema';
import { api } from '../../../lib/api-client';

export const CONFIRM_SELECTION_PATH = '/api/workspaces/setCookies';

/**
 * The session's organization and workspace, checked by the server and repaired when no longer valid
 * (spec §7 setCookies). The selection lives on the server; the body is ignored.
 */
export async function confirmSelection(): Promise<Selection> {
  return selectionSchema.parse(await api.post<unknown>(CONFIRM_SELECTION_PATH, {}));
}

export const selectionQueryOptions = () =>
  queryOptions({
    queryKey: ['workspace-selection'] as const,
    queryFn: confirmSelection,
    // Changes only through this client's switches (which write the cache) or a refused write (409).
    staleTime: Infinity,
  });
