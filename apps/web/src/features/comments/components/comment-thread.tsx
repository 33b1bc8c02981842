import { ActionIcon, Alert, Avatar, EmptyState, Menu, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { modals, ModalsProvider } from '@mantine/modals';
import { notifications as toasts } from '@mantine/notifications';
import { IconDots, IconMessageCircle } from '@tabler/icons-react';
import type { Comment } from '@tracklane/shared/comments/comments.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { useEffect, useRef, useState } from 'react';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useCommentThread } from '../api/list-comments';
import { useCreateComment, useDeleteComment, useUpdateComment } from '../api/write-comment';
import { CommentBody } from './comment-body';
import { CommentEditor } from './comment-editor';
import classes from './comments.module.css';

export interface CommentThreadProps {
  shipmentType: TrackingMode;
  /** The shipment's id in this workspace (shipmentOverallId / expressOrderId). */
  shipmentId: string;
  /** The shipment's number, for labels. */
  shipmentLabel: string;
  timeZone: string;
  viewerId: string | null;
  /** A comment to scroll to and highlight (opened from a mention). */
  focusCommentId: string | null;
}

const failed = (title: string) => (error: unknown) =>
  toasts.show({
    color: 'red',
    title,
    message: errorMessage(error),
  });

function authorName(comment: Comment): string {
  return comment.author ? `${comment.author.firstName} ${comment.author.lastName}`.trim() : 'Former member';
}

function CommentItem({
  comment,
  timeZone,
  viewerId,
  highlighted,
}: {
  comment: Comment;
  timeZone: string;
  viewerId: string | null;
  highlighted: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateComment();
  const remove = useDeleteComment();
  const name = authorName(comment);

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete this comment?',
      children: <Text size="sm">It disappears for everyone in this workspace. This cannot be undone.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(comment.id, { onError: failed('Could not delete the comment') }),
    });

  return (
    <li
      id={`comment-${comment.id}`}
      className={classes.comment}
      data-highlighted={highlighted || undefined}
      data-testid="comment"
      aria-label={`Comment by ${name}`}
    >
      <Avatar src={comment.author?.imageUrl ?? null} radius="xl" size={32} color="ocean" alt="">
        {comment.author ? `${comment.author.firstName.charAt(0)}${comment.author.lastName.charAt(0)}` : '?'}
      </Avatar>
      <div className={classes.commentMain}>
        <div className={classes.commentHead}>
          <span className={classes.author}>{name}</span>
          <time className={classes.meta} dateTime={comment.createdAt}>
            {formatDateTime(comment.createdAt, timeZone)}
          </time>
          {comment.editedAt ? (
            <span className={classes.meta} title={`Edited ${formatDateTime(comment.editedAt, timeZone)}`}>
              (edited)
            </span>
          ) : null}
          {(comment.canEdit || comment.canDelete) && !editing ? (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  ml="auto"
                  aria-label={`Actions for the comment by ${name}`}
                >
                  <IconDots size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {comment.canEdit ? <Menu.Item onClick={() => setEditing(true)}>Edit</Menu.Item> : null}
                {comment.canDelete ? (
                  <Menu.Item color="red" onClick={confirmDelete}>
                    Delete
                  </Menu.Item>
                ) : null}
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </div>
        {editing ? (
          <CommentEditor
            label="Edit your comment"
            initial={comment.content}
            submitLabel="Save"
            pending={update.isPending}
            autoFocus
            onCancel={() => setEditing(false)}
            onSubmit={(content) =>
              update.mutateAsync(
                { commentId: comment.id, content },
                { onSuccess: () => setEditing(false), onError: failed('Could not save the comment') },
              )
            }
          />
        ) : (
          <CommentBody content={comment.content} viewerId={viewerId} />
        )}
      </div>
    </li>
  );
}

/**
 * A shipment's comments in this workspace, newest last, and the box to add one. Another member's
 * comment appears by itself (the tab's socket nudges a refetch). Opened from a mention, the comment
 * is scrolled to and highlighted.
 */
/**
 * The thread brings its own host for `modals` (the delete confirmation, the app's only dialog opened
 * that way): a host in the shell kept a closed modal mounted on every page.
 */
export function CommentThread(props: CommentThreadProps) {
  return (
    <ModalsProvider>
      <Thread {...props} />
    </ModalsProvider>
  );
}

function Thread({
  shipmentType,
  shipmentId,
  shipmentLabel,
  timeZone,
  viewerId,
  focusCommentId,
}: CommentThreadProps) {
  const thread = useCommentThread(shipmentType, shipmentId);
  const create = useCreateComment();
  // Scrolled to once per link: a refetch (someone else commenting) must not pull the page back.
  const scrolledTo = useRef<string | null>(null);
  const comments = thread.data?.comments;
  const focusMissing =
    focusCommentId !== null && comments !== undefined && !comments.some((c) => c.id === focusCommentId);

  useEffect(() => {
    if (!focusCommentId || scrolledTo.current === focusCommentId) return;
    if (!comments?.some((c) => c.id === focusCommentId)) return;
    document.getElementById(`comment-${focusCommentId}`)?.scrollIntoView({ block: 'center' });
    scrolledTo.current = focusCommentId;
  }, [focusCommentId, comments]);

  if (thread.isPending)
    return (
      <Stack gap="sm" aria-label="Loading comments" className={classes.thread}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={64} radius="md" />
        ))}
      </Stack>
    );
  if (thread.isError)
    return (
      <QueryErrorAlert
        title="Could not load the comments"
        error={thread.error}
        onRetry={() => void thread.refetch()}
      />
    );

  return (
    <section
      className={classes.thread}
      aria-label={`Comments on ${shipmentLabel}`}
      data-testid="comment-thread"
    >
      {focusMissing ? (
        <Alert color="gray" variant="light" title="That comment was deleted">
          Its author or an admin removed it. The rest of the conversation is below.
        </Alert>
      ) : null}
      {thread.data.comments.length === 0 ? (
        <EmptyState
          py={32}
          variant="light"
          color="gray"
          icon={<IconMessageCircle size={26} stroke={1.75} />}
          title="No comments yet"
          description="Discuss this shipment with your team here. Type @ to mention a teammate: they are notified."
          data-testid="comments-empty-thread"
        />
      ) : (
        <Paper withBorder radius="lg" p={4}>
          <ol className={classes.list}>
            {thread.data.comments.map((c) => (
              <CommentItem
                key={c.id}
                comment={c}
                timeZone={timeZone}
                viewerId={viewerId}
                highlighted={c.id === focusCommentId}
              />
            ))}
          </ol>
        </Paper>
      )}
      {thread.data.canComment ? (
        <Paper withBorder radius="lg" p="md">
          <CommentEditor
            label="Add a comment"
            submitLabel="Comment"
            pending={create.isPending}
            onSubmit={(content) =>
              create.mutateAsync(
                { shipmentType, shipmentId, content },
                { onError: failed('Could not post the comment') },
              )
            }
          />
        </Paper>
      ) : null}
    </section>
  );
}
