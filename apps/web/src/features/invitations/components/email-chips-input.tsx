import { Pill, PillsInput, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { INVITE_CHIPS_MAX } from '@tracklane/shared/constants';
import { INVITE_MESSAGES } from '@tracklane/shared/invitations/invitations.schema';
import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import {
  addChips,
  canAddChip,
  seatLimitReached,
  splitAddresses,
  type EmailChip,
  type Seats,
} from '../utils/email-chips';
import classes from './email-chips-input.module.css';

interface EmailChipsInputProps {
  chips: EmailChip[];
  onChange: (chips: EmailChip[]) => void;
  /** The signed-in user's address: inviting it is refused (spec §5). */
  ownEmail: string;
  seats: Seats | null;
  disabled?: boolean;
}

const ADD_KEYS = new Set(['Enter', ',', 'Tab']);

/**
 * The e-mail field of Invite People (spec §5): Enter, comma or Tab turns what was typed into a chip,
 * while fewer than five chips exist and a seat is left; a pasted list becomes several chips. Chips
 * that cannot be sent are red, with the reason in their tooltip and under the field.
 */
export function EmailChipsInput({ chips, onChange, ownEmail, seats, disabled }: EmailChipsInputProps) {
  const [text, setText] = useState('');
  const [tooMany, setTooMany] = useState(false);
  const seatLimit = seatLimitReached(chips.length, seats);
  const invalid = chips.filter((chip) => chip.error !== null);

  /** Turns addresses into chips; what does not fit stays in the field. */
  const commit = (addresses: string[]) => {
    if (addresses.length === 0) return;
    const outcome = addChips(chips, addresses, { ownEmail, seats });
    setTooMany(outcome.refused === 'tooMany');
    if (outcome.refused) return;
    onChange(outcome.chips);
    setText(outcome.leftover.join(', '));
  };

  const remove = (index: number) => {
    setTooMany(false);
    onChange(chips.filter((_, i) => i !== index));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (ADD_KEYS.has(event.key)) {
      const typed = splitAddresses(text);
      const room = canAddChip(chips.length, seats);
      // Tab with nothing typed, or with no room for a chip, moves focus on as usual.
      if (event.key === 'Tab' && (typed.length === 0 || !room)) return;
      event.preventDefault();
      if (room) commit(typed);
      return;
    }
    if (event.key === 'Backspace' && text === '' && chips.length > 0) {
      event.preventDefault();
      remove(chips.length - 1);
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    // A single address pastes like any text; only a list is split into chips.
    if (!/[\s,;]/u.test(pasted.trim())) return;
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? text.length;
    const end = input.selectionEnd ?? text.length;
    commit(splitAddresses(`${text.slice(0, start)}${pasted}${text.slice(end)}`));
  };

  // Inside the field's error paragraph: phrasing content only.
  const problems =
    tooMany || invalid.length > 0 ? (
      <>
        {tooMany ? (
          <span className={classes.problem} data-testid="invite-too-many">
            {INVITE_MESSAGES.tooMany}
          </span>
        ) : null}
        {invalid.length > 0 ? (
          <span data-testid="invalid-chips">
            {invalid.map((chip) => (
              <span key={chip.email} className={classes.problem}>
                <span className={classes.problemAddress}>{chip.email}</span>: {chip.error}
              </span>
            ))}
          </span>
        ) : null}
      </>
    ) : null;

  return (
    <Stack gap={6}>
      <PillsInput
        label="E-mail addresses"
        description={`Press Enter, comma or Tab after each address. Up to ${String(INVITE_CHIPS_MAX)} at a time; paste a list to add several.`}
        error={problems}
        disabled={disabled}
        rightSection={
          <Text
            size="xs"
            c={chips.length >= INVITE_CHIPS_MAX ? 'gray.8' : 'dimmed'}
            style={{ fontVariantNumeric: 'tabular-nums' }}
            aria-label={`${String(chips.length)} of ${String(INVITE_CHIPS_MAX)} addresses`}
          >
            {chips.length}/{INVITE_CHIPS_MAX}
          </Text>
        }
        rightSectionWidth={44}
        rightSectionPointerEvents="none"
        data-testid="invite-emails"
      >
        <Pill.Group>
          {chips.map((chip, index) => {
            const pill = (
              <Pill
                key={chip.email}
                size="md"
                className={classes.chip}
                classNames={{ remove: classes.remove }}
                data-invalid={chip.error !== null || undefined}
                data-testid="email-chip"
                withRemoveButton={!disabled}
                onRemove={() => remove(index)}
                removeButtonProps={{ 'aria-label': `Remove ${chip.email}`, 'aria-hidden': false }}
              >
                {chip.error !== null ? (
                  <IconAlertCircle size={14} stroke={2} className={classes.chipIcon} aria-hidden="true" />
                ) : null}
                {chip.email}
                {chip.error !== null ? <VisuallyHidden>: {chip.error}</VisuallyHidden> : null}
              </Pill>
            );
            return chip.error === null ? (
              pill
            ) : (
              <Tooltip key={chip.email} label={chip.error} color="red" position="top">
                {pill}
              </Tooltip>
            );
          })}
          <PillsInput.Field
            className={classes.field}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setTooMany(false);
            }}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            onBlur={() => {
              if (canAddChip(chips.length, seats)) commit(splitAddresses(text));
            }}
            placeholder={chips.length === 0 ? 'name@company.com' : undefined}
            autoComplete="off"
            spellCheck={false}
            data-testid="invite-email-field"
          />
        </Pill.Group>
      </PillsInput>
      {seatLimit ? (
        <div className={classes.notice} role="status" data-testid="invite-seat-limit">
          <IconAlertTriangle size={14} stroke={2} aria-hidden="true" />
          <span>{INVITE_MESSAGES.seatLimit}</span>
        </div>
      ) : null}
    </Stack>
  );
}
