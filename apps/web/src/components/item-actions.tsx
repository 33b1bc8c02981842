import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-client';

interface ItemActionsProps {
  /** The item's name, in the buttons' accessible names ("Rename Acme", "Delete Acme"). */
  name: string;
  editLabel?: 'Edit' | 'Rename';
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
  /** Actions shown before Edit (a reorder's arrows). */
  children?: ReactNode;
}

/** A settings list row's Edit and Delete buttons. */
export function ItemActions({
  name,
  editLabel = 'Edit',
  onEdit,
  onDelete,
  deleting,
  children,
}: ItemActionsProps) {
  return (
    <Group gap={4} wrap="nowrap">
      {children}
      <Tooltip label={editLabel} openDelay={400}>
        <ActionIcon variant="subtle" color="gray" aria-label={`${editLabel} ${name}`} onClick={onEdit}>
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete" openDelay={400}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete ${name}`}
          onClick={onDelete}
          loading={deleting}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

interface ConfirmDeleteOptions {
  title: string;
  /** What the delete takes with it. */
  body: string;
  confirmLabel?: string;
  /** The notification's title when the delete fails. */
  failureTitle?: string;
  /** Runs the delete; `onError` shows its failure. */
  run: (onError: (error: unknown) => void) => void;
}

/** Asks before a delete (the page renders a `ModalsProvider`); a refused delete shows as a notification. */
export function confirmDelete({
  title,
  body,
  confirmLabel = 'Delete',
  failureTitle = 'Not deleted',
  run,
}: ConfirmDeleteOptions) {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{body}</Text>,
    labels: { confirm: confirmLabel, cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () =>
      run((error) => notifications.show({ color: 'red', title: failureTitle, message: errorMessage(error) })),
  });
}
