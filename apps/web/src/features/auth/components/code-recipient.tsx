import { Anchor, Group, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './code-recipient.module.css';

interface CodeRecipientProps {
  email: string;
  /** Where to go to use another address. */
  changeHref: string;
}

/** The address a code went to, on its own line so that a long one stays readable, and a way to change it. */
export function CodeRecipient({ email, changeHref }: CodeRecipientProps) {
  return (
    <Group className={classes.recipient} gap="xs" justify="space-between" wrap="wrap">
      <Group gap={8} wrap="nowrap" miw={0}>
        <IconMail size={16} stroke={1.75} className={classes.icon} aria-hidden="true" />
        <Text fw={600} size="md" c="gray.9" className={classes.email} data-testid="code-email-address">
          {email}
        </Text>
      </Group>
      <Anchor component={Link} to={changeHref} size="sm">
        Use a different e-mail
      </Anchor>
    </Group>
  );
}
