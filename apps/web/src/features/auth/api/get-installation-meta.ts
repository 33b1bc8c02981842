import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export const META_PATH = '/api/meta';

const metaSchema = z.object({ devMailbox: z.boolean() });

export type InstallationMeta = z.infer<typeof metaSchema>;

/** What this installation is like; `devMailbox`: no SMTP server, so codes go to the server log. */
export async function getInstallationMeta(): Promise<InstallationMeta> {
  return metaSchema.parse(await api.get<unknown>(META_PATH));
}

export const installationMetaQueryOptions = () =>
  queryOptions({ queryKey: ['meta'], queryFn: getInstallationMeta, staleTime: Infinity });

export function useInstallationMeta() {
  return useQuery(installationMetaQueryOptions());
}
