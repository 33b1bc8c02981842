import { Button, EmptyState } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';

interface AdminOnlyProps {
  title: string;
  description: string;
  backHref: string;
}

/** What a page for company admins shows everyone else: why, and the way back. */
export function AdminOnly({ title, description, backHref }: AdminOnlyProps) {
  return (
    <EmptyState
      py={64}
      variant="light"
      color="gray"
      icon={<IconLock size={26} stroke={1.75} />}
      title={title}
      description={description}
      data-testid="admin-only"
    >
      <EmptyState.Actions>
        <Button component={Link} to={backHref} variant="default" leftSection={<IconArrowLeft size={16} />}>
          Back to dashboard
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
