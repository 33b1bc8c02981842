import { Avatar, Button, Combobox, Group, Text, Textarea, useCombobox } from '@mantine/core';
import { COMMENT_MAX_LENGTH } from '@tracklane/shared/comments/comment-content';
import type { MentionableMember } from '@tracklane/shared/comments/comments.schema';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { initialsOf } from '../../../lib/initials';
import { useMentionableMembers } from '../api/list-mentionable';
import { mentionQueryAt, toEditorText, toStoredContent, type PickedMention } from '../utils/editor-mentions';
import classes from './comments.module.css';

/** Members offered at once in the @ list; typing narrows it. */
const OPTIONS_MAX = 8;

const fullName = (m: Pick<MentionableMember, 'firstName' | 'lastName'>) =>
  `${m.firstName} ${m.lastName}`.trim();

interface CommentEditorProps {
  /** Stored content to start from (editing), or nothing (a new comment). */
  initial?: string;
  submitLabel: string;
  pending: boolean;
  /** Resolves when saved (the editor then empties); rejects to keep the text. */
  onSubmit: (content: string) => Promise<unknown>;
  onCancel?: () => void;
  autoFocus?: boolean;
  label: string;
}

/**
 * A light editor: a textarea where `@` opens a list of the workspace's members (arrows, Enter or Tab
 * to pick, Escape to close). The text shows `@Name`; what is sent carries `@[Name](userId)` for each
 * member picked and still in the text. Ctrl/⌘+Enter posts.
 */
export function CommentEditor({
  initial,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
  autoFocus,
  label,
}: CommentEditorProps) {
  const start = initial ? toEditorText(initial) : { text: '', mentions: [] };
  const [text, setText] = useState(start.text);
  const [picked, setPicked] = useState<PickedMention[]>(start.mentions);
  const [query, setQuery] = useState<{ start: number; query: string } | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  /** Where the caret goes once a picked name is in the text; placed as the text commits, so the
   * next key typed lands after the name however fast it comes. */
  const caretAfterPick = useRef<number | null>(null);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const members = useMentionableMembers(true);

  const options = (members.data ?? [])
    .filter((m) => {
      if (!query) return false;
      const q = query.query.toLowerCase();
      return fullName(m).toLowerCase().includes(q) || m.email.toLowerCase().includes(q);
    })
    .slice(0, OPTIONS_MAX);
  const listOpen = query !== null && options.length > 0;

  useEffect(() => {
    if (listOpen) {
      combobox.openDropdown();
      combobox.selectFirstOption();
    } else combobox.closeDropdown();
    // The list follows what is typed; the store's functions are stable enough for this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listOpen, query?.query]);

  const track = (value: string, caret: number) => {
    setText(value);
    setQuery(mentionQueryAt(value, caret));
  };

  const pick = (userId: string) => {
    const member = members.data?.find((m) => m.userId === userId);
    if (!member || !query) return;
    const name = fullName(member);
    const before = text.slice(0, query.start);
    const after = text.slice(query.start + 1 + query.query.length);
    const inserted = `@${name} `;
    const next = `${before}${inserted}${after.replace(/^ /, '')}`;
    setText(next);
    setPicked((current) =>
      current.some((m) => m.userId === userId) ? current : [...current, { userId, name }],
    );
    setQuery(null);
    caretAfterPick.current = before.length + inserted.length;
  };

  useLayoutEffect(() => {
    const caret = caretAfterPick.current;
    if (caret === null) return;
    caretAfterPick.current = null;
    area.current?.focus();
    area.current?.setSelectionRange(caret, caret);
  });

  const submit = async () => {
    if (!text.trim() || pending) return;
    const mentions = picked.filter((m) => text.includes(`@${m.name}`));
    try {
      await onSubmit(toStoredContent(text, mentions));
      setText('');
      setPicked([]);
    } catch {
      // The caller says what went wrong; the text stays for another try.
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (combobox.dropdownOpened) {
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        combobox.selectNextOption();
        return;
      }
      if (event.key === 'ArrowUp') {
        event.preventDefault();
        combobox.selectPreviousOption();
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && combobox.getSelectedOptionIndex() !== -1) {
        event.preventDefault();
        combobox.clickSelectedOption();
        return;
      }
      if (event.key === 'Escape') {
        // Closes the list only, not a dialog or popover around the editor.
        event.preventDefault();
        event.stopPropagation();
        setQuery(null);
        return;
      }
    }
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
    if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      onCancel();
    }
  };

  const remaining = COMMENT_MAX_LENGTH - text.length;
  const visiblePicked = picked.filter((m) => text.includes(`@${m.name}`));

  return (
    <div className={classes.editor}>
      <Combobox store={combobox} onOptionSubmit={pick} position="bottom-start" withinPortal={false}>
        <Combobox.Target withKeyboardNavigation={false}>
          <Textarea
            ref={area}
            label={label}
            placeholder="Write a comment. Type @ to mention a teammate."
            rows={3}
            resize="vertical"
            value={text}
            autoFocus={autoFocus}
            maxLength={COMMENT_MAX_LENGTH}
            onChange={(event) => track(event.currentTarget.value, event.currentTarget.selectionStart)}
            onSelect={(event) =>
              setQuery(mentionQueryAt(event.currentTarget.value, event.currentTarget.selectionStart))
            }
            onBlur={() => setQuery(null)}
            onKeyDown={onKeyDown}
            description={remaining < 500 ? `${remaining.toLocaleString('en-US')} characters left` : undefined}
            data-testid="comment-input"
          />
        </Combobox.Target>
        <Combobox.Dropdown data-testid="mention-options">
          <Combobox.Options aria-label="Members to mention">
            {options.map((m) => (
              <Combobox.Option
                value={m.userId}
                key={m.userId}
                // Picking with the mouse must not blur the textarea first (which closes the list).
                onMouseDown={(event) => event.preventDefault()}
              >
                <span className={classes.option}>
                  <Avatar src={m.imageUrl} size={24} radius="xl" color="ocean" alt="">
                    {initialsOf(m)}
                  </Avatar>
                  <span className={classes.optionText}>
                    <Text size="sm" fw={600} component="span">
                      {fullName(m)}
                    </Text>
                    <span className={classes.optionEmail}>{m.email}</span>
                  </span>
                </span>
              </Combobox.Option>
            ))}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <Group justify="space-between" mt="xs" gap="xs" wrap="wrap">
        <div className={classes.picked} aria-live="polite">
          {visiblePicked.length ? (
            <>
              <Text size="xs" c="dimmed" component="span">
                Notifies
              </Text>
              {visiblePicked.map((m) => (
                <span key={m.userId} className={classes.chip}>
                  @{m.name}
                </span>
              ))}
            </>
          ) : null}
        </div>
        <Group gap="xs">
          {onCancel ? (
            <Button variant="default" size="xs" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button size="xs" loading={pending} disabled={!text.trim()} onClick={() => void submit()}>
            {submitLabel}
          </Button>
        </Group>
      </Group>
    </div>
  );
}
