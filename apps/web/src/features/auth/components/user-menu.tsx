import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconBell,
  IconChevronDown,
  IconCreditCard,
  IconLogout,
  IconReceipt,
  IconUserCircle,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useAuthStore } from '../stores/auth-store';
import type { User } from '../types';
import { initialsOf } from '../../../lib/initials';
import classes from './user-menu.module.css';

function displayName(user: User): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

const ICON = { size: 16, stroke: 1.75 } as const;

/** The avatar menu of the top bar (spec §2). */
export function UserMenu() {
  const user = useAuthStore((state) => state.user);
  const logout = useAuthStore((state) => state.logout);
  if (!user) return null;

  const handleLogout = async () => {
    const signedOut = await logout();
    if (!signedOut) {
      notifications.show({
        color: 'red',
        title: 'Could not log out',
        message: 'The server did not confirm the log out. Please try again.',
      });
    }
  };

  return (
    <Menu position="bottom-end" width={240} offset={6}>
      <Menu.Target>
        <UnstyledButton className={classes.target} aria-label="Account menu" data-testid="user-menu">
          <Avatar src={user.avatar} alt="" radius="xl" size={30} color="ocean" variant="light">
            {initialsOf(user)}
          </Avatar>
          <span className={classes.name}>{displayName(user)}</span>
          <IconChevronDown size={14} stroke={1.75} className={classes.chevron} aria-hidden="true" />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <div className={classes.identity}>
          <Text size="sm" fw={600} truncate>
            {displayName(user)}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </div>
        <Menu.Divider />
        <Menu.Item component={Link} to={paths.settings.profile} leftSection={<IconUserCircle {...ICON} />}>
          Profile Settings
        </Menu.Item>
        <Menu.Item component={Link} to={paths.settings.notification} leftSection={<IconBell {...ICON} />}>
          Notification Settings
        </Menu.Item>
        <Menu.Item component={Link} to={paths.settings.billing} leftSection={<IconCreditCard {...ICON} />}>
          Billing Settings
        </Menu.Item>
        <Menu.Item component={Link} to={paths.pricing} leftSection={<IconReceipt {...ICON} />}>
          Pricing Plans
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout {...ICON} />} onClick={() => void handleLogout()}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
