import { FEEDBACK_ATTACHMENT_MAX_BYTES, FEEDBACK_ATTACHMENTS_MAX } from '../constants';

/** spec §5 Feedback: the messages, word for word. */
export const ATTACHMENT_MESSAGES = {
  type: 'File type not supported',
  size: 'File too large',
  count: `You can attach at most ${String(FEEDBACK_ATTACHMENTS_MAX)} files`,
} as const;

/** The image types feedback accepts (spec §5: image/jpeg, jpg, png, gif). */
export const ATTACHMENT_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/** What the bytes really are, whatever the file is called: jpeg, png, gif, or null for anything else. */
export function sniffImageType(bytes: Uint8Array): 'image/jpeg' | 'image/png' | 'image/gif' | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  // "GIF87a" or "GIF89a".
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'image/gif';
  return null;
}

/**
 * Checks one attachment by its bytes (the name and the declared type say nothing): a PNG named
 * `.gif` is a PNG and welcome; HTML named `.png` is refused. Returns the spec's message, or null.
 */
export function checkAttachment(bytes: Uint8Array): { message: string } | null {
  if (bytes.byteLength > FEEDBACK_ATTACHMENT_MAX_BYTES) return { message: ATTACHMENT_MESSAGES.size };
  if (!sniffImageType(bytes)) return { message: ATTACHMENT_MESSAGES.type };
  return null;
}
