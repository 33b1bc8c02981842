import { fileTypeFromBuffer } from 'file-type';
import type { DocumentContentType } from '@tracklane/shared/documents/documents.schema';

/*
 * A document's content type from its first bytes (magic numbers), never from its name or the type the
 * browser sent: an .exe renamed .pdf, an HTML page named .png or an SVG (an image that runs scripts)
 * match none of these and are refused. The name only picks between formats whose bytes look alike
 * (an old Word or Excel file are both OLE compound files).
 */

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const OFFICE_OPEN_XML: readonly string[] = [
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
];

/**
 * An Office Open XML package: a zip whose entries name the application's folder. file-type reads the
 * zip's entries; when it cannot tell, the entry names in the first local headers decide.
 */
async function officeOpenXml(bytes: Buffer): Promise<DocumentContentType | null> {
  if (!startsWith(bytes, ZIP)) return null;
  const found = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (found && OFFICE_OPEN_XML.includes(found.mime)) return found.mime as DocumentContentType;
  // Entry names are stored in plain text in each local header; the first few KB hold them.
  const names = bytes.subarray(0, Math.min(bytes.length, 64 * 1024)).toString('latin1');
  if (!names.includes('[Content_Types].xml')) return null;
  if (names.includes('word/'))
    return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  if (names.includes('xl/')) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (names.includes('ppt/'))
    return 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
  return null;
}

/** An old binary Office file: the name tells a workbook from a document. */
function oleOffice(bytes: Buffer, filename: string): DocumentContentType | null {
  if (!startsWith(bytes, OLE)) return null;
  return /\.xls$/i.test(filename) ? 'application/vnd.ms-excel' : 'application/msword';
}

/**
 * An e-mail (RFC 5322): text without NUL bytes whose first lines are header fields, with at least a
 * From or a Received and a Date or Subject before the blank line that ends the header.
 */
function email(bytes: Buffer): DocumentContentType | null {
  const head = bytes.subarray(0, Math.min(bytes.length, 64 * 1024));
  if (head.includes(0)) return null;
  const text = head.toString('utf8');
  const end = text.search(/\r?\n\r?\n/);
  const header = end === -1 ? text : text.slice(0, end);
  const lines = header.split(/\r?\n/);
  if (!lines.length || !/^[A-Za-z][A-Za-z0-9-]*:/.test(lines[0]!)) return null;
  // Every line is a field or the continuation of one.
  if (!lines.every((line) => /^[A-Za-z][A-Za-z0-9-]*:/.test(line) || /^[ \t]/.test(line))) return null;
  const names = new Set(lines.map((line) => /^([A-Za-z0-9-]+):/.exec(line)?.[1]?.toLowerCase()));
  const from = names.has('from') || names.has('received') || names.has('return-path');
  return from && (names.has('date') || names.has('subject')) ? 'message/rfc822' : null;
}

/** The allowed content type the bytes are, or null when they are none of them. */
export async function sniffDocumentType(
  bytes: Buffer,
  filename: string,
): Promise<DocumentContentType | null> {
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ZIP)) return officeOpenXml(bytes);
  return oleOffice(bytes, filename) ?? email(bytes);
}

/** The extension a stored file gets for its type (storage keys never carry the user's name). */
export const EXTENSION_OF: Record<DocumentContentType, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/msword': 'doc',
  'application/vnd.ms-excel': 'xls',
  'message/rfc822': 'eml',
};

/**
 * A file name safe to store, show and put in a header: the last path segment only, no control or
 * quoting characters, no leading dots, at most `max` characters keeping the extension.
 */
export function sanitizeFilename(name: string, max: number): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  let clean = last
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
    .replace(/["<>|:*?;]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (!clean) clean = 'document';
  if ([...clean].length > max) {
    const dot = clean.lastIndexOf('.');
    const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
    clean = [...clean].slice(0, max - [...ext].length).join('') + ext;
  }
  return clean;
}
