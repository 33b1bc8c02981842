import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { ModalsProvider } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconEye, IconFileUpload, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import {
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  formatBytes,
  isPreviewable,
  MAX_DOCUMENT_BYTES,
  type DocumentType,
  type ShipmentDocument,
} from '@tracklane/shared/documents/documents.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { confirmDelete } from '../../../components/item-actions';
import { errorMessage } from '../../../lib/api-client';
import {
  documentFileUrl,
  useDeleteDocument,
  useShipmentDocuments,
  useUploadDocument,
} from '../api/documents';
import classes from './shipment-documents.module.css';

/** Who added it: the member, or the e-mail it came in (a deleted member's documents keep no name). */
const uploaderOf = (document: ShipmentDocument) =>
  document.uploadedBy?.name ?? (document.source === 'email' ? 'By e-mail' : 'A former member');

const typeOptions = DOCUMENT_TYPES.map((value) => ({ value, label: DOCUMENT_TYPE_LABELS[value] }));

/**
 * A shipment's Documents tab, the same for every mode: the files attached to it with their type,
 * size, uploader and date; members who may change shipments upload (a button or a drop), PDFs and
 * images preview in a modal from the app's own URL, and the uploader or an admin deletes. The server
 * decides every right and the file's type; this only shows what it allows.
 */
export function ShipmentDocuments({
  mode,
  shipmentId,
  canUpload,
  timeZone,
}: {
  mode: TrackingMode;
  shipmentId: string;
  canUpload: boolean;
  timeZone: string;
}) {
  const documents = useShipmentDocuments(mode, shipmentId);
  const upload = useUploadDocument(mode, shipmentId);
  const remove = useDeleteDocument(mode, shipmentId);
  const [type, setType] = useState<DocumentType>('other');
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState<ShipmentDocument | null>(null);

  const send = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setUploadError(null);
    upload.mutate(
      { file, type },
      {
        onSuccess: (added) =>
          notifications.show({ color: 'green', title: 'Document added', message: added.filename }),
        onError: (error) => setUploadError(errorMessage(error)),
      },
    );
  };

  const askDelete = (document: ShipmentDocument) =>
    confirmDelete({
      title: `Delete ${document.filename}?`,
      body: 'The file is removed from this shipment for everyone.',
      run: (onError) => remove.mutate(document.id, { onError }),
    });

  const dateOf = (iso: string) =>
    new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      new Date(iso),
    );

  return (
    // The delete confirmation's modal renders here (the app has no provider of its own for them).
    <ModalsProvider>
      <Paper withBorder radius="lg" p="md" component="section" aria-label="Documents">
        <Stack gap="md">
          {canUpload ? (
            <Stack gap="xs">
              <Group align="end" gap="sm" wrap="wrap">
                <Select
                  label="Document type"
                  data={typeOptions}
                  value={type}
                  onChange={(value) => {
                    if (value) setType(value);
                  }}
                  allowDeselect={false}
                  className={classes.typeSelect}
                />
              </Group>
              <Dropzone
                onDrop={send}
                onReject={() => setUploadError(DOCUMENT_MESSAGES.tooLarge)}
                maxSize={MAX_DOCUMENT_BYTES}
                multiple={false}
                loading={upload.isPending}
                className={classes.dropzone}
                aria-label="Attach a document"
                data-testid="documents-dropzone"
              >
                <Group justify="center" gap="sm" wrap="nowrap" style={{ pointerEvents: 'none' }}>
                  <Dropzone.Accept>
                    <IconUpload size={28} stroke={1.5} color="var(--mantine-color-ocean-6)" />
                  </Dropzone.Accept>
                  <Dropzone.Reject>
                    <IconX size={28} stroke={1.5} color="var(--mantine-color-red-6)" />
                  </Dropzone.Reject>
                  <Dropzone.Idle>
                    <IconFileUpload size={28} stroke={1.5} color="var(--mantine-color-gray-6)" />
                  </Dropzone.Idle>
                  <div>
                    <Text size="sm" fw={600}>
                      Drop a file here or click to choose
                    </Text>
                    <Text size="xs" c="dimmed">
                      PDF, images, Word, Excel, PowerPoint or e-mail (.eml). Up to{' '}
                      {formatBytes(MAX_DOCUMENT_BYTES)}.
                    </Text>
                  </div>
                </Group>
              </Dropzone>
              {uploadError ? (
                <Alert
                  color="red"
                  title="Not attached"
                  role="alert"
                  withCloseButton
                  onClose={() => setUploadError(null)}
                >
                  {uploadError}
                </Alert>
              ) : null}
            </Stack>
          ) : null}

          {documents.isPending ? (
            <Stack gap="xs" aria-label="Loading documents">
              {[0, 1].map((i) => (
                <Skeleton key={i} height={40} radius="md" />
              ))}
            </Stack>
          ) : documents.isError ? (
            <Alert color="red" title="Documents could not be loaded">
              <Stack gap="xs" align="start">
                <Text size="sm">{errorMessage(documents.error)}</Text>
                <Button size="xs" variant="light" onClick={() => void documents.refetch()}>
                  Try again
                </Button>
              </Stack>
            </Alert>
          ) : documents.data.documents.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="md">
              No documents yet.
              {canUpload ? ' Attach the bill of lading, invoices or anything else here.' : ''}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={0}>
              <Table verticalSpacing="xs" className={classes.table}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th className={classes.wide}>Size</Table.Th>
                    <Table.Th className={classes.wide}>Uploaded</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {documents.data.documents.map((document) => (
                    <Table.Tr key={document.id}>
                      <Table.Td className={classes.nameCell}>
                        <Text size="sm" fw={500} className={classes.filename}>
                          {document.filename}
                        </Text>
                        <Group gap={6} mt={2}>
                          <Badge size="xs" variant="light">
                            {DOCUMENT_TYPE_LABELS[document.type]}
                          </Badge>
                          <Text size="xs" c="dimmed" className={classes.narrow}>
                            {formatBytes(document.size)} · {dateOf(document.uploadedAt)} ·{' '}
                            {uploaderOf(document)}
                          </Text>
                        </Group>
                      </Table.Td>
                      <Table.Td className={classes.wide}>
                        <Text size="sm">{formatBytes(document.size)}</Text>
                      </Table.Td>
                      <Table.Td className={classes.wide}>
                        <Text size="sm">{dateOf(document.uploadedAt)}</Text>
                        <Text size="xs" c="dimmed">
                          {uploaderOf(document)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} justify="end" wrap="nowrap">
                          {isPreviewable(document.contentType) ? (
                            <ActionIcon
                              variant="subtle"
                              aria-label={`Preview ${document.filename}`}
                              onClick={() => setPreviewing(document)}
                            >
                              <IconEye size={18} />
                            </ActionIcon>
                          ) : null}
                          <ActionIcon
                            component="a"
                            variant="subtle"
                            href={documentFileUrl(mode, shipmentId, document.id, true)}
                            download={document.filename}
                            aria-label={`Download ${document.filename}`}
                          >
                            <IconDownload size={18} />
                          </ActionIcon>
                          {document.canDelete ? (
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`Delete ${document.filename}`}
                              onClick={() => askDelete(document)}
                            >
                              <IconTrash size={18} />
                            </ActionIcon>
                          ) : null}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {documents.data ? (
            <Text size="xs" c="dimmed">
              Workspace document storage: {formatBytes(documents.data.storage.usedBytes)} of{' '}
              {formatBytes(documents.data.storage.quotaBytes)} used.
            </Text>
          ) : null}
        </Stack>

        <Modal
          opened={previewing !== null}
          onClose={() => setPreviewing(null)}
          title={previewing?.filename ?? ''}
          size="xl"
          fullScreen={false}
          classNames={{ body: classes.previewBody }}
        >
          {previewing ? (
            <Stack gap="sm">
              {previewing.contentType === 'application/pdf' ? (
                <iframe
                  title={`Preview of ${previewing.filename}`}
                  src={documentFileUrl(mode, shipmentId, previewing.id)}
                  className={classes.previewFrame}
                />
              ) : (
                <img
                  src={documentFileUrl(mode, shipmentId, previewing.id)}
                  alt={previewing.filename}
                  className={classes.previewImage}
                />
              )}
              <Anchor href={documentFileUrl(mode, shipmentId, previewing.id, true)} size="sm">
                Download {previewing.filename}
              </Anchor>
            </Stack>
          ) : null}
        </Modal>
      </Paper>
    </ModalsProvider>
  );
}
