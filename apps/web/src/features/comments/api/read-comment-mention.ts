import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  readCommentMentionResultSchema,
  type ReadCommentMentionRequest,
} from '@tracklane/shared/comments/comments.schema';
import { api } from '../../../lib/api-client';
import { COMMENT_MENTIONS_QUERY_KEY } from './list-comment-mentions';

export const READ_COMMENT_MENTION_PATH = '/api/comments/at/read';

/** spec §7 comments/at/read. */
export async function readCommentMention(input: ReadCommentMentionRequest) {
  return readCommentMentionResultSchema.parse(await api.post<unknown>(READ_COMMENT_MENTION_PATH, input));
}

/** Marks the mention read, then refreshes the bell's COMMENTS tab and badge. */
export function useReadCommentMention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readCommentMention,
    onSettled: () => queryClient.invalidateQueries({ queryKey: COMMENT_MENTIONS_QUERY_KEY }),
  });
}
