import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentSchema } from '@tracklane/shared/comments/comments.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { COMMENTS_PATH, COMMENTS_QUERY_KEY, commentThreadPath } from './list-comments';

/** Posts a comment; `content` carries @[Name](userId) tokens, the server decides who is mentioned. */
export async function createComment(input: {
  shipmentType: TrackingMode;
  shipmentId: string;
  content: string;
}) {
  return commentSchema.parse(
    await api.post<unknown>(commentThreadPath(input.shipmentType, input.shipmentId), {
      content: input.content,
    }),
  );
}

export async function updateComment(input: { commentId: string; content: string }) {
  return commentSchema.parse(
    await api.patch<unknown>(`${COMMENTS_PATH}/${encodeURIComponent(input.commentId)}`, {
      content: input.content,
    }),
  );
}

export async function deleteComment(commentId: string) {
  return z
    .object({ id: z.string() })
    .parse(await api.delete<unknown>(`${COMMENTS_PATH}/${encodeURIComponent(commentId)}`));
}

/** Each write refetches the thread (other readers hear of it on their socket). */
function useCommentWrite<I, R>(fn: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: COMMENTS_QUERY_KEY }),
  });
}

export const useCreateComment = () => useCommentWrite(createComment);
export const useUpdateComment = () => useCommentWrite(updateComment);
export const useDeleteComment = () => useCommentWrite(deleteComment);
