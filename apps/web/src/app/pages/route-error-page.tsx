import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { LogoMark } from '../../components/logo';

/** Shown instead of a blank screen when a page crashes while rendering. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={420} ta="center">
        <LogoMark size={40} />
        <Title order={1}>Something went wrong</Title>
        <Text c="dimmed">This page stopped working. Reloading usually fixes it; your data is safe.</Text>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </Stack>
    </Center>
  );
}
