import { ActionIcon, Group, Modal, ScrollArea, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconUsers } from '@tabler/icons-react';
import { useWorkspaceMembers } from '../api/get-workspace-members';
import { MemberIdentity } from './member-identity';
import { QueryErrorAlert } from '../../../components/query-error-alert';

async function copyEmail(email: string): Promise<void> {
  try {
    // Absent on plain-HTTP installations (no secure context): that throws here and is reported too.
    await navigator.clipboard.writeText(email);
    notifications.show({ color: 'teal', message: `${email} copied to clipboard` });
  } catch {
    notifications.show({
      color: 'red',
      title: 'Could not copy the e-mail address',
      message: `The browser refused access to the clipboard. Select ${email} and copy it by hand.`,
    });
  }
}

interface ViewMembersModalProps {
  opened: boolean;
  onClose: () => void;
  workspaceName: string;
}

/** General users' View Members (spec §2, §6): who is in the current workspace, read-only, with copy e-mail. */
export function ViewMembersModal({ opened, onClose, workspaceName }: ViewMembersModalProps) {
  const members = useWorkspaceMembers({ enabled: opened });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Members of ${workspaceName}`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {members.isPending ? (
        <Stack gap="md" aria-busy="true" aria-label="Loading members">
          {[0, 1, 2].map((n) => (
            <Group key={n} gap="sm" wrap="nowrap">
              <Skeleton height={34} circle />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton height={10} width="45%" />
                <Skeleton height={8} width="65%" />
              </Stack>
            </Group>
          ))}
        </Stack>
      ) : members.isError ? (
        <QueryErrorAlert
          title="Could not load the members"
          error={members.error}
          onRetry={() => void members.refetch()}
        />
      ) : members.data.length === 0 ? (
        <Stack align="center" gap={6} py="lg" c="dimmed">
          <IconUsers size={28} stroke={1.5} />
          <Text size="sm">Nobody is in this workspace yet.</Text>
        </Stack>
      ) : (
        <ScrollArea.Autosize mah={400} type="auto" offsetScrollbars>
          <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {members.data.map((member) => (
              <Group
                key={member.id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                gap="sm"
                py={6}
                data-testid="workspace-member"
              >
                <MemberIdentity member={member} />
                <Tooltip label="Copy e-mail">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    onClick={() => void copyEmail(member.email)}
                    aria-label={`Copy ${member.email}`}
                  >
                    <IconCopy size={16} stroke={1.75} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Modal>
  );
}
