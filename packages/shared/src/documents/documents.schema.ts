import { z } from 'zod';

/*
 * Documents attached to a workspace's shipment (bill of lading, invoice…): files the workspace keeps
 * with the shipment, served only through the app under the shipment's access rules.
 */

/** The largest file one document may be. */
export const MAX_DOCUMENT_BYTES = 25 * 1024 * 1024;
/** Longest stored file name (characters); longer names keep their start and extension. */
export const DOCUMENT_FILENAME_MAX_LENGTH = 150;

export const DOCUMENT_TYPES = [
  'bill_of_lading',
  'arrival_notice',
  'invoice',
  'packing_list',
  'customs',
  'other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  bill_of_lading: 'Bill of lading',
  arrival_notice: 'Arrival notice',
  invoice: 'Invoice',
  packing_list: 'Packing list',
  customs: 'Customs',
  other: 'Other',
};

export const DOCUMENT_SOURCES = ['upload', 'email'] as const;
export type DocumentSource = (typeof DOCUMENT_SOURCES)[number];

/** The content types a document may have, found from its bytes (never its name). */
export const DOCUMENT_CONTENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/msword',
  'application/vnd.ms-excel',
  'message/rfc822',
] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

/** Shown in the browser (inline); every other type is only downloaded. */
export const PREVIEWABLE_CONTENT_TYPES: readonly DocumentContentType[] = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
];

export const isPreviewable = (contentType: string): boolean =>
  (PREVIEWABLE_CONTENT_TYPES as readonly string[]).includes(contentType);

/** What the file picker offers (the server still decides by the bytes). */
export const DOCUMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,.gif,.webp,.docx,.xlsx,.pptx,.doc,.xls,.eml';

export const DOCUMENT_MESSAGES = {
  tooLarge: `A document can be at most ${String(MAX_DOCUMENT_BYTES / 1024 / 1024)} MB.`,
  empty: 'The file is empty.',
  badType:
    'This file type is not accepted. Attach a PDF, an image (PNG, JPEG, GIF, WebP), an Office document (Word, Excel, PowerPoint) or an e-mail (.eml).',
  noFile: 'Choose a file to attach.',
  quotaReached: (quotaBytes: number, usedBytes: number) =>
    `This workspace's document storage is full: ${formatBytes(usedBytes)} of ${formatBytes(quotaBytes)} used. Delete documents or move to a larger plan.`,
  notFound: 'This document does not exist on this shipment.',
  deleteForbidden: 'Only the person who uploaded a document or a workspace admin can delete it.',
} as const;

/** Bytes as people read them (1.2 MB). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${String(bytes)} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? value.toFixed(0) : value.toFixed(1)} ${units[unit]!}`;
}

export const shipmentDocumentSchema = z.object({
  id: z.uuid(),
  type: z.enum(DOCUMENT_TYPES),
  filename: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  source: z.enum(DOCUMENT_SOURCES),
  uploadedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  uploadedAt: z.string(),
  /** Whether the caller may delete it (the uploader or a workspace admin). */
  canDelete: z.boolean(),
});
export type ShipmentDocument = z.infer<typeof shipmentDocumentSchema>;

export const shipmentDocumentsSchema = z.object({
  documents: z.array(shipmentDocumentSchema),
  /** The workspace's document storage: used and allowed, in bytes. */
  storage: z.object({ usedBytes: z.number().int(), quotaBytes: z.number().int() }),
});
export type ShipmentDocuments = z.infer<typeof shipmentDocumentsSchema>;
