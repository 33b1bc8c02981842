import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  reliabilityReportSchema,
  type ReliabilityQuery,
} from '@tracklane/shared/tracking/ocean/reliability/reliability.schema';
import { api } from '../../../lib/api-client';
import { RELIABILITY_QUERY_KEY } from '../../../lib/reliability';

export type ReliabilityScope = 'workspace' | 'organization';

/** The period choices: the last n months, this one included. */
export const PERIODS = [
  { value: '3', label: 'Last 3 months' },
  { value: '6', label: 'Last 6 months' },
  { value: '12', label: 'Last 12 months' },
  { value: '24', label: 'Last 24 months' },
] as const;

/** The first and last month (YYYY-MM, UTC) of the last `months` months, as the API takes them. */
export function periodMonths(months: number, today = new Date()): { from: string; to: string } {
  const month = (offset: number) =>
    new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
  return { from: month(1 - months), to: month(0) };
}

/** The query of a reliability question, without empty filters. */
export function reliabilitySearch(query: ReliabilityQuery): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
}

/**
 * The workspace's (or, for company admins, the organization's) reliability figures for a period and
 * filters; the previous answer stays on screen while the next loads.
 */
export function useReliability(scope: ReliabilityScope, query: ReliabilityQuery) {
  return useQuery({
    queryKey: [...RELIABILITY_QUERY_KEY, scope, query] as const,
    queryFn: async ({ signal }) =>
      reliabilityReportSchema.parse(
        await api.get<unknown>(
          scope === 'organization' ? '/api/reliability/organization' : '/api/reliability',
          {
            signal,
            query: reliabilitySearch(query),
          },
        ),
      ),
    placeholderData: keepPreviousData,
  });
}
