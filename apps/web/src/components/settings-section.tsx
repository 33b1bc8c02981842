import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { QueryErrorAlert } from './query-error-alert';
import classes from './settings-section.module.css';

interface SettingsSectionProps {
  /** The heading's id, which names the section. */
  titleId: string;
  title: string;
  /** `h4` for a section among others on its page. */
  titleSize?: 'h4';
  description: ReactNode;
  /** The section's main action beside its heading (an "Add …" button). */
  action: ReactNode;
  children: ReactNode;
}

/** A settings section (workspaces, pending invitations, alert rules, free time, API keys, webhooks): a card with a heading, a line on what it holds, and its action. */
export function SettingsSection({
  titleId,
  title,
  titleSize,
  description,
  action,
  children,
}: SettingsSectionProps) {
  return (
    <Paper withBorder radius="lg" component="section" aria-labelledby={titleId}>
      <div className={classes.header}>
        <Stack gap={2} className={classes.headerText}>
          <Title order={2} size={titleSize} id={titleId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        {action}
      </div>
      {children}
    </Paper>
  );
}

interface SectionBodyProps<T> {
  query: {
    data: T | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  /** What is loading, e.g. "alert rules": the skeleton's label and the error's title say it. */
  what: string;
  skeleton: { rows: number; height: number };
  /** Shown instead of `children` when `empty(data)` holds. */
  empty?: { when: (data: T) => boolean; icon: TablerIcon; title: string; text: string };
  children: (data: T) => ReactNode;
}

/** A settings section's body for one query: a skeleton while loading, the error with a retry, the empty state, or the content. */
export function SectionBody<T>({ query, what, skeleton, empty, children }: SectionBodyProps<T>) {
  if (query.isPending)
    return (
      <Stack gap="sm" className={classes.state} aria-busy="true" aria-label={`Loading ${what}`}>
        {Array.from({ length: skeleton.rows }, (_, n) => (
          <Skeleton key={n} height={skeleton.height} radius="md" />
        ))}
      </Stack>
    );
  if (query.isError || query.data === undefined)
    return (
      <div className={classes.state}>
        <QueryErrorAlert
          title={`Could not load the ${what}`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  if (empty?.when(query.data)) {
    const EmptyIcon = empty.icon;
    return (
      <Stack gap={4} align="center" className={classes.state} py="xl">
        <EmptyIcon size={28} stroke={1.5} color="var(--mantine-color-gray-6)" />
        <Text fw={600}>{empty.title}</Text>
        <Text size="sm" c="dimmed" ta="center">
          {empty.text}
        </Text>
      </Stack>
    );
  }
  return children(query.data);
}
