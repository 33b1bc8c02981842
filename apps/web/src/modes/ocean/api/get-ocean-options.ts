import { queryOptions, useQuery } from '@tanstack/react-query';
import { oceanOptionsSchema } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { tenantQueryKey } from '../../../lib/tenant-queries';

export type OceanOptions = z.infer<typeof oceanOptionsSchema>;

/** Filter choices: the carriers we know, and the POLs and PODs of this workspace's shipments (spec §3). */
export async function getOceanOptions(signal?: AbortSignal): Promise<OceanOptions> {
  return oceanOptionsSchema.parse(await api.get<unknown>('/api/shipments/ocean/options', { signal }));
}

export const oceanOptionsQueryOptions = () =>
  queryOptions({
    queryKey: tenantQueryKey('ocean-shipments', 'options'),
    queryFn: ({ signal }) => getOceanOptions(signal),
  });

export function useOceanOptions() {
  return useQuery(oceanOptionsQueryOptions());
}
