import { Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-client';
import { useInviteMembers, type InviteMembersResult } from '../api/invite-members';
import type { EmailChip, Seats } from '../utils/email-chips';
import { EmailChipsInput } from './email-chips-input';

export interface InviteWorkspaceOption {
  workspaceId: string;
  name: string;
}

interface InvitePeopleModalProps {
  opened: boolean;
  onClose: () => void;
  organizationName: string;
  /** The signed-in user's address, which cannot be invited. */
  ownEmail: string;
  /** memberUsage and memberLimit from the overview; null while it loads (the server still checks). */
  seats: Seats | null;
  /** Every workspace of the organization; undefined while it loads. */
  workspaces: InviteWorkspaceOption[] | undefined;
  /** Preselected, and offered even before the list has loaded. */
  currentWorkspace: InviteWorkspaceOption | null;
}

type FormProps = Omit<InvitePeopleModalProps, 'opened'>;

function successToast(result: InviteMembersResult) {
  const already = result.alreadyMembers;
  notifications.show({
    color: result.invited > 0 ? 'teal' : 'yellow',
    title: already.length > 0 ? result.message : undefined,
    message:
      already.length > 0
        ? `Already in ${already.length === 1 ? 'that workspace' : 'those workspaces'}: ${already.join(', ')}`
        : result.message,
  });
}

function SeatsLine({ seats, chips }: { seats: Seats | null; chips: number }) {
  if (!seats) return null;
  const left = Math.max(0, seats.memberLimit - seats.memberUsage - chips);
  return (
    <Text size="xs" c="dimmed" data-testid="invite-seats" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {seats.memberUsage} of {seats.memberLimit} seats used
      {chips > 0
        ? ` · ${String(left)} left after these ${chips === 1 ? 'invite' : 'invites'}`
        : ` · ${String(left)} left`}
      . A pending invitation holds a seat until it is answered.
    </Text>
  );
}

/** The form, mounted afresh each time the dialog opens. */
function InvitePeopleForm({
  onClose,
  organizationName,
  ownEmail,
  seats,
  workspaces,
  currentWorkspace,
}: FormProps) {
  const [chips, setChips] = useState<EmailChip[]>([]);
  const [workspaceIds, setWorkspaceIds] = useState<string[]>(
    currentWorkspace ? [currentWorkspace.workspaceId] : [],
  );
  const invite = useInviteMembers();

  const options = (workspaces ?? (currentWorkspace ? [currentWorkspace] : [])).map((w) => ({
    value: w.workspaceId,
    label: w.name,
  }));
  const hasInvalid = chips.some((chip) => chip.error !== null);
  const ready = chips.length > 0 && !hasInvalid && workspaceIds.length > 0;

  const send = async () => {
    if (!ready) return;
    try {
      const result = await invite.mutateAsync({ emails: chips.map((chip) => chip.email), workspaceIds });
      successToast(result);
      onClose();
    } catch {
      // Shown in the dialog from the mutation's error.
    }
  };

  const hint =
    chips.length === 0
      ? 'Add at least one e-mail address.'
      : hasInvalid
        ? 'Remove the addresses marked red to continue.'
        : workspaceIds.length === 0
          ? 'Choose at least one workspace.'
          : null;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        They receive an e-mail and an invitation in Tracklane, and join {organizationName} once they accept.
      </Text>
      <EmailChipsInput
        chips={chips}
        onChange={(next) => {
          setChips(next);
          invite.reset();
        }}
        ownEmail={ownEmail}
        seats={seats}
        disabled={invite.isPending}
      />
      <MultiSelect
        label="Workspaces"
        description="They will see the shipments of these workspaces."
        data={options}
        value={workspaceIds}
        onChange={(ids) => {
          setWorkspaceIds(ids);
          invite.reset();
        }}
        placeholder={workspaceIds.length === 0 ? 'Choose workspaces' : undefined}
        nothingFoundMessage={workspaces ? 'No other workspaces' : 'Loading workspaces…'}
        disabled={invite.isPending}
        searchable
        hidePickedOptions
        comboboxProps={{ withinPortal: true }}
        wrapperProps={{ 'data-testid': 'invite-workspaces' }}
      />
      <SeatsLine seats={seats} chips={chips.length} />
      {invite.isError ? (
        <FormAlert tone="error" data-testid="invite-error">
          {errorMessage(invite.error)}
        </FormAlert>
      ) : null}
      <Group justify="space-between" gap="sm" wrap="wrap-reverse">
        <Text size="xs" c="dimmed" aria-live="polite">
          {hint}
        </Text>
        <Group gap="sm" ml="auto">
          <Button variant="default" onClick={onClose} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button
            leftSection={<IconSend size={16} stroke={1.75} />}
            onClick={() => void send()}
            disabled={!ready}
            loading={invite.isPending}
            data-testid="send-invites"
          >
            Invite
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** spec §2/§5 Invite People: e-mail chips and workspaces; company admins only. */
export function InvitePeopleModal({ opened, ...form }: InvitePeopleModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={form.onClose}
      title="Invite People"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="invite-people-modal"
    >
      <InvitePeopleForm {...form} />
    </Modal>
  );
}
