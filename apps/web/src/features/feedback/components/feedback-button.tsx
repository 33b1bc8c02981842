import { ActionIcon, Tooltip } from '@mantine/core';
import { IconMessageReport } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { trackUsage } from '../../../lib/track-usage';
import { useSendFeedback, useSupportAddress } from '../api/send-feedback';
import { FeedbackFormModal, type FeedbackDraft } from './feedback-form-modal';
import { FeedbackFailedModal, FeedbackSentModal } from './feedback-result-modal';

type Stage = 'closed' | 'form' | 'sent' | 'failed';

/** The top bar's feedback icon (spec §2) and the dialogs it opens. */
export function FeedbackButton() {
  const [stage, setStage] = useState<Stage>('closed');
  const [reason, setReason] = useState<string | null>(null);
  const send = useSendFeedback();
  // Asked for once the dialogs are in use, not at every page load.
  const support = useSupportAddress(stage !== 'closed');

  const submit = (draft: FeedbackDraft) => {
    send.mutate(
      { ...draft, pageUrl: window.location.pathname },
      {
        onSuccess: ({ success }) => {
          if (success) {
            setStage('sent');
            trackUsage('feedback_sent', { category: draft.category, files: draft.files.length });
          } else {
            setReason(null);
            setStage('failed');
          }
        },
        onError: (error) => {
          // A refusal that names its rule (a file, the length) helps; a crash's message does not.
          setReason(isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : null);
          setStage('failed');
        },
      },
    );
  };

  return (
    <>
      <Tooltip label="Send feedback">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="Send feedback"
          aria-haspopup="dialog"
          onClick={() => setStage('form')}
          data-testid="feedback-button"
        >
          <IconMessageReport size={20} stroke={1.75} />
        </ActionIcon>
      </Tooltip>
      {/* Mounted while the draft matters: through a failure and "Try again", gone once sent or closed. */}
      {stage === 'form' || stage === 'failed' ? (
        <FeedbackFormModal
          opened={stage === 'form'}
          onClose={() => setStage('closed')}
          onSubmit={submit}
          sending={send.isPending}
        />
      ) : null}
      <FeedbackSentModal opened={stage === 'sent'} onClose={() => setStage('closed')} />
      <FeedbackFailedModal
        opened={stage === 'failed'}
        onClose={() => setStage('closed')}
        onRetry={() => setStage('form')}
        supportEmail={support.data ?? null}
        reason={reason}
      />
    </>
  );
}
