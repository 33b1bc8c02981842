import { splitCommentContent } from '@tracklane/shared/comments/comment-content';
import classes from './comments.module.css';

/**
 * A comment as the reader sees it: its text as text (React escapes it; nothing here is ever HTML) and
 * each mention as a chip, the reader's own highlighted.
 */
export function CommentBody({ content, viewerId }: { content: string; viewerId: string | null }) {
  return (
    <div className={classes.body} data-testid="comment-body">
      {splitCommentContent(content).map((segment, i) =>
        segment.kind === 'text' ? (
          <span key={i}>{segment.text}</span>
        ) : (
          <span
            key={i}
            className={classes.chip}
            data-me={segment.userId === viewerId || undefined}
            data-testid="mention-chip"
          >
            @{segment.name}
          </span>
        ),
      )}
    </div>
  );
}
