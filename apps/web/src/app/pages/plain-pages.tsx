import { Button, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLinkOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

export function LegalPage() {
  useDocumentTitle('Legal · Tracklane');
  return <Title order={1}>Legal</Title>;
}

/** Where an e-mailed link that is no longer valid lands. */
export function ExpiredLinkPage() {
  useDocumentTitle('Link expired · Tracklane');
  return (
    <Stack gap="md" align="flex-start">
      <IconLinkOff size={32} stroke={1.5} color="var(--mantine-color-ocean-7)" aria-hidden="true" />
      <Title order={1}>This link has expired</Title>
      <Text c="dimmed">
        Links in Tracklane e-mails work for a limited time. Ask for a new one, or sign in to continue.
      </Text>
      <Button component={Link} to={paths.auth.signIn}>
        Go to sign in
      </Button>
    </Stack>
  );
}
