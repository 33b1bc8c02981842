import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-client';
import { useAgreeToAgreement } from '../api/agree-to-agreement';
import { AgreementDocument } from './agreement-document';
import classes from './agreement-prompt.module.css';

interface AgreementPromptProps {
  userId: string;
  /** Who is signed in, so that "Log out" is an informed choice. */
  email: string;
  /** Resolves false when the server refused to sign out. */
  onLogOut: () => Promise<boolean>;
}

const LOGOUT_FAILED = 'Could not log out. Please try again.';

/**
 * Shown instead of the app until the user accepts the current user agreement: the text, "I agree",
 * and a way out for whoever does not.
 */
export function AgreementPrompt({ userId, email, onLogOut }: AgreementPromptProps) {
  useDocumentTitle('User agreement · Tracklane');
  const agree = useAgreeToAgreement(userId);
  const [loggingOut, setLoggingOut] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const logOut = async () => {
    setError(null);
    setLoggingOut(true);
    const signedOut = await onLogOut();
    setLoggingOut(false);
    if (!signedOut) setError(LOGOUT_FAILED);
  };

  const accept = async () => {
    setError(null);
    try {
      await agree.mutateAsync();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <section className={classes.prompt} aria-labelledby="agreement-prompt-title" data-testid="agreement-gate">
      <Stack gap={6} mb="xl">
        <Text size="xs" fw={700} c="ocean.7" tt="uppercase" lts="0.06em">
          One more step
        </Text>
        <Title order={1} id="agreement-prompt-title" fz="1.625rem">
          Review the user agreement
        </Title>
        <Text c="dimmed" size="md">
          Please read the agreement below. You can start using Tracklane once you accept it.
        </Text>
      </Stack>
      <div className={classes.document}>
        <AgreementDocument titleOrder={2} />
      </div>
      <div className={classes.actions}>
        {error ? <FormAlert tone="error">{error}</FormAlert> : null}
        <Group justify="flex-end" gap="sm" mt={error ? 'sm' : 0} wrap="nowrap">
          <Text size="sm" c="dimmed" mr="auto" truncate className={classes.signedInAs}>
            Signed in as{' '}
            <Text span size="sm" fw={600} c="gray.8">
              {email}
            </Text>
          </Text>
          <Button
            variant="default"
            loading={loggingOut}
            disabled={agree.isPending}
            onClick={() => void logOut()}
          >
            Log out
          </Button>
          <Button loading={agree.isPending} disabled={loggingOut} onClick={() => void accept()}>
            I agree
          </Button>
        </Group>
      </div>
    </section>
  );
}
