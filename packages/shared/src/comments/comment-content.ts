/**
 * A comment's content is plain text in which a mention is the token `@[Name](userId)`. The server
 * stores it sanitised (no markup; `&`, `<` and `>` kept as the entities `&amp;`, `&lt;`, `&gt;`, so
 * the stored form is also inert as HTML) with every token naming a member of the workspace under the
 * member's current name. Readers split it into text and mentions and show both as text, never as HTML.
 */

/** The longest comment, in characters as typed. */
export const COMMENT_MAX_LENGTH = 5000;

/** Comments one user may post per minute, across workspaces. */
export const COMMENTS_PER_MINUTE = 10;

/** The bell's COMMENTS tab loads this many mentions at a time (spec §4). */
export const COMMENT_MENTIONS_PAGE_SIZE = 10;

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** `@[Name](userId)`: a name without brackets or line breaks, and a user id. */
export const mentionTokenPattern = () => new RegExp(`@\\[([^\\]\\[\\n]{1,120})\\]\\((${UUID})\\)`, 'g');

/** The token for a mention of `userId`, shown as `name`. */
export function mentionToken(name: string, userId: string): string {
  return `@[${name.replace(/[[\]\n]/g, ' ').trim() || 'member'}](${userId})`;
}

export type CommentSegment =
  { kind: 'text'; text: string } | { kind: 'mention'; userId: string; name: string };

/** The stored form's entities back to characters, for showing as text (React escapes it again). */
export function decodeCommentEntities(stored: string): string {
  return stored
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** The content as the reader sees it: text runs and mentions, in order. */
export function splitCommentContent(stored: string): CommentSegment[] {
  const segments: CommentSegment[] = [];
  let last = 0;
  for (const match of stored.matchAll(mentionTokenPattern())) {
    if (match.index > last)
      segments.push({ kind: 'text', text: decodeCommentEntities(stored.slice(last, match.index)) });
    segments.push({
      kind: 'mention',
      name: decodeCommentEntities(match[1]!),
      userId: match[2]!.toLowerCase(),
    });
    last = match.index + match[0].length;
  }
  if (last < stored.length) segments.push({ kind: 'text', text: decodeCommentEntities(stored.slice(last)) });
  return segments;
}

/** The user ids a content mentions, once each, in order. */
export function mentionedUserIds(content: string): string[] {
  return [...new Set([...content.matchAll(mentionTokenPattern())].map((m) => m[2]!.toLowerCase()))];
}

/** Plain text, mentions as `@Name`: for e-mails and one-line previews. */
export function commentPlainText(stored: string): string {
  return splitCommentContent(stored)
    .map((s) => (s.kind === 'mention' ? `@${s.name}` : s.text))
    .join('');
}

/** A one-line preview of at most `max` characters. */
export function commentExcerpt(stored: string, max = 140): string {
  const line = commentPlainText(stored).replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}
