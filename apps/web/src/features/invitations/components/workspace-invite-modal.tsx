import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { WorkspaceInvitation } from '@tracklane/shared/invitations/invitations.schema';
import { EntityAvatar } from '../../../components/entity-avatar';
import { FormAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-client';
import { browserTimeZone, formatDate } from '../../../lib/dates';
import { useConfirmInvitation } from '../api/confirm-invitation';
import { endSentence } from '@tracklane/shared/sentence';

interface WorkspaceInviteModalProps {
  /** The invitation shown; kept by the caller while the dialog closes. */
  invitation: WorkspaceInvitation | null;
  opened: boolean;
  onClose: () => void;
}

function inviterName(invitation: WorkspaceInvitation): string {
  return `${invitation.firstName} ${invitation.lastName}`.trim();
}

function InvitationDetails({
  invitation,
  onClose,
}: {
  invitation: WorkspaceInvitation;
  onClose: () => void;
}) {
  const confirm = useConfirmInvitation();
  const name = inviterName(invitation);
  const answering = (joined: boolean) => confirm.isPending && confirm.variables.joined === joined;

  const answer = async (joined: boolean) => {
    try {
      const result = await confirm.mutateAsync({ invitation, joined });
      notifications.show({ color: result.joined ? 'teal' : 'gray', message: result.message });
      onClose();
    } catch {
      // Shown in the dialog from the mutation's error.
    }
  };

  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap">
        <EntityAvatar
          name={invitation.workspaceName}
          image={invitation.workspaceImage}
          size={52}
          radius="lg"
        />
        <Stack gap={0} miw={0}>
          <Text fw={650} size="lg" truncate data-testid="invite-workspace-name">
            {invitation.workspaceName}
          </Text>
          <Text size="sm" c="dimmed" truncate data-testid="invite-organization-name">
            {invitation.organizationName}
          </Text>
        </Stack>
      </Group>
      <Text size="sm" data-testid="invite-from">
        {name ? (
          <>
            <strong>{name}</strong>
            {invitation.inviterEmail ? ` (${invitation.inviterEmail})` : ''}
          </>
        ) : (
          <strong>{invitation.inviterEmail || 'A company admin'}</strong>
        )}{' '}
        invited you to join the workspace <strong>{invitation.workspaceName}</strong> of{' '}
        {endSentence(invitation.organizationName)}
      </Text>
      <Text size="xs" c="dimmed">
        Invited on {formatDate(invitation.createdAt, browserTimeZone())}. Once you accept, the workspace
        appears in your list and you see its shipments.
      </Text>
      {confirm.isError ? (
        <FormAlert tone="error" data-testid="confirm-invite-error">
          {errorMessage(confirm.error)}
        </FormAlert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button
          variant="default"
          onClick={() => void answer(false)}
          loading={answering(false)}
          disabled={confirm.isPending && !answering(false)}
        >
          Reject
        </Button>
        <Button
          onClick={() => void answer(true)}
          loading={answering(true)}
          disabled={confirm.isPending && !answering(true)}
          data-autofocus
        >
          Accept
        </Button>
      </Group>
    </Stack>
  );
}

/** spec §2 Workspace Invite: who invited you, to which workspace of which organization; accept or reject. */
export function WorkspaceInviteModal({ invitation, opened, onClose }: WorkspaceInviteModalProps) {
  return (
    <Modal
      opened={opened && invitation !== null}
      onClose={onClose}
      title="Workspace invitation"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="workspace-invite-modal"
    >
      {invitation ? (
        <InvitationDetails key={invitation.memberId} invitation={invitation} onClose={onClose} />
      ) : null}
    </Modal>
  );
}
