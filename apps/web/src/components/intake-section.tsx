import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './intake-section.module.css';

interface IntakeSectionProps {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
}

/** One way of adding shipments on a new-shipment page: "One shipment", "Many shipments". */
export function IntakeSection({ id, title, description, children }: IntakeSectionProps) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={id} className={classes.section}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {description}
      </Text>
      {children}
    </Paper>
  );
}
