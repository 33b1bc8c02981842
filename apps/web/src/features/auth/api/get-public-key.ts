import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicKeyResultSchema } from '@tracklane/shared/auth/public-key.schema';
import type * as z from 'zod/mini';
import { api } from '../../../lib/api-client';

export const PUBLIC_KEY_PATH = '/api/auth/public-key';

export type PublicKey = z.infer<typeof publicKeyResultSchema>;

/** The RSA key passwords are encrypted with before they leave the browser (spec §5). */
export async function getPublicKey(): Promise<PublicKey> {
  return publicKeyResultSchema.parse(await api.get<unknown>(PUBLIC_KEY_PATH));
}

export const publicKeyQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'public-key'],
    queryFn: getPublicKey,
    // The key changes only when an operator rotates it; a refused ciphertext refetches it at once.
    staleTime: 60 * 60_000,
  });

/** Loads the key while the user types, so that submitting does not wait for it. */
export function usePublicKey() {
  return useQuery(publicKeyQueryOptions());
}
