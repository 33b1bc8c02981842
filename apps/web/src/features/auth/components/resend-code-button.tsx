import { Button } from '@mantine/core';
import { isApiError } from '../../../lib/api-client';
import { useSendNewCode, type CodePurpose } from '../api/send-new-code';
import { formatCountdown, useResendCountdown } from '../hooks/use-resend-countdown';
import { useCodeResendStore } from '../stores/code-resend-store';
import classes from './resend-code-button.module.css';

interface ResendCodeButtonProps {
  email: string;
  purpose: CodePurpose;
  onSent: () => void;
  onError: (error: unknown) => void;
}

/** "Resend code", held back for the minute the server needs between two codes to one address. */
export function ResendCodeButton({ email, purpose, onSent, onError }: ResendCodeButtonProps) {
  const secondsLeft = useResendCountdown(email);
  const markCodeSent = useCodeResendStore((state) => state.markCodeSent);
  const markRetryAfter = useCodeResendStore((state) => state.markRetryAfter);
  const sendNewCode = useSendNewCode();

  const resend = async () => {
    try {
      await sendNewCode.mutateAsync({ email, type: purpose });
      markCodeSent(email);
      onSent();
    } catch (error) {
      if (isApiError(error) && error.code === 'RATE_LIMITED' && error.retryAfterSeconds !== null) {
        markRetryAfter(email, error.retryAfterSeconds);
      }
      onError(error);
    }
  };

  return (
    <Button
      variant="subtle"
      size="compact-sm"
      className={classes.button}
      disabled={secondsLeft > 0}
      loading={sendNewCode.isPending}
      onClick={() => void resend()}
      data-testid="resend-code"
    >
      {secondsLeft > 0 ? `Resend code in ${formatCountdown(secondsLeft)}` : 'Resend code'}
    </Button>
  );
}
