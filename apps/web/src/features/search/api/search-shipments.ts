import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { isSearchable } from '@tracklane/shared/search/search-query';
import type { SearchAnswer } from '@tracklane/shared/search/search.schema';
import { api } from '../../../lib/api-client';

// Its schemas load with the first answer, not with the shell: the box is on every signed-in page, a
// search is typed on few of them (zod builds a module's schemas as it loads).
const schemas = () => import('@tracklane/shared/search/search.schema');

export const SEARCH_PATH = '/api/search';

/** Across all the user's workspaces: the same whichever is selected, so not tenant-keyed. */
export const SEARCH_QUERY_KEY = ['search'] as const;

/** GET /api/search: the user's shipments whose numbers or tags begin with `query`, in every workspace. */
export async function searchShipments(query: string, signal?: AbortSignal): Promise<SearchAnswer> {
  const [{ searchAnswerSchema }, body] = await Promise.all([
    schemas(),
    api.get<unknown>(SEARCH_PATH, { signal, query: { q: query } }),
  ]);
  return searchAnswerSchema.parse(body);
}

export const searchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [...SEARCH_QUERY_KEY, query] as const,
    queryFn: ({ signal }) => searchShipments(query, signal),
    // Typing back to an earlier text shows its answer at once; a shipment added since shows a moment later.
    staleTime: 15_000,
    // A box one types into does not spin through retries: the failure shows with a Try again, and the
    // next keystroke asks anew.
    retry: false,
  });

/**
 * The answer for the box's (debounced) text, asked only once it is searchable; the previous answer
 * stays on screen while the next one loads, so the list does not blink at every keystroke.
 */
export function useShipmentSearch(query: string) {
  const text = query.trim();
  return useQuery({
    ...searchQueryOptions(text),
    enabled: isSearchable(text),
    placeholderData: keepPreviousData,
  });
}
