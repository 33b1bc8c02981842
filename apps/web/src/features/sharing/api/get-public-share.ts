import { useQuery, useQueryClient } from '@tanstack/react-query';
import { publicShareSchema, type PublicShare } from '@tracklane/shared/sharing/sharing.schema';
import { api } from '../../../lib/api-client';
import { useShareLinkSocket } from '../../../lib/use-share-link-socket';

/** What a public link shows; 404 unknown token, 410 revoked or expired. No session is needed. */
export async function getPublicShare(token: string, signal?: AbortSignal): Promise<PublicShare> {
  return publicShareSchema.parse(
    await api.get<unknown>(`/api/share/${encodeURIComponent(token)}`, { signal }),
  );
}

/**
 * A public page has no session: its link's own socket says when what it shows changed or the link was
 * revoked. While that socket is down the page asks again every 10 s, so a revoked or expired link
 * stops showing within seconds (the page then goes to /expiredLink).
 */
export const PUBLIC_SHARE_POLL_MS = 10_000;

export const publicShareQueryKey = (token: string) => ['public-share', token] as const;

export function usePublicShare(token: string) {
  const queryClient = useQueryClient();
  const socketUp = useShareLinkSocket(token, () => {
    void queryClient.invalidateQueries({ queryKey: publicShareQueryKey(token) });
  });
  return useQuery({
    queryKey: publicShareQueryKey(token),
    queryFn: ({ signal }) => getPublicShare(token, signal),
    retry: false,
    // Never fresh for long: coming back to the tab (or online) asks at once, whatever the app's staleTime.
    staleTime: 0,
    refetchInterval: socketUp ? false : PUBLIC_SHARE_POLL_MS,
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
  });
}
