import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useId, type ReactNode } from 'react';

interface AuthScreenProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Links to the neighbouring screens, under the form. */
  footer?: ReactNode;
}

/** Heading, form and footer links of one /auth screen, in the split layout's form column. */
export function AuthScreen({ title, description, children, footer }: AuthScreenProps) {
  const headingId = useId();
  useDocumentTitle(`${title} · Tracklane`);
  return (
    <section aria-labelledby={headingId}>
      <Stack gap={6} mb="xl">
        <Title order={1} id={headingId} fz="1.625rem">
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="md" component="div">
            {description}
          </Text>
        ) : null}
      </Stack>
      {children}
      {footer ? (
        <Text size="md" c="dimmed" ta="center" mt="xl" component="div">
          {footer}
        </Text>
      ) : null}
    </section>
  );
}
