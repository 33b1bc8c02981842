import { z } from 'zod';
import { hasControlCharacters } from '../validation/control-characters';
import { normaliseTag } from './normalise-tag';

/*
 * Shipment tags (issue 18: alert rules filter "by carrier, POL/POD, tag or favourite"). A tag is the
 * workspace's own word for a shipment ("urgent", "customer A"): it belongs to the workspace's shipment,
 * never to the tracked item other workspaces follow, and is never shown to those a shipment is shared with.
 */

export const TAG_MAX_LENGTH = 30;
export const MAX_TAGS_PER_SHIPMENT = 10;

export const TAG_MESSAGES = {
  empty: 'A tag cannot be empty.',
  tooLong: `A tag has at most ${String(TAG_MAX_LENGTH)} characters.`,
  control: 'A tag cannot contain control characters such as a line break or a tab.',
  tooMany: `A shipment has at most ${String(MAX_TAGS_PER_SHIPMENT)} tags.`,
} as const;

export { normaliseTag };

/** What is wrong with one tag, or null. */
export function tagProblem(tag: string): string | null {
  if (hasControlCharacters(tag)) return TAG_MESSAGES.control;
  const t = normaliseTag(tag);
  if (!t) return TAG_MESSAGES.empty;
  if ([...t].length > TAG_MAX_LENGTH) return TAG_MESSAGES.tooLong;
  return null;
}

/** Tags normalised, the first spelling kept of those equal but for case, in the order given. */
export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = normaliseTag(raw);
    const key = tag.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

/** One tag: 1–30 characters once trimmed, no control characters. */
export const tagSchema = z
  .string({ message: 'A tag is a text.' })
  .max(200, { message: TAG_MESSAGES.tooLong })
  .superRefine((tag, ctx) => {
    const problem = tagProblem(tag);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normaliseTag);

/**
 * A tag named in a filter (alert rules): the same rules without a transform, so that it can describe
 * an answer too (a rule as the API returns it).
 */
export const tagFilterSchema = z
  .string({ message: 'A tag is a text.' })
  .trim()
  .min(1, { message: TAG_MESSAGES.empty })
  .max(TAG_MAX_LENGTH, { message: TAG_MESSAGES.tooLong })
  .refine((tag) => !hasControlCharacters(tag), { message: TAG_MESSAGES.control });

/** PUT …/tags: a shipment's whole set of tags (an empty list removes them all). */
export const setTagsRequestSchema = z.strictObject({
  tags: z
    .array(tagSchema, { message: 'Send the tags as a list.' })
    // Duplicates collapse before the count: ten distinct tags, however they were spelled.
    .max(50, { message: TAG_MESSAGES.tooMany })
    .transform(uniqueTags)
    .refine((tags) => tags.length <= MAX_TAGS_PER_SHIPMENT, { message: TAG_MESSAGES.tooMany }),
});
export type SetTagsRequest = z.input<typeof setTagsRequestSchema>;

export const setTagsResultSchema = z.object({ tags: z.array(z.string()) });
export type SetTagsResult = z.infer<typeof setTagsResultSchema>;
