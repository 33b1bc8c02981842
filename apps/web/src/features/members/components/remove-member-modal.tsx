import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { OrganizationMember } from '@tracklane/shared/organizations/organizations.schema';
import { errorMessage } from '../../../lib/api-client';
import { useRemoveMember } from '../api/remove-member';
import { memberName } from './member-identity';

interface RemoveMemberModalProps {
  member: OrganizationMember | null;
  organizationName: string;
  opened: boolean;
  onClose: () => void;
}

/** Confirms removing someone from the organization (never its creator, never oneself). */
export function RemoveMemberModal({ member, organizationName, opened, onClose }: RemoveMemberModalProps) {
  const remove = useRemoveMember();
  if (!member) return null;
  const name = memberName(member);

  const confirm = async () => {
    try {
      const { message } = await remove.mutateAsync(member.id);
      notifications.show({ color: 'teal', message });
      onClose();
    } catch (error) {
      notifications.show({
        color: 'red',
        title: `Could not remove ${name}`,
        message: errorMessage(error),
      });
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Remove ${name}?`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">
          <strong>{member.email}</strong> loses access to every workspace of {organizationName} and frees a
          seat. To come back, they need a new invite.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => void confirm()}>
            Remove from organization
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
