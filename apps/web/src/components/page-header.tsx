import { Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import classes from './page-header.module.css';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Page-level actions, shown on the right. */
  actions?: ReactNode;
}

/** The page's heading; also names the browser tab after it. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  useDocumentTitle(`${title} · Tracklane`);
  return (
    <header className={classes.header}>
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <Stack gap={4} miw={0}>
          <Title order={1}>{title}</Title>
          {description ? (
            <Text c="dimmed" size="sm" component="div">
              {description}
            </Text>
          ) : null}
        </Stack>
        {actions ? <Group gap="sm">{actions}</Group> : null}
      </Group>
    </header>
  );
}
