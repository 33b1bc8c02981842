import sanitizeHtml from 'sanitize-html';
import { mentionToken, mentionTokenPattern } from '@tracklane/shared/comments/comment-content';

/**
 * The stored form of what a user typed: no markup at all (tags go, and the text inside a <script> or
 * <style> with them), `&`, `<` and `>` as entities, line breaks kept. Inert as HTML and as text.
 */
export function sanitizeCommentText(raw: string): string {
  return sanitizeHtml(raw.replace(/\r\n?/g, '\n'), {
    allowedTags: [],
    allowedAttributes: {},
    disallowedTagsMode: 'discard',
  })
    .replace(/[ \t]+\n/g, '\n')
    .trim();
}

export interface MentionableUser {
  userId: string;
  firstName: string;
  lastName: string;
}

/**
 * Rewrites the mention tokens of sanitised content: a token naming someone in `members` (members of the
 * workspace who may see its shipments) is kept, under the member's current name; any other becomes the
 * plain text `@Name`, mentioning nobody. The client's names and ids are never trusted beyond that.
 *
 * @returns the content to store and the ids it mentions.
 */
export function resolveMentions(
  content: string,
  members: ReadonlyMap<string, MentionableUser>,
): { content: string; mentioned: string[] } {
  const mentioned = new Set<string>();
  const resolved = content.replace(mentionTokenPattern(), (_token, name: string, id: string) => {
    const member = members.get(id.toLowerCase());
    if (!member) return `@${name}`;
    mentioned.add(member.userId);
    // The name is stored in the sanitised form like the rest of the text.
    const shown = sanitizeCommentText(`${member.firstName} ${member.lastName}`.trim());
    return mentionToken(shown, member.userId);
  });
  return { content: resolved, mentioned: [...mentioned] };
}
