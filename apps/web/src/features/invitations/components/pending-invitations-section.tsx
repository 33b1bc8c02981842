import { Button, Group, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailForward, IconUserPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { usePendingInvitations, type PendingInvitation } from '../api/list-pending-invitations';
import { useResendInvitation } from '../api/resend-invitation';
import { useWithdrawInvitation } from '../api/withdraw-invitation';
import classes from './pending-invitations-section.module.css';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { SettingsSection } from '../../../components/settings-section';

const plural = (n: number, one: string, many = `${one}s`) => `${String(n)} ${n === 1 ? one : many}`;

interface PendingInvitationsSectionProps {
  /** The user's time zone, for the dates (spec §9). */
  timeZone: string;
  onInvite: () => void;
}

/** Asks before withdrawing: the invitee's link then says it was withdrawn, and a new invite is needed. */
function WithdrawDialog({
  invitation,
  onClose,
}: {
  invitation: PendingInvitation | null;
  onClose: () => void;
}) {
  const withdraw = useWithdrawInvitation();
  const confirm = async () => {
    if (!invitation) return;
    try {
      const { message } = await withdraw.mutateAsync(invitation.memberId);
      notifications.show({ color: 'teal', message });
      onClose();
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not withdraw the invitation',
        message: errorMessage(error),
      });
    }
  };
  return (
    <Modal
      opened={invitation !== null}
      onClose={onClose}
      title="Withdraw invitation?"
      data-testid="withdraw-dialog"
    >
      {invitation ? (
        <Stack gap="md">
          <Text size="sm">
            {invitation.email} will no longer be able to join {invitation.workspaceName} with this invitation,
            and its seat is free again. The link in their e-mail will say it was withdrawn.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Keep it
            </Button>
            <Button color="red" loading={withdraw.isPending} onClick={() => void confirm()}>
              Withdraw
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

function InvitationRows({ invitations, timeZone }: { invitations: PendingInvitation[]; timeZone: string }) {
  const resend = useResendInvitation();
  const [withdrawing, setWithdrawing] = useState<PendingInvitation | null>(null);

  const send = async (invitation: PendingInvitation) => {
    try {
      const { message } = await resend.mutateAsync(invitation.memberId);
      notifications.show({ color: 'teal', message });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: `Could not resend the invitation to ${invitation.email}`,
        message: errorMessage(error),
      });
    }
  };

  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table
        className={classes.table}
        verticalSpacing="sm"
        highlightOnHover
        data-testid="pending-invitations"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Workspace</Table.Th>
            <Table.Th>Invited</Table.Th>
            <Table.Th>Last sent</Table.Th>
            <Table.Th className={classes.actions} aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invitations.map((invitation) => {
            const busy = resend.isPending && resend.variables === invitation.memberId;
            return (
              <Table.Tr key={invitation.memberId} data-testid="pending-invitation-row">
                <Table.Td className={classes.email}>
                  <Text size="sm" fw={600} inherit>
                    {invitation.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{invitation.workspaceName}</Text>
                </Table.Td>
                <Table.Td className={classes.date}>
                  <Text size="sm" c="dimmed">
                    {formatDate(invitation.createdAt, timeZone)}
                  </Text>
                </Table.Td>
                <Table.Td className={classes.date}>
                  <Text size="sm" c="dimmed">
                    {formatDateTime(invitation.lastSentAt, timeZone)}
                  </Text>
                </Table.Td>
                <Table.Td className={classes.actions}>
                  <Group gap={6} wrap="nowrap" justify="flex-end">
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconMailForward size={14} stroke={1.75} />}
                      loading={busy}
                      disabled={resend.isPending && !busy}
                      onClick={() => void send(invitation)}
                      aria-label={`Resend the invitation to ${invitation.email} for ${invitation.workspaceName}`}
                    >
                      Resend
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconX size={14} stroke={1.75} />}
                      onClick={() => setWithdrawing(invitation)}
                      aria-label={`Withdraw the invitation to ${invitation.email} for ${invitation.workspaceName}`}
                    >
                      Withdraw
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <WithdrawDialog invitation={withdrawing} onClose={() => setWithdrawing(null)} />
    </Table.ScrollContainer>
  );
}

/** The organization's unanswered invitations on the members page, each with Resend and Withdraw (company admins). */
export function PendingInvitationsSection({ timeZone, onInvite }: PendingInvitationsSectionProps) {
  const pending = usePendingInvitations();
  const count = pending.data?.length ?? 0;
  const people = new Set(pending.data?.map((invitation) => invitation.email.toLowerCase())).size;

  return (
    <SettingsSection
      titleId="pending-invitations-title"
      title="Pending invitations"
      description={
        count > 0
          ? `${plural(count, 'invitation')} to ${plural(people, 'person', 'people')} not answered yet. Each person invited holds a seat until they answer.`
          : 'Invitations appear here until they are accepted, declined or withdrawn.'
      }
      action={
        <Button leftSection={<IconUserPlus size={16} stroke={1.75} />} onClick={onInvite}>
          Invite People
        </Button>
      }
    >
      {pending.isPending ? (
        <Stack gap="sm" className={classes.state} aria-busy="true" aria-label="Loading pending invitations">
          {[0, 1].map((n) => (
            <Skeleton key={n} height={30} radius="md" />
          ))}
        </Stack>
      ) : pending.isError ? (
        <div className={classes.state}>
          <QueryErrorAlert
            title="Could not load the pending invitations"
            error={pending.error}
            onRetry={() => void pending.refetch()}
          />
        </div>
      ) : count === 0 ? (
        <Text size="sm" c="dimmed" className={classes.state} data-testid="no-pending-invitations">
          No pending invitations. Use Invite People to add members to your workspaces.
        </Text>
      ) : (
        <InvitationRows invitations={pending.data} timeZone={timeZone} />
      )}
    </SettingsSection>
  );
}
