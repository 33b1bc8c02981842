import { FEEDBACK_ATTACHMENT_MAX_BYTES } from '@tracklane/shared/constants';
import {
  ATTACHMENT_MESSAGES,
  ATTACHMENT_TYPES,
  sniffImageType,
} from '@tracklane/shared/validation/attachment';

/** What the file picker offers (spec §5: image/jpeg, jpg, png, gif). */
export const ATTACHMENT_ACCEPT = 'image/png,image/jpeg,image/gif,.png,.jpg,.jpeg,.gif';

export type AttachmentCheck = { ok: true } | { ok: false; message: string };

/** The checks that need no reading: the declared type and the size (spec §5 messages). */
export function precheckAttachment(file: Pick<File, 'type' | 'size'>): AttachmentCheck {
  // No declared type (some systems send none): the bytes decide once read.
  if (file.type !== '' && !(ATTACHMENT_TYPES as readonly string[]).includes(file.type))
    return { ok: false, message: ATTACHMENT_MESSAGES.type };
  if (file.size > FEEDBACK_ATTACHMENT_MAX_BYTES) return { ok: false, message: ATTACHMENT_MESSAGES.size };
  return { ok: true };
}

/** Base64 of the bytes, in chunks: one String.fromCharCode over 5 MB would overflow the stack. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export interface ReadAttachment {
  content: string;
  type: 'image/png' | 'image/jpeg' | 'image/gif';
}

/**
 * Reads the file, reporting progress (0–100), and checks its bytes the way the server will: a PNG
 * called .gif passes, a web page called .png does not.
 */
export function readAttachment(file: File, onProgress: (percent: number) => void): Promise<ReadAttachment> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    };
    reader.onerror = () => reject(new Error('The file could not be read'));
    reader.onload = () => {
      const bytes = new Uint8Array(reader.result as ArrayBuffer);
      const type = sniffImageType(bytes);
      if (!type) {
        reject(new Error(ATTACHMENT_MESSAGES.type));
        return;
      }
      if (bytes.byteLength > FEEDBACK_ATTACHMENT_MAX_BYTES) {
        reject(new Error(ATTACHMENT_MESSAGES.size));
        return;
      }
      onProgress(100);
      resolve({ content: toBase64(bytes), type });
    };
    reader.readAsArrayBuffer(file);
  });
}
