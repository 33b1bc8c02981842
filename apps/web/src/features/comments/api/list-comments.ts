import { queryOptions, useQuery } from '@tanstack/react-query';
import { commentThreadSchema, type CommentThread } from '@tracklane/shared/comments/comments.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { api } from '../../../lib/api-client';
import { tenantQueryKey } from '../../../lib/tenant-queries';

export const COMMENTS_PATH = '/api/comments';

/** Every thread of the workspace: the live-update nudge refetches the open one. */
export const COMMENTS_QUERY_KEY = tenantQueryKey('comments');

export const commentThreadQueryKey = (shipmentType: TrackingMode, shipmentId: string) =>
  [...COMMENTS_QUERY_KEY, 'thread', shipmentType, shipmentId] as const;

export const commentThreadPath = (shipmentType: TrackingMode, shipmentId: string) =>
  `${COMMENTS_PATH}/${shipmentType}/${encodeURIComponent(shipmentId)}`;

/** A shipment's comments in this workspace, oldest first, with the reader's verdicts. */
export async function getCommentThread(
  shipmentType: TrackingMode,
  shipmentId: string,
  signal?: AbortSignal,
): Promise<CommentThread> {
  return commentThreadSchema.parse(
    await api.get<unknown>(commentThreadPath(shipmentType, shipmentId), { signal }),
  );
}

export const commentThreadQueryOptions = (shipmentType: TrackingMode, shipmentId: string) =>
  queryOptions({
    queryKey: commentThreadQueryKey(shipmentType, shipmentId),
    queryFn: ({ signal }) => getCommentThread(shipmentType, shipmentId, signal),
  });

export function useCommentThread(shipmentType: TrackingMode, shipmentId: string) {
  return useQuery(commentThreadQueryOptions(shipmentType, shipmentId));
}
