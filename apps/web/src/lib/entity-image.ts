import { ENTITY_IMAGE_MAX_BYTES } from '@tracklane/shared/organizations/organizations.schema';

// The server's words (apps/server lib/images and the multipart limit), so a refusal reads the same
// whether the browser or the server catches it.
export const IMAGE_TYPE_MESSAGE = 'File type not supported. Use a JPEG, PNG or GIF image.';
export const IMAGE_SIZE_MESSAGE = 'File too large';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');
export const IMAGE_MAX_LABEL = `${String(ENTITY_IMAGE_MAX_BYTES / 1_000_000)} MB`;

/** What a save does to an organization's or workspace's image. */
export type ImageChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'replace'; file: File };

export const KEEP_IMAGE: ImageChange = { kind: 'keep' };

/**
 * Checks a chosen image before it is sent: declared type, then size. The server checks again by the
 * file's bytes. Returns the message to show, or null when the file may go.
 */
export function imageFileProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_TYPE_MESSAGE;
  if (file.size > ENTITY_IMAGE_MAX_BYTES) return IMAGE_SIZE_MESSAGE;
  return null;
}

/** The multipart fields of spec §7's update calls: `hasImage` says whether an image stays. */
export function appendImageChange(form: FormData, change: ImageChange): void {
  form.append('hasImage', change.kind === 'remove' ? 'false' : 'true');
  if (change.kind === 'replace') form.append('file', change.file);
}
