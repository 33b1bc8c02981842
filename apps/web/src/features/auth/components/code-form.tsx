import { Button, Group, Stack, Text } from '@mantine/core';
import { codeSchema } from '@tracklane/shared/auth/auth.schema';
import { useRef, useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/form-alert';
import type { CodePurpose } from '../api/send-new-code';
import { messageOf, useAuthError } from '../hooks/use-auth-error';
import { CodeInput } from './code-input';
import { DevMailboxNote } from './dev-mailbox-note';
import { ResendCodeButton } from './resend-code-button';

interface CodeFormProps {
  email: string;
  purpose: CodePurpose;
  submitLabel: string;
  /** Sends the code; throws the server's refusal, which is shown as the auth error. */
  onSubmitCode: (code: string) => Promise<void>;
  /** What happened before this screen (a code was sent, and why). */
  notice?: string | undefined;
}

/** Entry of an e-mailed code, with "Resend code" and, without an e-mail server, where codes went. */
export function CodeForm({ email, purpose, submitLabel, onSubmitCode, notice }: CodeFormProps) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [resent, setResent] = useState(false);
  const [authError, setAuthError] = useAuthError();
  const firstDigit = useRef<HTMLInputElement>(null);

  const submit = async (value: string) => {
    if (submitting) return;
    const parsed = codeSchema.safeParse(value);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    setAuthError(null);
    setSubmitting(true);
    try {
      await onSubmitCode(parsed.data);
    } catch (error) {
      setAuthError(messageOf(error));
      // A wrong code is spent: start again from the first box.
      setCode('');
      firstDigit.current?.focus();
    } finally {
      setSubmitting(false);
    }
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(code);
  };

  return (
    <form onSubmit={onFormSubmit} noValidate>
      <Stack gap="md">
        {notice ? <FormAlert tone="info">{notice}</FormAlert> : null}
        <CodeInput
          label={purpose === 'register' ? 'Verification code' : 'Reset code'}
          value={code}
          onChange={(value) => {
            setCode(value);
            setFieldError(undefined);
          }}
          onComplete={(value) => void submit(value)}
          error={fieldError}
          inputRef={firstDigit}
        />
        {authError ? <FormAlert tone="error">{authError}</FormAlert> : null}
        <Button type="submit" fullWidth loading={submitting}>
          {submitLabel}
        </Button>
        <Group justify="center" gap={4} wrap="wrap">
          {resent ? (
            <Text size="sm" c="teal.8" role="status">
              A new code is on its way.
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              Didn&rsquo;t get a code?
            </Text>
          )}
          <ResendCodeButton
            email={email}
            purpose={purpose}
            onSent={() => {
              setResent(true);
              setAuthError(null);
            }}
            onError={(error) => {
              setResent(false);
              setAuthError(messageOf(error));
            }}
          />
        </Group>
        <DevMailboxNote />
      </Stack>
    </form>
  );
}
