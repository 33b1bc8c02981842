import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { FEEDBACK_ATTACHMENTS_MAX } from '@tracklane/shared/constants';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_CATEGORY_LABEL,
  type FeedbackCategory,
} from '@tracklane/shared/feedback/feedback.schema';
import { useEffect, useRef, useState } from 'react';
import { precheckAttachment, readAttachment } from '../utils/read-attachment';
import { AttachmentSlots, type AttachmentSlot } from './attachment-slots';
import { FeedbackEditor, type FeedbackEditorHandle } from './feedback-editor';

export interface FeedbackDraft {
  category: FeedbackCategory;
  content: string;
  files: {
    content: string;
    type: 'image/png' | 'image/jpeg' | 'image/gif';
    filename: string;
    disposition: 'inline' | 'attachment';
    contentId?: string;
  }[];
}

interface FeedbackFormModalProps {
  opened: boolean;
  onClose: () => void;
  onSubmit: (draft: FeedbackDraft) => void;
  sending: boolean;
}

const CATEGORY_OPTIONS = FEEDBACK_CATEGORIES.map((value) => ({
  value,
  label: FEEDBACK_CATEGORY_LABEL[value],
}));

let slotSerial = 0;
const newContentId = () => `image-${String(Date.now())}-${String(++slotSerial)}@feedback`;

/**
 * spec §2 feedback form: a category, the rich text (Send stays disabled until it holds something) and
 * three image slots (spec §5: jpeg, jpg, png, gif; 5,000,000 bytes each; three at most).
 */
export function FeedbackFormModal({ opened, onClose, onSubmit, sending }: FeedbackFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Send feedback" size="lg" keepMounted>
      <FeedbackForm onCancel={onClose} onSubmit={onSubmit} sending={sending} />
    </Modal>
  );
}

function FeedbackForm({
  onCancel,
  onSubmit,
  sending,
}: {
  onCancel: () => void;
  onSubmit: (draft: FeedbackDraft) => void;
  sending: boolean;
}) {
  const editor = useRef<FeedbackEditorHandle>(null);
  const [category, setCategory] = useState<FeedbackCategory>('bug');
  const [hasContent, setHasContent] = useState(false);
  const [slots, setSlots] = useState<AttachmentSlot[]>([]);
  // The latest slots for the file readers' callbacks, which outlive the render that started them.
  const slotsRef = useRef<AttachmentSlot[]>([]);
  const commit = (change: (current: AttachmentSlot[]) => AttachmentSlot[]) => {
    slotsRef.current = change(slotsRef.current);
    setSlots(slotsRef.current);
  };

  // Preview URLs hold the image in memory until revoked.
  useEffect(
    () => () => {
      for (const slot of slotsRef.current) if (slot.previewUrl) URL.revokeObjectURL(slot.previewUrl);
    },
    [],
  );

  const update = (key: string, change: Partial<AttachmentSlot>) =>
    commit((current) => current.map((s) => (s.key === key ? { ...s, ...change } : s)));

  const add = (files: File[], disposition: 'inline' | 'attachment') => {
    const room = FEEDBACK_ATTACHMENTS_MAX - slotsRef.current.length;
    for (const file of files.slice(0, Math.max(0, room))) {
      const contentId = newContentId();
      const pre = precheckAttachment(file);
      const slot: AttachmentSlot = {
        key: contentId,
        filename: file.name || 'pasted-image.png',
        size: file.size,
        status: pre.ok ? 'loading' : 'failed',
        progress: 0,
        message: pre.ok ? null : pre.message,
        previewUrl: null,
        disposition,
        contentId,
        content: null,
        type: null,
      };
      commit((current) => [...current, slot]);
      if (!pre.ok) continue;
      readAttachment(file, (progress) => update(contentId, { progress })).then(
        ({ content, type }) => {
          const previewUrl = URL.createObjectURL(file);
          update(contentId, { status: 'completed', progress: 100, content, type, previewUrl });
          if (disposition === 'inline') editor.current?.insertImage(previewUrl, contentId, slot.filename);
        },
        (error: unknown) =>
          update(contentId, {
            status: 'failed',
            message: error instanceof Error ? error.message : 'The file could not be read',
          }),
      );
    }
  };

  const remove = (key: string) => {
    const slot = slotsRef.current.find((s) => s.key === key);
    if (slot?.previewUrl) URL.revokeObjectURL(slot.previewUrl);
    if (slot?.disposition === 'inline') editor.current?.removeImage(slot.contentId);
    commit((current) => current.filter((s) => s.key !== key));
  };

  const loading = slots.some((s) => s.status === 'loading');
  const submit = () => {
    const ready = slots.filter((s) => s.status === 'completed' && s.content && s.type);
    const inlineIds = new Set(ready.filter((s) => s.disposition === 'inline').map((s) => s.contentId));
    onSubmit({
      category,
      content: editor.current?.serialize(inlineIds) ?? '',
      files: ready.map((s) => ({
        content: s.content!,
        type: s.type!,
        filename: s.filename,
        disposition: s.disposition,
        ...(s.disposition === 'inline' ? { contentId: s.contentId } : {}),
      })),
    });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (hasContent && !loading) submit();
      }}
    >
      <Stack gap="md">
        <Select
          label="Category"
          data={CATEGORY_OPTIONS}
          value={category}
          onChange={(value) => value && setCategory(value)}
          allowDeselect={false}
          disabled={sending}
          comboboxProps={{ withinPortal: true }}
        />
        <FeedbackEditor
          ref={editor}
          label="Your feedback"
          onChange={setHasContent}
          onImage={(file) => add([file], 'inline')}
          disabled={sending}
        />
        <AttachmentSlots
          slots={slots}
          onAdd={(files) => add(files, 'attachment')}
          onRemove={remove}
          disabled={sending}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={sending}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={!hasContent || loading}
            loading={sending}
            data-testid="feedback-submit"
          >
            Send feedback
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
