import { mentionToken, splitCommentContent } from '@tracklane/shared/comments/comment-content';

/** A member picked in the editor: the text shows `@Name`, the content sent carries the token. */
export interface PickedMention {
  userId: string;
  name: string;
}

/** The editor's form of stored content: tokens shown as `@Name`, entities as the characters typed. */
export function toEditorText(stored: string): { text: string; mentions: PickedMention[] } {
  const mentions: PickedMention[] = [];
  const text = splitCommentContent(stored)
    .map((s) => {
      if (s.kind === 'text') return s.text;
      if (!mentions.some((m) => m.userId === s.userId)) mentions.push({ userId: s.userId, name: s.name });
      return `@${s.name}`;
    })
    .join('');
  return { text, mentions };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The content to send: each `@Name` of a picked member becomes its token (longest names first, so
 * "@Ann Lee" is not taken for "@Ann"); a mention deleted from the text mentions nobody.
 */
export function toStoredContent(text: string, mentions: readonly PickedMention[]): string {
  let out = text;
  const byLength = [...mentions].sort((a, b) => b.name.length - a.name.length);
  for (const m of byLength) {
    const pattern = new RegExp(`(^|[^\\w\\]])@${escapeRegExp(m.name)}(?![\\w])`, 'g');
    out = out.replace(pattern, (_all, before: string) => `${before}${mentionToken(m.name, m.userId)}`);
  }
  return out;
}

/** The `@query` being typed just before the caret, if any: where it starts and what it says so far. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^\s@[\]()]{0,30})$/.exec(before);
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]! };
}
