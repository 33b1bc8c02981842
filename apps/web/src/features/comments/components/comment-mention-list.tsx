import { Avatar, Button, Loader, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import type { CommentMention } from '@tracklane/shared/comments/comments.schema';
import { useEffect, useRef } from 'react';
import { formatDateTime } from '../../../lib/dates';
import { modeOf } from '../../../modes/registry';
import { useCommentMentions } from '../api/list-comment-mentions';
import classes from './comments.module.css';

const who = (m: CommentMention) =>
  m.mentionedBy ? `${m.mentionedBy.firstName} ${m.mentionedBy.lastName}`.trim() : 'A former member';

/** The number the mentioned shipment goes by, as its mode names it. */
const where = (m: CommentMention) => modeOf(m.shipmentType)?.mention.number(m) ?? '';

function MentionItem({
  mention,
  timeZone,
  onOpen,
}: {
  mention: CommentMention;
  timeZone: string;
  onOpen: (mention: CommentMention) => void;
}) {
  const unread = !mention.isRead;
  return (
    <UnstyledButton
      className={classes.mentionItem}
      data-unread={unread || undefined}
      onClick={() => onOpen(mention)}
      data-testid="comment-mention-item"
      aria-label={`${unread ? 'Unread: ' : ''}${who(mention)} mentioned you on ${where(mention)}: ${mention.excerpt}`}
    >
      <Avatar src={mention.mentionedBy?.imageUrl ?? null} radius="xl" size={30} color="ocean" alt="">
        {mention.mentionedBy
          ? `${mention.mentionedBy.firstName.charAt(0)}${mention.mentionedBy.lastName.charAt(0)}`
          : '?'}
      </Avatar>
      <span className={classes.mentionBody}>
        <Text size="sm" component="span">
          <b>{who(mention)}</b> mentioned you on <span className={classes.identifier}>{where(mention)}</span>
        </Text>
        <Text size="sm" component="span" className={classes.excerpt} lineClamp={2}>
          {mention.excerpt}
        </Text>
        <Text size="xs" c="dimmed" component="span">
          {formatDateTime(mention.createdAt, timeZone)} · {mention.workspaceName}
        </Text>
      </span>
      {unread ? <span className={classes.unreadDot} aria-hidden="true" /> : null}
    </UnstyledButton>
  );
}

/**
 * The bell's COMMENTS tab: mentions of the user, newest first, 10 at a time, the next 10 loading as
 * the end of the list scrolls into view (spec §4); a button does the same from the keyboard.
 */
export function CommentMentionList({
  timeZone,
  onOpen,
}: {
  timeZone: string;
  onOpen: (mention: CommentMention) => void;
}) {
  const mentions = useCommentMentions();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = mentions;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (mentions.isPending)
    return (
      <Stack gap={8} p={6} aria-label="Loading mentions">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={48} radius="md" />
        ))}
      </Stack>
    );
  if (mentions.isError)
    return (
      <Stack gap="xs" align="center" className={classes.empty}>
        <Text size="sm">Could not load your mentions.</Text>
        <Button size="xs" variant="default" onClick={() => void mentions.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  const all = mentions.data.pages.flatMap((p) => p.atList);
  if (all.length === 0)
    return (
      <Text size="sm" c="dimmed" className={classes.empty} data-testid="comments-empty">
        No mentions yet. When a teammate writes @your name in a comment on a shipment, it shows up here.
      </Text>
    );
  return (
    <div className={classes.list} data-testid="comment-mention-list">
      {all.map((m) => (
        <MentionItem key={m.id} mention={m} timeZone={timeZone} onOpen={onOpen} />
      ))}
      <div ref={sentinel} aria-hidden="true" />
      {hasNextPage ? (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => void fetchNextPage()}
          loading={isFetchingNextPage}
          loaderProps={{ children: <Loader size="xs" /> }}
        >
          Load more
        </Button>
      ) : null}
    </div>
  );
}

/** The unread mentions, for the bell's badge. */
export function useUnreadMentionCount(): number {
  const mentions = useCommentMentions();
  return mentions.data?.pages[0]?.unreadNumber ?? 0;
}
