import { Alert, Button, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import classes from './public-api.module.css';

interface SecretRevealProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What the secret is, for the copy button and the warning: "API key", "signing secret". */
  what: string;
  secret: string | null;
  children?: React.ReactNode;
}

/** A key or secret the server shows only once: copy it now, it cannot be shown again. */
export function SecretReveal({ opened, onClose, title, what, secret, children }: SecretRevealProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" closeOnClickOutside={false}>
      <Stack gap="md">
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
          Copy the {what} now and keep it somewhere safe. Tracklane stores only a fingerprint of it and cannot
          show it again.
        </Alert>
        <Text className={classes.secret} data-testid="revealed-secret">
          {secret}
        </Text>
        {children}
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'light' : 'default'}
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? 'Copied' : `Copy ${what}`}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
