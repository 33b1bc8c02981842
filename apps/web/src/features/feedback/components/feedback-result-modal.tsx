import { Anchor, Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { FEEDBACK_MESSAGES } from '@tracklane/shared/feedback/feedback.schema';

/** spec §4/§8: "Your Feedback has been sent". */
export function FeedbackSentModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={FEEDBACK_MESSAGES.sent} centered size="sm">
      <Stack gap="md" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon color="teal" variant="light" radius="xl" size="lg" aria-hidden="true">
            <IconCircleCheck size={20} />
          </ThemeIcon>
          <Text size="sm">
            Thank you. We read every message and answer by e-mail when there is something to reply.
          </Text>
        </Group>
        <Button onClick={onClose} data-autofocus>
          Done
        </Button>
      </Stack>
    </Modal>
  );
}

/** spec §8: "Something went wrong", with the support address to write to instead. */
export function FeedbackFailedModal({
  opened,
  onClose,
  onRetry,
  supportEmail,
  reason,
}: {
  opened: boolean;
  onClose: () => void;
  onRetry: () => void;
  supportEmail: string | null;
  /** What the server said, when it said something more useful than a failure. */
  reason: string | null;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={FEEDBACK_MESSAGES.failedTitle} centered size="sm">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon color="red" variant="light" radius="xl" size="lg" aria-hidden="true">
            <IconAlertTriangle size={20} />
          </ThemeIcon>
          <Text size="sm" data-testid="feedback-failed-text">
            {FEEDBACK_MESSAGES.failedText}{' '}
            {supportEmail ? (
              <Anchor href={`mailto:${supportEmail}`} inherit>
                {supportEmail}
              </Anchor>
            ) : (
              'the address your administrator gave you'
            )}
            .
          </Text>
        </Group>
        {reason ? (
          <Text size="sm" c="dimmed">
            {reason}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={onRetry} data-autofocus>
            Try again
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
