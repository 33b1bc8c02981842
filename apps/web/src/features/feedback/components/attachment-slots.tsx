import { ActionIcon, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconPaperclip, IconX } from '@tabler/icons-react';
import { FEEDBACK_ATTACHMENTS_MAX } from '@tracklane/shared/constants';
import { ATTACHMENT_ACCEPT } from '../utils/read-attachment';
import classes from './feedback.module.css';

/** spec §4: each slot uploads with progress and ends Completed or Failed. */
export type SlotStatus = 'loading' | 'failed' | 'completed';

export interface AttachmentSlot {
  key: string;
  filename: string;
  size: number;
  status: SlotStatus;
  progress: number;
  /** Why it failed: "File type not supported", "File too large". */
  message: string | null;
  previewUrl: string | null;
  disposition: 'inline' | 'attachment';
  contentId: string;
  content: string | null;
  type: 'image/png' | 'image/jpeg' | 'image/gif' | null;
}

const STATUS_LABEL: Record<SlotStatus, string> = {
  loading: 'Loading',
  failed: 'Failed',
  completed: 'Completed',
};

function formatSize(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  if (bytes >= 1_000) return `${String(Math.round(bytes / 1_000))} kB`;
  return `${String(bytes)} B`;
}

interface AttachmentSlotsProps {
  slots: AttachmentSlot[];
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  disabled?: boolean;
}

/** The three attachment slots of the feedback form, with the add button while one is free. */
export function AttachmentSlots({ slots, onAdd, onRemove, disabled = false }: AttachmentSlotsProps) {
  const free = FEEDBACK_ATTACHMENTS_MAX - slots.length;
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Text size="sm" fw={500}>
            Images
          </Text>
          <Text size="xs" c="dimmed">
            PNG, JPG or GIF, up to 5 MB each, {FEEDBACK_ATTACHMENTS_MAX} at most. Pasted screenshots count.
          </Text>
        </div>
        <FileButton onChange={onAdd} accept={ATTACHMENT_ACCEPT} multiple disabled={disabled || free <= 0}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              leftSection={<IconPaperclip size={14} />}
              disabled={disabled || free <= 0}
              data-testid="feedback-add-image"
            >
              Add image
            </Button>
          )}
        </FileButton>
      </Group>
      {slots.length > 0 ? (
        <Stack
          gap={6}
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label="Attached images"
        >
          {slots.map((slot) => (
            <li key={slot.key} className={classes.slot} data-status={slot.status} data-testid="feedback-slot">
              {slot.previewUrl && slot.status === 'completed' ? (
                <img src={slot.previewUrl} alt="" className={classes.thumb} />
              ) : (
                <div className={classes.thumb} aria-hidden="true" />
              )}
              <Stack gap={2} miw={0}>
                <Text size="sm" truncate title={slot.filename}>
                  {slot.filename}
                </Text>
                {slot.status === 'loading' ? (
                  <Progress
                    value={slot.progress}
                    size="sm"
                    radius="xl"
                    aria-label={`Loading ${slot.filename}`}
                    animated
                  />
                ) : null}
                <Group gap={4} wrap="nowrap">
                  {slot.status === 'failed' ? (
                    <IconAlertCircle size={14} color="var(--mantine-color-red-7)" aria-hidden="true" />
                  ) : slot.status === 'completed' ? (
                    <IconCircleCheck size={14} color="var(--mantine-color-teal-7)" aria-hidden="true" />
                  ) : null}
                  <Text
                    size="xs"
                    c={slot.status === 'failed' ? 'red.8' : 'dimmed'}
                    data-testid="feedback-slot-status"
                  >
                    {STATUS_LABEL[slot.status]}
                    {slot.message ? `: ${slot.message}` : ` · ${formatSize(slot.size)}`}
                    {slot.disposition === 'inline' && slot.status === 'completed' ? ' · in the text' : ''}
                  </Text>
                </Group>
              </Stack>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Remove ${slot.filename}`}
                onClick={() => onRemove(slot.key)}
                disabled={disabled}
              >
                <IconX size={16} />
              </ActionIcon>
            </li>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
