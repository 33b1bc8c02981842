import { Input, PinInput } from '@mantine/core';
import { CODE_LENGTH } from '@tracklane/shared/auth/auth.schema';
import { useId, type Ref } from 'react';

interface CodeInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Called when the last digit is typed (or a whole code is pasted). */
  onComplete: (code: string) => void;
  error?: string | undefined;
  disabled?: boolean;
  /** The first digit's input, to focus it again after a wrong code. */
  inputRef?: Ref<HTMLInputElement>;
}

/** The 6-digit e-mailed code: one box per digit, numeric keyboard, filled by the OS's one-time-code offer. */
export function CodeInput({ label, value, onChange, onComplete, error, disabled, inputRef }: CodeInputProps) {
  const id = useId();
  const labelId = `${id}-label`;
  return (
    <Input.Wrapper
      label={label}
      labelProps={{ id: labelId, htmlFor: `${id}-1` }}
      error={error}
      errorProps={{ id: `${id}-error` }}
    >
      <PinInput
        id={id}
        ref={inputRef}
        aria-labelledby={labelId}
        length={CODE_LENGTH}
        type="number"
        oneTimeCode
        autoFocus
        size="lg"
        gap="xs"
        placeholder=""
        value={value}
        onChange={onChange}
        onComplete={onComplete}
        error={Boolean(error)}
        disabled={disabled}
        mt={6}
        getInputProps={(index) => ({
          'aria-label': `Digit ${String(index + 1)} of ${String(CODE_LENGTH)}`,
          'aria-describedby': error ? `${id}-error` : undefined,
        })}
        styles={{ root: { justifyContent: 'space-between' }, pinInput: { flex: '1 1 0', maxWidth: 56 } }}
      />
    </Input.Wrapper>
  );
}
