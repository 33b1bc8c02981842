import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconBold, IconItalic, IconList, IconListNumbers } from '@tabler/icons-react';
import { forwardRef, useId, useImperativeHandle, useRef } from 'react';
import classes from './feedback.module.css';

export interface FeedbackEditorHandle {
  /** The HTML to send: inline images point at their attachment (`cid:`), others are left out. */
  serialize(inlineIds: ReadonlySet<string>): string;
  /** Puts an image where the caret is (or at the end), shown from `url` while writing. */
  insertImage(url: string, contentId: string, alt: string): void;
  removeImage(contentId: string): void;
  focus(): void;
}

interface FeedbackEditorProps {
  label: string;
  /** Whether there is something to send: words, or an inline image. */
  onChange: (hasContent: boolean) => void;
  /** An image pasted or dropped into the text. */
  onImage: (file: File) => void;
  disabled?: boolean;
}

const TOOLS = [
  { command: 'bold', label: 'Bold (Ctrl+B)', Icon: IconBold },
  { command: 'italic', label: 'Italic (Ctrl+I)', Icon: IconItalic },
  { command: 'insertUnorderedList', label: 'Bulleted list', Icon: IconList },
  { command: 'insertOrderedList', label: 'Numbered list', Icon: IconListNumbers },
] as const;

function hasContent(root: HTMLElement): boolean {
  return (root.textContent ?? '').trim().length > 0 || root.querySelector('img[data-cid]') !== null;
}

/**
 * The feedback's rich text (spec §2 feedback form): paragraphs, bold, italic and lists, with images
 * pasted in place. The browser's own editing keeps undo, selection and keyboard shortcuts working; the
 * server sanitises whatever HTML arrives.
 */
export const FeedbackEditor = forwardRef<FeedbackEditorHandle, FeedbackEditorProps>(function FeedbackEditor(
  { label, onChange, onImage, disabled = false },
  ref,
) {
  const editor = useRef<HTMLDivElement>(null);
  const labelId = useId();

  useImperativeHandle(ref, () => ({
    serialize(inlineIds) {
      const root = editor.current;
      if (!root) return '';
      const copy = root.cloneNode(true) as HTMLElement;
      for (const img of Array.from(copy.querySelectorAll('img'))) {
        const id = img.dataset.cid;
        if (id && inlineIds.has(id)) {
          img.setAttribute('src', `cid:${id}`);
          img.removeAttribute('data-cid');
        } else img.remove();
      }
      return copy.innerHTML;
    },
    insertImage(url, contentId, alt) {
      const root = editor.current;
      if (!root) return;
      const img = document.createElement('img');
      img.src = url;
      img.alt = alt;
      img.dataset.cid = contentId;
      const selection = window.getSelection();
      const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
      if (range && root.contains(range.commonAncestorContainer)) {
        range.deleteContents();
        range.insertNode(img);
        range.setStartAfter(img);
      } else root.appendChild(img);
      onChange(hasContent(root));
    },
    removeImage(contentId) {
      const root = editor.current;
      root?.querySelector(`img[data-cid="${CSS.escape(contentId)}"]`)?.remove();
      if (root) onChange(hasContent(root));
    },
    focus() {
      editor.current?.focus();
    },
  }));

  const run = (command: string) => {
    editor.current?.focus();
    // execCommand is deprecated but remains the only editing primitive every browser ships; a missing
    // one only means the button does nothing.
    document.execCommand(command);
    if (editor.current) onChange(hasContent(editor.current));
  };

  return (
    <div>
      <Group justify="space-between" align="flex-end" mb={4} wrap="nowrap">
        <Text component="label" id={labelId} size="sm" fw={500}>
          {label}
        </Text>
        <Group gap={2} role="toolbar" aria-label="Formatting" wrap="nowrap">
          {TOOLS.map(({ command, label: toolLabel, Icon }) => (
            <Tooltip key={command} label={toolLabel} openDelay={400}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="md"
                aria-label={toolLabel}
                disabled={disabled}
                // Keeps the selection in the text while the button is pressed.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => run(command)}
              >
                <Icon size={16} stroke={1.75} />
              </ActionIcon>
            </Tooltip>
          ))}
        </Group>
      </Group>
      <div
        ref={editor}
        className={classes.editor}
        contentEditable={!disabled}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        aria-disabled={disabled || undefined}
        tabIndex={0}
        data-placeholder="What happened, or what would help you? Paste a screenshot if it shows it best."
        data-testid="feedback-editor"
        suppressContentEditableWarning
        onInput={(event) => onChange(hasContent(event.currentTarget))}
        onPaste={(event) => {
          const images = Array.from(event.clipboardData.files).filter((f) => f.type.startsWith('image/'));
          if (images.length === 0) return;
          event.preventDefault();
          images.forEach(onImage);
        }}
        onDrop={(event) => {
          const images = Array.from(event.dataTransfer.files).filter((f) => f.type.startsWith('image/'));
          if (images.length === 0) return;
          event.preventDefault();
          images.forEach(onImage);
        }}
      />
    </div>
  );
});
