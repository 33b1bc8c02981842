import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPES,
  DOCUMENT_TYPE_LABELS,
  isPreviewable,
  MAX_DOCUMENT_BYTES,
  shipmentDocumentSchema,
  shipmentDocumentsSchema,
  type DocumentType,
} from '@tracklane/shared/documents/documents.schema';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { allModeFeatures } from '../../modes';
import { shipmentSurfaces } from '../public-api/shipment-part-routes';
import { v1Responses } from '../public-api/v1-schema';
import { assertAllowedText } from '../../lib/allowed-text';
import {
  addDocument,
  assertShipment,
  deleteDocument,
  listDocuments,
  openDocument,
  describeDocument,
  type DocumentViewer,
} from './documents.service';

/**
 * A shipment's documents, each mode at its own path and on both surfaces (the app's session and API
 * keys under /api/v1), written once over the mode registry: members who may see shipments list and
 * download them, members who may change shipments upload, the uploader or a workspace admin deletes;
 * another workspace's shipment is not found. Files are never at a public URL: they stream through
 * these routes, previewable ones (PDF, images) inline under a sandboxing CSP, the others as
 * attachments.
 */

const exampleDocument = {
  id: '3f2c1b9a-6d5e-4f70-8a1b-2c3d4e5f6a7b',
  type: 'bill_of_lading',
  filename: 'MSKU1234565-BL.pdf',
  size: 184_220,
  contentType: 'application/pdf',
  source: 'upload',
  uploadedBy: { id: '0b6f3c5e-1d2a-4c7b-9e8f-1a2b3c4d5e6f', name: 'Dana Okafor' },
  uploadedAt: '2026-11-20T09:14:03.120Z',
  canDelete: true,
};
const envelopeOf = (result: unknown, message = 'OK') => ({ success: true, message, code: 'OK', result });

const documentFilePart = z
  .file()
  .describe(
    'The file: a PDF, an image (PNG, JPEG, GIF, WebP), an Office document (docx, xlsx, pptx, doc, xls) or an e-mail (.eml); at most 25 MB. Its type is found from its bytes.',
  );
const uploadForm = z.object({
  type: z.enum(DOCUMENT_TYPES).describe('What the document is'),
  file: documentFilePart,
});

/** Reads the upload: its `type` field and its one file with the name the client gave. */
async function readUpload(
  request: FastifyRequest,
): Promise<{ type: DocumentType; filename: string; bytes: Buffer }> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the document as multipart/form-data.');
  const fields: Record<string, string> = {};
  let file: { filename: string; bytes: Buffer } | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 5, fieldSize: 1000 },
    })) {
      if (part.type === 'file') file = { filename: part.filename, bytes: await part.toBuffer() };
      else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    const status = (err as { statusCode?: unknown }).statusCode;
    if (status === 413) throw new AppError('PAYLOAD_TOO_LARGE', DOCUMENT_MESSAGES.tooLarge);
    if (typeof status === 'number') throw err;
    request.log.debug({ err }, 'unreadable multipart form');
    throw new AppError('BAD_REQUEST', 'The form could not be read. Send it again as multipart/form-data.');
  }
  assertAllowedText(fields);
  const type = z.enum(DOCUMENT_TYPES).safeParse(fields.type);
  if (!type.success)
    throw new AppError(
      'VALIDATION',
      `Choose the document's type: ${DOCUMENT_TYPES.map((t) => DOCUMENT_TYPE_LABELS[t]).join(', ')}.`,
    );
  if (!file) throw new AppError('VALIDATION', DOCUMENT_MESSAGES.noFile);
  return { type: type.data, ...file };
}

/** A header value's file name: ASCII only, no quote or backslash; the full name goes in filename*. */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** The headers every served document carries: never sniffed, never run, never cached by others. */
function serveHeaders(reply: FastifyReply, contentType: string, filename: string, download: boolean) {
  const inline = !download && isPreviewable(contentType);
  return (
    reply
      .header('content-type', inline ? contentType : 'application/octet-stream')
      .header('x-content-type-options', 'nosniff')
      // Chromium shows a PDF through its viewer only when object-src allows the document itself
      // (with `default-src 'none'` alone the frame stays blank); the sandbox still keeps scripts out.
      .header(
        'content-security-policy',
        "default-src 'none'; object-src 'self'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      )
      .header('cache-control', 'private, no-store')
      .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', filename))
  );
}

/** A download's OpenAPI side on /api/v1: the key it needs and the error answers (its 200 is the file). */
function fileResponses() {
  const { security, response } = v1Responses(z.null(), null);
  const { 200: _file, ...errors } = response;
  return { security, response: errors };
}

/** The caller as delete rights see it: the member, or for an API key the admin who created it. */
const viewerOf = (request: FastifyRequest): DocumentViewer => ({
  userId: request.tenant?.userId ?? null,
  role: request.tenant?.role ?? null,
});

export const documentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const { mode, routes } of allModeFeatures()) {
    const listAnswer = envelopeSchema(shipmentDocumentsSchema);
    const oneAnswer = envelopeSchema(shipmentDocumentSchema);
    const deleted = envelopeSchema(z.null());
    const listV1 = v1Responses(
      listAnswer,
      envelopeOf({
        documents: [exampleDocument],
        storage: { usedBytes: 184_220, quotaBytes: 1073741824 },
      }),
    );
    const oneV1 = v1Responses(oneAnswer, envelopeOf(exampleDocument, 'Document added'));
    const deleteV1 = v1Responses(deleted, envelopeOf(null, 'Document deleted'));
    for (const surface of shipmentSurfaces(routes, 'documents')) {
      const { url, params, idOf } = surface;
      const oneParams = params.extend({ documentId: z.string().max(60) });
      const documentIdOf = (p: unknown) => (p as { documentId: string }).documentId;

      app.get(
        url,
        {
          config: { access: surface.read },
          schema: {
            tags: surface.tags,
            summary: `List ${routes.one}'s documents`,
            description: surface.v1
              ? 'The documents attached to the shipment, newest first, with the workspace’s document storage used and allowed.'
              : undefined,
            params,
            ...(surface.v1 ? listV1 : { response: { 200: listAnswer } }),
          },
        },
        async (request) =>
          ok(
            await listDocuments(
              ctx.db,
              request.tenant.workspaceId,
              mode,
              idOf(request.params),
              viewerOf(request),
            ),
          ),
      );

      app.post(
        url,
        {
          config: { access: surface.write },
          schema: {
            tags: surface.tags,
            summary: `Attach a document to ${routes.one}`,
            description: surface.v1
              ? 'Uploads one file as multipart/form-data with its `type`. Refused: a type the bytes are not (400; SVG and HTML never), a file over 25 MB (413), a workspace whose document storage is full (409).'
              : undefined,
            params,
            multipartForm: uploadForm,
            ...(surface.v1 ? oneV1 : { response: { 200: oneAnswer } }),
          },
        },
        async (request) => {
          // Another workspace's shipment is not found before its body is read.
          await assertShipment(ctx.db, request.tenant.workspaceId, mode, idOf(request.params));
          const upload = await readUpload(request);
          const row = await addDocument(ctx.db, {
            workspaceId: request.tenant.workspaceId,
            mode,
            shipmentId: idOf(request.params),
            type: upload.type,
            filename: upload.filename,
            bytes: upload.bytes,
            uploadedBy: request.tenant.userId,
            source: 'upload',
            storage: ctx.storage,
          });
          return ok(await describeDocument(ctx.db, row, viewerOf(request)), 'Document added');
        },
      );

      app.get(
        `${url}/:documentId/file`,
        {
          config: { access: surface.read },
          schema: {
            tags: surface.tags,
            summary: `Download one of ${routes.one}'s documents`,
            description:
              'The file’s bytes. PDFs and images come inline with their type (to preview), every other type as an attachment; `download=1` always asks for an attachment.',
            params: oneParams,
            querystring: z.object({ download: z.enum(['0', '1']).optional() }),
            ...(surface.v1 ? fileResponses() : {}),
          },
        },
        async (request, reply) => {
          const { row, stream } = await openDocument(
            ctx.db,
            ctx.storage,
            request.tenant.workspaceId,
            mode,
            idOf(request.params),
            documentIdOf(request.params),
          );
          return serveHeaders(reply, row.contentType, row.filename, request.query.download === '1')
            .header('content-length', String(row.size))
            .send(stream);
        },
      );

      app.delete(
        `${url}/:documentId`,
        {
          config: { access: surface.write },
          schema: {
            tags: surface.tags,
            summary: `Delete one of ${routes.one}'s documents`,
            description: surface.v1
              ? 'Only the member who uploaded it or a workspace admin may delete a document (403 otherwise).'
              : undefined,
            params: oneParams,
            ...(surface.v1 ? deleteV1 : { response: { 200: deleted } }),
          },
        },
        async (request) => {
          await deleteDocument(
            ctx.db,
            ctx.storage,
            request.tenant.workspaceId,
            mode,
            idOf(request.params),
            documentIdOf(request.params),
            viewerOf(request),
          );
          return ok(null, 'Document deleted');
        },
      );
    }
  }
};
