import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import {
  IMAGE_ACCEPT,
  IMAGE_MAX_LABEL,
  imageFileProblem,
  KEEP_IMAGE,
  type ImageChange,
} from '../lib/entity-image';
import { EntityAvatar } from './entity-avatar';

interface EntityImageFieldProps {
  /** The organization's or workspace's name, for the initials shown without an image. */
  name: string;
  /** What is saved now. */
  currentImage: string | null;
  /** What the next save will do; the field shows its result. */
  change: ImageChange;
  onChange: (change: ImageChange) => void;
  /** From the server after a refused save (type or size judged by the bytes). */
  error?: string | null;
  disabled?: boolean;
  /** Names the buttons for assistive technology, e.g. "workspace image". */
  subject: string;
}

/** Picks, previews or removes an image; nothing is sent until the form is saved. */
export function EntityImageField({
  name,
  currentImage,
  change,
  onChange,
  error,
  disabled,
  subject,
}: EntityImageFieldProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const resetFileInput = useRef<() => void>(null);
  // Made when the file is chosen, released when another is chosen or the field goes away.
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview.url) : undefined), [preview]);
  const shown =
    change.kind === 'replace'
      ? preview?.file === change.file
        ? preview.url
        : null
      : change.kind === 'remove'
        ? null
        : currentImage;
  const message = problem ?? error ?? null;

  const choose = (file: File | null) => {
    // Lets the same file be chosen again after a refusal.
    resetFileInput.current?.();
    if (!file) return;
    const fileProblem = imageFileProblem(file);
    setProblem(fileProblem);
    if (fileProblem) return;
    setPreview({ file, url: URL.createObjectURL(file) });
    onChange({ kind: 'replace', file });
  };

  const remove = () => {
    setProblem(null);
    // Removing a file chosen a moment ago goes back to no image only if none is saved either.
    onChange(currentImage ? { kind: 'remove' } : KEEP_IMAGE);
  };

  return (
    <Group gap="md" align="center" wrap="nowrap">
      <EntityAvatar name={name || '?'} image={shown} size={56} fz="lg" />
      <Stack gap={6} miw={0}>
        <Group gap="xs">
          <FileButton onChange={choose} accept={IMAGE_ACCEPT} resetRef={resetFileInput} disabled={disabled}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                leftSection={<IconUpload size={14} stroke={1.75} />}
                disabled={disabled}
                aria-label={`${shown ? 'Change' : 'Upload'} ${subject}`}
              >
                {shown ? 'Change image' : 'Upload image'}
              </Button>
            )}
          </FileButton>
          {shown ? (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} stroke={1.75} />}
              onClick={remove}
              disabled={disabled}
              aria-label={`Remove ${subject}`}
            >
              Remove
            </Button>
          ) : null}
        </Group>
        {message ? (
          <Text size="xs" c="red.8" role="alert">
            {message}
          </Text>
        ) : (
          <Text size="xs" c="dimmed">
            JPEG, PNG or GIF, up to {IMAGE_MAX_LABEL}.
          </Text>
        )}
      </Stack>
    </Group>
  );
}
