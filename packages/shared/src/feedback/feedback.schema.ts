import { z } from 'zod';
import { FEEDBACK_ATTACHMENT_MAX_BYTES, FEEDBACK_ATTACHMENTS_MAX } from '../constants';
import { ATTACHMENT_MESSAGES, ATTACHMENT_TYPES } from '../validation/attachment';
import { controlCharactersMessage, hasControlCharacters } from '../validation/control-characters';

/** What the feedback is about (spec §3 Feedback category; the list itself is ours). */
export const FEEDBACK_CATEGORIES = ['bug', 'idea', 'question', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];
export const FEEDBACK_CATEGORY_LABEL: Record<FeedbackCategory, string> = {
  bug: 'Bug report',
  idea: 'Feature request',
  question: 'Question',
  other: 'Other',
};

/** Characters of HTML one feedback may hold (images travel as files, not inside the HTML). */
export const FEEDBACK_CONTENT_MAX_CHARS = 50_000;

/** Base64 characters of the largest file: 4 per 3 bytes, padded. */
export const FEEDBACK_FILE_BASE64_MAX_CHARS = Math.ceil(FEEDBACK_ATTACHMENT_MAX_BYTES / 3) * 4;

/**
 * The JSON body limit of POST /api/feedback only: three of the largest files, the HTML and room for
 * the JSON around them. Every other route keeps the app's 1 MiB.
 */
export const FEEDBACK_BODY_LIMIT_BYTES =
  FEEDBACK_ATTACHMENTS_MAX * FEEDBACK_FILE_BASE64_MAX_CHARS + FEEDBACK_CONTENT_MAX_CHARS * 4 + 64 * 1024;

export const FEEDBACK_MESSAGES = {
  empty: 'Write your feedback before sending it',
  sent: 'Your Feedback has been sent',
  failedTitle: 'Something went wrong',
  failedText:
    'For some reason, your feedback was not able to be sent. Please try again or email us directly at',
} as const;

// Linear: a grouped pattern such as (?:[…]{4})* overflows the regex stack on megabytes of input.
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** spec §3 Feedback files[]: an image, base64, shown inline (by contentId) or attached. */
export const feedbackFileSchema = z
  .strictObject({
    content: z
      .string()
      .max(FEEDBACK_FILE_BASE64_MAX_CHARS, { message: ATTACHMENT_MESSAGES.size })
      .regex(BASE64, { message: 'File content must be base64' })
      .refine((v) => v.length % 4 === 0, { message: 'File content must be base64' }),
    type: z.enum(ATTACHMENT_TYPES, { message: ATTACHMENT_MESSAGES.type }),
    filename: z
      .string()
      .trim()
      .min(1, { message: 'File name is required' })
      .max(255, { message: 'File name must be at most 255 characters' })
      .refine((name) => !hasControlCharacters(name), { message: controlCharactersMessage('File name') }),
    disposition: z.enum(['inline', 'attachment']),
    contentId: z
      .string()
      .regex(/^[A-Za-z0-9._@-]{1,100}$/, { message: 'Content id may hold letters, digits and . _ @ - only' })
      .optional(),
  })
  .refine((f) => f.disposition === 'attachment' || f.contentId !== undefined, {
    message: 'An inline image needs a contentId',
    path: ['contentId'],
  });
export type FeedbackFile = z.infer<typeof feedbackFileSchema>;

/** spec §7 POST /api/feedback {category, content, files[]}; pageUrl is where the user was. */
export const feedbackRequestSchema = z.strictObject({
  category: z.enum(FEEDBACK_CATEGORIES, { message: 'Choose what your feedback is about' }),
  content: z
    .string()
    .max(FEEDBACK_CONTENT_MAX_CHARS, {
      message: `Feedback must be at most ${String(FEEDBACK_CONTENT_MAX_CHARS)} characters`,
    })
    .refine((html) => html.trim().length > 0, { message: FEEDBACK_MESSAGES.empty }),
  files: z
    .array(feedbackFileSchema)
    .max(FEEDBACK_ATTACHMENTS_MAX, { message: ATTACHMENT_MESSAGES.count })
    .default([]),
  pageUrl: z.string().max(2048).optional(),
});
export type FeedbackRequest = z.input<typeof feedbackRequestSchema>;

export const feedbackResponseSchema = z.object({ success: z.boolean() });
