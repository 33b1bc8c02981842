import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { WorkspaceWithCount } from '@tracklane/shared/organizations/organizations.schema';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteWorkspace } from '../api/delete-workspace';

interface DeleteWorkspaceModalProps {
  workspace: WorkspaceWithCount | null;
  opened: boolean;
  onClose: () => void;
}

const membersText = (count: number) => `${String(count)} ${count === 1 ? 'member loses' : 'members lose'}`;

/** Confirms deleting a workspace; the default workspace never gets here. */
export function DeleteWorkspaceModal({ workspace, opened, onClose }: DeleteWorkspaceModalProps) {
  const remove = useDeleteWorkspace();
  if (!workspace) return null;

  const confirm = async () => {
    try {
      const { message } = await remove.mutateAsync(workspace.workspaceId);
      notifications.show({ color: 'teal', message });
      onClose();
    } catch (error) {
      notifications.show({
        color: 'red',
        title: `Could not delete ${workspace.name}`,
        message: errorMessage(error),
      });
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Delete ${workspace.name}?`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">
          {membersText(workspace.memberCount)} access to <strong>{workspace.name}</strong> and everything
          tracked in it. This cannot be undone.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => void confirm()}>
            Delete workspace
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
