import { useInfiniteQuery } from '@tanstack/react-query';
import { COMMENT_MENTIONS_PAGE_SIZE } from '@tracklane/shared/comments/comment-content';
import {
  commentMentionPageSchema,
  type CommentMentionPage,
} from '@tracklane/shared/comments/comments.schema';
import { api } from '../../../lib/api-client';

export const COMMENT_MENTIONS_PATH = '/api/comments/at/list';

/** The user's own mentions, in every workspace: not tenant-keyed. */
export const COMMENT_MENTIONS_QUERY_KEY = ['comment-mentions'] as const;

/** spec §7 comments/at/list: one page of 10 (spec §4), newest first. */
export async function listCommentMentions(pageNo: number, signal?: AbortSignal): Promise<CommentMentionPage> {
  return commentMentionPageSchema.parse(
    await api.post<unknown>(
      COMMENT_MENTIONS_PATH,
      { pageNo, pageSize: COMMENT_MENTIONS_PAGE_SIZE },
      { signal },
    ),
  );
}

/**
 * The bell's COMMENTS tab: pages of 10 loaded as the list scrolls; the next page exists while
 * pageNo < totalPage (the store's commentsAtTotalPage, spec §3).
 */
export function useCommentMentions() {
  return useInfiniteQuery({
    queryKey: COMMENT_MENTIONS_QUERY_KEY,
    queryFn: ({ pageParam, signal }) => listCommentMentions(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNo < last.totalPage ? last.pageNo + 1 : undefined),
  });
}
