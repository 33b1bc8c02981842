import { Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

/** An /auth screen before its form exists (the accounts issue brings the forms). */
export function AuthTitlePage({ title }: { title: string }) {
  useDocumentTitle(`${title} · Tracklane`);
  return (
    <Title order={1} fz={28}>
      {title}
    </Title>
  );
}
