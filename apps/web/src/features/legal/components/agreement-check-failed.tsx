import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileAlert } from '@tabler/icons-react';

interface AgreementCheckFailedProps {
  message: string;
  onRetry: () => void;
  retrying: boolean;
  onLogOut: () => void;
}

/** The agreement status could not be read: nothing to decide on yet, so say so and offer a retry. */
export function AgreementCheckFailed({ message, onRetry, retrying, onLogOut }: AgreementCheckFailedProps) {
  return (
    <Stack gap="md" align="flex-start" data-testid="agreement-check-failed">
      <IconFileAlert size={32} stroke={1.5} color="var(--mantine-color-ocean-7)" aria-hidden="true" />
      <Title order={1} fz="1.5rem">
        We could not load the user agreement
      </Title>
      <Text c="dimmed">{message}</Text>
      <Group gap="sm">
        <Button onClick={onRetry} loading={retrying}>
          Try again
        </Button>
        <Button variant="default" onClick={onLogOut}>
          Log out
        </Button>
      </Group>
    </Stack>
  );
}
