import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  shipmentDocumentSchema,
  shipmentDocumentsSchema,
  type DocumentType,
} from '@tracklane/shared/documents/documents.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { api } from '../../../lib/api-client';
import { tenantQueryKey } from '../../../lib/tenant-queries';

/*
 * A shipment's documents, for either mode. They sit under the mode's key, so a live "shipments
 * changed" message (the server publishes one when a document is added or deleted) refetches them
 * like the detail, and another member's open page shows the change without a reload.
 */

const modeKey = (mode: TrackingMode) => `${mode}-shipments`;
const basePath = (mode: TrackingMode, shipmentId: string) =>
  `/api/shipments/${mode}/${encodeURIComponent(shipmentId)}/documents`;

/** The app's own URL of a document's bytes: inline for PDFs and images, or a download. */
export const documentFileUrl = (
  mode: TrackingMode,
  shipmentId: string,
  documentId: string,
  download = false,
) => `${basePath(mode, shipmentId)}/${encodeURIComponent(documentId)}/file${download ? '?download=1' : ''}`;

export const shipmentDocumentsQueryOptions = (mode: TrackingMode, shipmentId: string) =>
  queryOptions({
    queryKey: tenantQueryKey(modeKey(mode), 'documents', shipmentId),
    queryFn: async ({ signal }) =>
      shipmentDocumentsSchema.parse(await api.get<unknown>(basePath(mode, shipmentId), { signal })),
  });

export function useShipmentDocuments(mode: TrackingMode, shipmentId: string) {
  return useQuery(shipmentDocumentsQueryOptions(mode, shipmentId));
}

export function useUploadDocument(mode: TrackingMode, shipmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, type }: { file: File; type: DocumentType }) => {
      const form = new FormData();
      form.append('type', type);
      form.append('file', file);
      return shipmentDocumentSchema.parse(await api.post<unknown>(basePath(mode, shipmentId), form));
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: shipmentDocumentsQueryOptions(mode, shipmentId).queryKey }),
  });
}

export function useDeleteDocument(mode: TrackingMode, shipmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (documentId: string) =>
      api.delete<unknown>(`${basePath(mode, shipmentId)}/${encodeURIComponent(documentId)}`),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: shipmentDocumentsQueryOptions(mode, shipmentId).queryKey }),
  });
}
