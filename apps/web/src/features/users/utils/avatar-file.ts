import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@tracklane/shared/auth/auth.schema';

// The server's words (apps/server users routes), so that the check reads the same wherever it fails.
export const AVATAR_TYPE_MESSAGE = 'File type not supported. Use a JPEG, PNG or GIF image.';
export const AVATAR_SIZE_MESSAGE = 'File too large';

export const AVATAR_ACCEPT = AVATAR_TYPES.join(',');

/** "2 MB": the limit as people read it. */
export const AVATAR_MAX_LABEL = `${String(AVATAR_MAX_BYTES / 1_000_000)} MB`;

/**
 * Checks a chosen file before uploading it: type by its declared MIME type, then size. The server
 * checks again by the file's bytes. Returns the message to show, or null when the file may go.
 */
export function avatarFileProblem(file: File): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return AVATAR_TYPE_MESSAGE;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_SIZE_MESSAGE;
  return null;
}
