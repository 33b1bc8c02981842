import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import type { PublicUser } from '@tracklane/shared/auth/auth.schema';
import { useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { initialsOf } from '../../../lib/initials';
import { useDeleteAvatar } from '../api/delete-avatar';
import { useUploadAvatar } from '../api/upload-avatar';
import { AVATAR_ACCEPT, AVATAR_MAX_LABEL, avatarFileProblem } from '../utils/avatar-file';

interface AvatarFieldProps {
  user: PublicUser;
  onUserChange: (user: PublicUser) => void;
}

/** The profile photo: shown, replaced (checked here first, then by the server) or removed. */
export function AvatarField({ user, onUserChange }: AvatarFieldProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const resetFileInput = useRef<() => void>(null);
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();

  const choose = async (file: File | null) => {
    // Lets the same file be chosen again after a refusal.
    resetFileInput.current?.();
    if (!file) return;
    const clientProblem = avatarFileProblem(file);
    setProblem(clientProblem);
    if (clientProblem) return;
    try {
      onUserChange(await upload.mutateAsync(file));
      notifications.show({ color: 'teal', message: 'Photo updated' });
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const removePhoto = async () => {
    setProblem(null);
    try {
      onUserChange(await remove.mutateAsync());
      notifications.show({ color: 'teal', message: 'Photo removed' });
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <Group gap="lg" align="center" wrap="nowrap">
      <Avatar
        src={user.avatar}
        alt={user.avatar ? 'Your profile photo' : undefined}
        size={72}
        radius={72}
        color="ocean"
        variant="light"
        fz="xl"
        data-testid="profile-avatar"
      >
        {initialsOf(user)}
      </Avatar>
      <Stack gap={6} miw={0}>
        <Group gap="xs">
          <FileButton onChange={(file) => void choose(file)} accept={AVATAR_ACCEPT} resetRef={resetFileInput}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                leftSection={<IconUpload size={14} stroke={1.75} />}
                loading={upload.isPending}
                disabled={remove.isPending}
              >
                {user.avatar ? 'Change photo' : 'Upload photo'}
              </Button>
            )}
          </FileButton>
          {user.avatar ? (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} stroke={1.75} />}
              loading={remove.isPending}
              disabled={upload.isPending}
              onClick={() => void removePhoto()}
            >
              Remove
            </Button>
          ) : null}
        </Group>
        {problem ? (
          <Text size="sm" c="red.8" role="alert" data-testid="avatar-error">
            {problem}
          </Text>
        ) : (
          <Text size="xs" c="dimmed">
            JPEG, PNG or GIF, up to {AVATAR_MAX_LABEL}.
          </Text>
        )}
      </Stack>
    </Group>
  );
}
