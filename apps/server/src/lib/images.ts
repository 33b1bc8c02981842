import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import type { FileStorage } from '../integrations/storage/file-storage';
import { assertAllowedText } from './allowed-text';
import { AppError } from './app-error';
import { reencodeImage, type UploadedImageType } from './image-reencode';

export const IMAGE_KINDS = ['avatars', 'workspaces', 'organizations'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

const UPLOAD_TYPES: readonly string[] = [
  'image/jpeg',
  'image/png',
  'image/gif',
] satisfies UploadedImageType[];
/** By extension; `gif` stays for files stored before uploads were re-encoded. */
const IMAGE_CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

/** A stored image's type, by the extension its name was given when it was stored. */
export const imageContentType = (name: string) =>
  IMAGE_CONTENT_TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream';
const URL_PREFIX = '/api/files/';

/** The URL a stored image is served at, as recorded on its owner's row. */
export const imageUrl = (kind: ImageKind, name: string) => `${URL_PREFIX}${kind}/${name}`;

export interface MultipartForm {
  fields: Record<string, string>;
  file: Buffer | null;
}

/**
 * Reads a multipart form: its text fields and at most one file (size-limited by the multipart plugin).
 * Every form route reads through here, so a form the parser cannot read (no or wrong boundary, a body
 * cut off, garbage) is one 400 rather than the parser's bare error, which would be a 500.
 */
export async function readMultipartForm(request: FastifyRequest): Promise<MultipartForm> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the form as multipart/form-data.');
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        file = await part.toBuffer();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    // The plugin's own errors (a file or form over its limits) carry their 4xx status; the parser's
    // (busboy) carry none.
    if (typeof (err as { statusCode?: unknown }).statusCode === 'number') throw err;
    request.log.debug({ err }, 'unreadable multipart form');
    throw new AppError('BAD_REQUEST', 'The form could not be read. Send it again as multipart/form-data.');
  }
  // Text fields are stored like JSON strings, so they follow the same rule as every other input.
  assertAllowedText(fields);
  return { fields, file };
}

/**
 * Stores an uploaded image under a fresh, unguessable name and answers the URL it is served at.
 * The type comes from the bytes (JPEG, PNG, GIF), never from the file name or header, and only the
 * re-encoded image is stored (see image-reencode.ts): never the bytes as uploaded.
 */
export async function storeImage(
  storage: FileStorage,
  kind: ImageKind,
  ownerId: string,
  data: Buffer,
): Promise<string> {
  const type = await fileTypeFromBuffer(data);
  if (!type || !UPLOAD_TYPES.includes(type.mime))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'File type not supported. Use a JPEG, PNG or GIF image.');
  const image = await reencodeImage(data, type.mime as UploadedImageType);
  const name = `${ownerId}-${randomBytes(6).toString('hex')}.${image.extension}`;
  await storage.put(`${kind}/${name}`, image.data, imageContentType(name));
  return imageUrl(kind, name);
}

/** Deletes a stored image given its URL; a URL that is not ours is left alone. */
export async function deleteImage(storage: FileStorage, url: string | null): Promise<void> {
  if (!url?.startsWith(URL_PREFIX)) return;
  await storage.delete(url.slice(URL_PREFIX.length)).catch(() => undefined);
}

/**
 * Applies an image change from an update form and saves it: a new file replaces the image, `hasImage`
 * false removes it, otherwise it stays. The old file is deleted only after the new URL is saved, and a
 * new file is deleted again when the save is refused.
 */
export async function updateImage<T>(
  storage: FileStorage,
  target: { kind: ImageKind; ownerId: string; currentUrl: string | null },
  input: { file: Buffer | null; hasImage: boolean },
  save: (imageUrl: string | null) => Promise<T>,
): Promise<T> {
  const imageUrl = input.file
    ? await storeImage(storage, target.kind, target.ownerId, input.file)
    : input.hasImage
      ? target.currentUrl
      : null;
  let saved: T;
  try {
    saved = await save(imageUrl);
  } catch (error) {
    // Refused (a taken name, say): the file stored for it would belong to nothing.
    if (input.file) await deleteImage(storage, imageUrl);
    throw error;
  }
  if (imageUrl !== target.currentUrl) await deleteImage(storage, target.currentUrl);
  return saved;
}

/** Parses the text fields of a multipart form with a schema: 400 with the first failing rule. */
export function parseFormFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.output<T> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
  return parsed.data;
}
