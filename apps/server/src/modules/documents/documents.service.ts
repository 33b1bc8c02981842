import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  DOCUMENT_FILENAME_MAX_LENGTH,
  DOCUMENT_MESSAGES,
  MAX_DOCUMENT_BYTES,
  type DocumentSource,
  type DocumentType,
  type ShipmentDocument,
  type ShipmentDocuments,
} from '@tracklane/shared/documents/documents.schema';
import { canManageOrganization } from '@tracklane/shared/organizations/organizations.policy';
import type { OrganizationRole } from '@tracklane/shared/organizations/organizations.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { isUuid } from '@tracklane/shared/validation/database-ranges';
import type { Database } from '../../db/client';
import { shipmentDocuments } from '../../db/schema/documents';
import { organizations, workspaces } from '../../db/schema/organizations';
import { plans } from '../../db/schema/plans';
import { users } from '../../db/schema/users';
import type { FileStorage } from '../../integrations/storage/file-storage';
import { AppError } from '../../lib/app-error';
import { lockCapOwner } from '../../lib/caps';
import { modeFeatures } from '../../modes';
import { inWorkspace } from '../../tenancy/scope';
import { publishShipmentsChanged } from '../live-pages/live-publish';
import { lockWorkspaceShipment, NOT_TRACKED } from '../tracking/lock-shipment';
import { emitWebhookEvent } from '../webhooks/webhook-events';
import { EXTENSION_OF, sanitizeFilename, sniffDocumentType } from './content-sniff';

/*
 * Documents attached to a workspace's shipments, written once over the mode registry. The bytes go to
 * the file storage under a generated key; the row records who added what and when. Uploads from the
 * app, the public API and e-mail intake all go through addDocument, so the same size, type and quota
 * rules hold for each.
 */

type DocumentRow = typeof shipmentDocuments.$inferSelect;

export interface AddDocumentInput {
  workspaceId: string;
  mode: TrackingMode;
  shipmentId: string;
  type: DocumentType;
  /** The name the sender gave; sanitized before it is stored. */
  filename: string;
  bytes: Buffer;
  /** The member who uploaded it; null when it came another way (an e-mail). */
  uploadedBy: string | null;
  source: DocumentSource;
  /** Where the bytes go (the app context's storage). */
  storage: FileStorage;
}

/** The document storage each workspace of its organization's plan may use, in bytes. */
export async function documentQuotaBytes(db: Database, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ quota: plans.documentStorageBytes })
    .from(workspaces)
    .innerJoin(organizations, eq(organizations.id, workspaces.organizationId))
    .innerJoin(plans, eq(plans.id, organizations.plan))
    .where(eq(workspaces.id, workspaceId));
  return row?.quota ?? 0;
}

/** Bytes of documents the workspace keeps now. */
export async function documentUsageBytes(db: Database, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${shipmentDocuments.size}), 0)` })
    .from(shipmentDocuments)
    .where(inWorkspace({ workspaceId }, shipmentDocuments));
  return Number(row?.used ?? 0);
}

/**
 * Checks and stores a document on a shipment of the workspace, returning its row. Refused: an empty
 * file or one over the size limit (413), bytes that are no allowed type (400), a shipment that is not
 * the workspace's (404), a workspace whose storage quota it would pass (409). The quota is counted
 * while the workspace row is locked, so concurrent uploads take turns and cannot pass it together.
 * Emits `document.added` and tells open pages of the shipment, in the same transaction.
 */
export async function addDocument(db: Database, input: AddDocumentInput): Promise<DocumentRow> {
  const { workspaceId, mode, shipmentId, bytes } = input;
  if (bytes.length === 0) throw new AppError('VALIDATION', DOCUMENT_MESSAGES.empty);
  if (bytes.length > MAX_DOCUMENT_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', DOCUMENT_MESSAGES.tooLarge);
  const filename = sanitizeFilename(input.filename, DOCUMENT_FILENAME_MAX_LENGTH);
  const contentType = await sniffDocumentType(bytes, filename);
  if (!contentType) throw new AppError('VALIDATION', DOCUMENT_MESSAGES.badType);
  const table = modeFeatures(mode).table;
  if (!isUuid(shipmentId)) throw new AppError('NOT_FOUND', NOT_TRACKED);

  // Stored first, outside the lock (a large file to a bucket takes time); removed if refused.
  const storageKey = `documents/${workspaceId}/${randomBytes(16).toString('hex')}.${EXTENSION_OF[contentType]}`;
  await input.storage.put(storageKey, bytes, contentType);
  try {
    return await db.transaction(async (tx) => {
      // The workspace first (what every cap takes), then the shipment: one order for every writer.
      await lockCapOwner(tx, { workspaceId });
      await lockWorkspaceShipment(tx, table, workspaceId, shipmentId);
      const quota = await documentQuotaBytes(tx, workspaceId);
      const used = await documentUsageBytes(tx, workspaceId);
      if (used + bytes.length > quota)
        throw new AppError('CONFLICT', DOCUMENT_MESSAGES.quotaReached(quota, used), {
          quotaBytes: quota,
          usedBytes: used,
        });
      const [row] = await tx
        .insert(shipmentDocuments)
        .values({
          workspaceId,
          mode,
          subscriptionId: shipmentId,
          type: input.type,
          filename,
          size: bytes.length,
          contentType,
          storageKey,
          source: input.source,
          uploadedBy: input.uploadedBy,
        })
        .returning();
      await emitWebhookEvent(tx, {
        workspaceId,
        type: 'document.added',
        data: {
          mode,
          shipmentId,
          document: {
            id: row!.id,
            type: row!.type,
            filename: row!.filename,
            size: row!.size,
            contentType: row!.contentType,
            source: row!.source,
            uploadedBy: row!.uploadedBy,
            uploadedAt: row!.createdAt.toISOString(),
          },
        },
      });
      await publishShipmentsChanged(tx, workspaceId, [shipmentId]);
      return row!;
    });
  } catch (error) {
    await input.storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

/** Who is asking: their id and whether they administer the workspace (for canDelete). */
export interface DocumentViewer {
  userId: string | null;
  role: OrganizationRole | null;
}

const mayDelete = (viewer: DocumentViewer, row: { uploadedBy: string | null }) =>
  (viewer.role !== null && canManageOrganization(viewer.role)) ||
  (viewer.userId !== null && row.uploadedBy === viewer.userId);

/** The shipment's documents, newest first; another workspace's shipment is not found. */
export async function listDocuments(
  db: Database,
  workspaceId: string,
  mode: TrackingMode,
  shipmentId: string,
  viewer: DocumentViewer,
): Promise<ShipmentDocuments> {
  await assertShipment(db, workspaceId, mode, shipmentId);
  const rows = await db
    .select({
      document: shipmentDocuments,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(shipmentDocuments)
    .leftJoin(users, eq(users.id, shipmentDocuments.uploadedBy))
    .where(ofShipment(workspaceId, mode, shipmentId))
    .orderBy(desc(shipmentDocuments.createdAt), desc(shipmentDocuments.id));
  return {
    documents: rows.map(({ document, firstName, lastName }) =>
      toDocument(document, firstName === null ? null : `${firstName} ${lastName ?? ''}`.trim(), viewer),
    ),
    storage: {
      usedBytes: await documentUsageBytes(db, workspaceId),
      quotaBytes: await documentQuotaBytes(db, workspaceId),
    },
  };
}

export function toDocument(
  row: DocumentRow,
  uploaderName: string | null,
  viewer: DocumentViewer,
): ShipmentDocument {
  return {
    id: row.id,
    type: row.type,
    filename: row.filename,
    size: row.size,
    contentType: row.contentType,
    source: row.source,
    uploadedBy: row.uploadedBy ? { id: row.uploadedBy, name: uploaderName ?? '' } : null,
    uploadedAt: row.createdAt.toISOString(),
    canDelete: mayDelete(viewer, row),
  };
}

/** One document as the API shows it, with its uploader's name. */
export async function describeDocument(
  db: Database,
  row: DocumentRow,
  viewer: DocumentViewer,
): Promise<ShipmentDocument> {
  const [uploader] = row.uploadedBy
    ? await db
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, row.uploadedBy))
    : [];
  return toDocument(row, uploader ? `${uploader.firstName} ${uploader.lastName}`.trim() : null, viewer);
}

const ofShipment = (workspaceId: string, mode: TrackingMode, shipmentId: string) =>
  and(
    inWorkspace({ workspaceId }, shipmentDocuments),
    eq(shipmentDocuments.mode, mode),
    eq(shipmentDocuments.subscriptionId, shipmentId),
  );

/** Refuses (404) a shipment that is not the workspace's, before anything else is read. */
export async function assertShipment(
  db: Database,
  workspaceId: string,
  mode: TrackingMode,
  shipmentId: string,
) {
  const table = modeFeatures(mode).table;
  if (!isUuid(shipmentId)) throw new AppError('NOT_FOUND', NOT_TRACKED);
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(inWorkspace({ workspaceId }, table), eq(table.id, shipmentId)));
  if (!row) throw new AppError('NOT_FOUND', NOT_TRACKED);
}

/** One document of the shipment, or 404 (another workspace's, another shipment's, or none). */
export async function findDocument(
  db: Database,
  workspaceId: string,
  mode: TrackingMode,
  shipmentId: string,
  documentId: string,
): Promise<DocumentRow> {
  await assertShipment(db, workspaceId, mode, shipmentId);
  if (!isUuid(documentId)) throw new AppError('NOT_FOUND', DOCUMENT_MESSAGES.notFound);
  const [row] = await db
    .select()
    .from(shipmentDocuments)
    .where(and(ofShipment(workspaceId, mode, shipmentId), eq(shipmentDocuments.id, documentId)));
  if (!row) throw new AppError('NOT_FOUND', DOCUMENT_MESSAGES.notFound);
  return row;
}

/** The document's row and its bytes as they stream from storage. */
export async function openDocument(
  db: Database,
  storage: FileStorage,
  workspaceId: string,
  mode: TrackingMode,
  shipmentId: string,
  documentId: string,
): Promise<{ row: DocumentRow; stream: Readable }> {
  const row = await findDocument(db, workspaceId, mode, shipmentId, documentId);
  const stream = await storage.get(row.storageKey);
  if (!stream) throw new AppError('NOT_FOUND', DOCUMENT_MESSAGES.notFound);
  return { row, stream };
}

/**
 * Deletes a document: its uploader or a workspace admin may (403 for others). The row goes in a
 * transaction that tells open pages; the bytes after it commits.
 */
export async function deleteDocument(
  db: Database,
  storage: FileStorage,
  workspaceId: string,
  mode: TrackingMode,
  shipmentId: string,
  documentId: string,
  viewer: DocumentViewer,
): Promise<void> {
  const storageKey = await db.transaction(async (tx) => {
    await lockWorkspaceShipment(tx, modeFeatures(mode).table, workspaceId, shipmentId);
    if (!isUuid(documentId)) throw new AppError('NOT_FOUND', DOCUMENT_MESSAGES.notFound);
    const [row] = await tx
      .select()
      .from(shipmentDocuments)
      .where(and(ofShipment(workspaceId, mode, shipmentId), eq(shipmentDocuments.id, documentId)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', DOCUMENT_MESSAGES.notFound);
    if (!mayDelete(viewer, row)) throw new AppError('FORBIDDEN', DOCUMENT_MESSAGES.deleteForbidden);
    await tx.delete(shipmentDocuments).where(eq(shipmentDocuments.id, row.id));
    await publishShipmentsChanged(tx, workspaceId, [shipmentId]);
    return row.storageKey;
  });
  await storage.delete(storageKey).catch(() => undefined);
}
