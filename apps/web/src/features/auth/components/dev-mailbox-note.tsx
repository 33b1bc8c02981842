import { Anchor, Group, Text } from '@mantine/core';
import { IconMailCode } from '@tabler/icons-react';
import { useInstallationMeta } from '../api/get-installation-meta';

/** On installations without an e-mail server, tells where the codes went instead. */
export function DevMailboxNote() {
  const { data } = useInstallationMeta();
  if (!data?.devMailbox) return null;
  return (
    <Group
      gap={10}
      wrap="nowrap"
      align="flex-start"
      p="sm"
      bg="gray.0"
      bd="1px dashed var(--mantine-color-gray-3)"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      data-testid="dev-mailbox-note"
    >
      <IconMailCode
        size={18}
        stroke={1.6}
        color="var(--mantine-color-gray-6)"
        style={{ flexShrink: 0, marginTop: 1 }}
        aria-hidden="true"
      />
      <Text size="sm" c="gray.7">
        No e-mail server is configured. Your code is in the server log, or at{' '}
        <Anchor href="/dev/mailbox" target="_blank" rel="noopener noreferrer" size="sm" ff="monospace">
          /dev/mailbox
        </Anchor>{' '}
        on the server&rsquo;s machine.
      </Text>
    </Group>
  );
}
