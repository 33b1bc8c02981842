import { useQuery } from '@tanstack/react-query';
import { mentionableMemberSchema } from '@tracklane/shared/comments/comments.schema';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { COMMENTS_PATH, COMMENTS_QUERY_KEY } from './list-comments';

/** Members of this workspace the @ autocomplete offers (those who may see its shipments). */
export function useMentionableMembers(enabled: boolean) {
  return useQuery({
    queryKey: [...COMMENTS_QUERY_KEY, 'mentionable'] as const,
    queryFn: async ({ signal }) =>
      z
        .array(mentionableMemberSchema)
        .parse(await api.get<unknown>(`${COMMENTS_PATH}/mentionable`, { signal })),
    enabled,
    staleTime: 60_000,
  });
}
