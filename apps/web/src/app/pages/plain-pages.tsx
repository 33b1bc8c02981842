import '../mantine-app.css';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLinkOff } from '@tabler/icons-react';
import { USER_AGREEMENT } from '@tracklane/shared/legal/user-agreement';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { AgreementDocument } from '../../features/legal/components/agreement-document';

/** The user agreement, for anyone (it is linked from the sign-in screens). */
export function LegalPage() {
  useDocumentTitle(`${USER_AGREEMENT.title} · Tracklane`);
  return <AgreementDocument titleOrder={1} />;
}

/** Where a spent or stale password-reset step lands (and any e-mailed link that no longer works). */
export function ExpiredLinkPage() {
  useDocumentTitle('Link expired · Tracklane');
  const { state } = useLocation() as { state: { reason?: string } | null };
  if (state?.reason === 'share')
    return (
      <Stack gap="md" align="flex-start" data-testid="expired-share-link">
        <IconLinkOff size={32} stroke={1.5} color="var(--mantine-color-ocean-7)" aria-hidden="true" />
        <Title order={1}>This link has expired</Title>
        <Text c="dimmed">
          The shipment shared through this link is no longer public: the link has expired or whoever shared it
          has revoked it. Ask them for a new link.
        </Text>
        <Button component={Link} to={paths.home} variant="default">
          Go to Tracklane
        </Button>
      </Stack>
    );
  return (
    <Stack gap="md" align="flex-start">
      <IconLinkOff size={32} stroke={1.5} color="var(--mantine-color-ocean-7)" aria-hidden="true" />
      <Title order={1}>This link has expired</Title>
      <Text c="dimmed">
        Password reset codes and links work once, for a limited time: a reset must be finished within 15
        minutes of entering the code. Request a new code to try again, or sign in if you remember your
        password.
      </Text>
      <Group gap="sm" mt="xs">
        <Button component={Link} to={paths.auth.forgotPassword}>
          Request a new code
        </Button>
        <Button component={Link} to={paths.auth.signIn} variant="default">
          Go to sign in
        </Button>
      </Group>
    </Stack>
  );
}
