import { queryOptions, useQuery } from '@tanstack/react-query';
import { expressOptionsSchema } from '@tracklane/shared/tracking/express/express-shipments.schema';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { tenantQueryKey } from '../../../lib/tenant-queries';
import { EXPRESS_SHIPMENTS_PATH } from './list-express-shipments';

export type ExpressOptions = z.infer<typeof expressOptionsSchema>;

/** Filter choices: the carriers of this workspace's parcels. */
export async function getExpressOptions(signal?: AbortSignal): Promise<ExpressOptions> {
  return expressOptionsSchema.parse(await api.get<unknown>(`${EXPRESS_SHIPMENTS_PATH}/options`, { signal }));
}

export const expressOptionsQueryOptions = () =>
  queryOptions({
    queryKey: tenantQueryKey('express-shipments', 'options'),
    queryFn: ({ signal }) => getExpressOptions(signal),
  });

export function useExpressOptions() {
  return useQuery(expressOptionsQueryOptions());
}
