import { notifications as toasts } from '@mantine/notifications';
import type { CommentMention } from '@tracklane/shared/comments/comments.schema';
import { useCallback } from 'react';
import { useReadCommentMention } from '../features/comments/api/read-comment-mention';
import { useOpenInWorkspace } from '../features/workspaces/hooks/use-open-in-workspace';
import { modeOf } from '../modes/registry';
import { useReaderTimeZone } from './pages/use-shipment-access';

/** The shipment's page at its Comments tab (spec §2 `?tab=comments&timeZone=`), scrolled to the comment. */
export function commentMentionHref(mention: CommentMention, timeZone: string): string | null {
  const query = `?tab=comments&timeZone=${encodeURIComponent(timeZone)}&comment=${encodeURIComponent(mention.commentId)}`;
  const path = modeOf(mention.shipmentType)?.mention.detailPath(mention);
  return path ? `${path}${query}` : null;
}

/**
 * Opening a comment mention (spec §4): marked read (comments/at/read), then the shipment opens at its
 * Comments tab on the comment, in the comment's workspace, switching to it first as the rail does.
 */
export function useOpenCommentMention() {
  const timeZone = useReaderTimeZone();
  const read = useReadCommentMention();
  const openInWorkspace = useOpenInWorkspace();

  return useCallback(
    async (mention: CommentMention) => {
      // The comment opens even if the mark fails; the bell then still shows it unread.
      if (!mention.isRead)
        read.mutate({ organizationId: mention.organizationId, commentId: mention.commentId });
      const href = commentMentionHref(mention, timeZone);
      if (!href) {
        toasts.show({
          color: 'gray',
          title: 'This shipment is no longer in the workspace',
          message: 'It was removed from the workspace where the comment was written.',
        });
        return;
      }
      await openInWorkspace({
        workspaceId: mention.workspaceId,
        href,
        failureTitle: 'Could not open the comment',
      });
    },
    [openInWorkspace, read, timeZone],
  );
}
