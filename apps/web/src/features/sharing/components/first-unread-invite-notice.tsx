import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/dates';
import { useHoldFirstRunPrompt } from '../../../lib/first-run-prompts';
import { MODES } from '../../../modes/registry';
import { useFirstUnreadInvite } from '../api/list-invite-notifications';

/** The invite this tab's session already greeted with (shown once per browser session, not per page). */
const SEEN_KEY = 'tracklane.first-unread-invite-seen';
function readSeen(): string | null {
  try {
    return sessionStorage.getItem(SEEN_KEY);
  } catch {
    return null;
  }
}
function writeSeen(id: string): void {
  try {
    sessionStorage.setItem(SEEN_KEY, id);
  } catch {
    // Private modes without storage: it greets again on the next page load.
  }
}

/**
 * After sign-in (spec §7 invite/get-first-unread-notification): the oldest unread share invite, once
 * per visit, with the way to it. Later invites wait in the bell.
 */
export function FirstUnreadInviteNotice({ timeZone }: { timeZone: string }) {
  const invite = useFirstUnreadInvite();
  const [dismissed, setDismissed] = useState<string | null>(() => readSeen());
  const navigate = useNavigate();
  const data = invite.data;
  useHoldFirstRunPrompt('shared-with-you', !!data && dismissed !== data.id);
  if (!data || dismissed === data.id) return null;
  const { siteType: site, label } = MODES[data.shipmentType];
  const close = () => {
    setDismissed(data.id);
    writeSeen(data.id);
  };
  return (
    <Modal
      opened
      onClose={close}
      title={
        <Group gap={8}>
          <IconShare size={18} aria-hidden />
          <Text fw={650}>A shipment was shared with you</Text>
        </Group>
      }
      data-testid="first-unread-invite"
    >
      <Stack gap="md">
        <Text size="sm">
          {data.name} shared the {label.toLowerCase()} shipment{' '}
          <Text span ff="monospace" fw={600}>
            {data.number}
          </Text>{' '}
          with you on {formatDate(data.sharedAt, timeZone)}. You can follow it live, read-only.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Later
          </Button>
          <Button
            onClick={() => {
              close();
              void navigate(paths.shipmentHistory.sharedDetails(site, data.overallId));
            }}
          >
            View shipment
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
