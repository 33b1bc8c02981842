import { Center, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Logo } from '../../components/logo';

/** Parent of shared-link pages, which arrive with the sharing issue. */
export function SharePage() {
  useDocumentTitle('Shared shipment · Tracklane');
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="lg">
        <Logo size={36} />
        <Title order={1}>Shared shipment</Title>
      </Stack>
    </Center>
  );
}
