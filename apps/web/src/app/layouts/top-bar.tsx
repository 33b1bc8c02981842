import { ActionIcon } from '@mantine/core';
import { memo } from 'react';
import { IconMenu2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LogoMark } from '../../components/logo';
import { paths } from '../../config/paths';
import { UserMenu } from '../../features/auth/components/user-menu';
import { FeedbackButton } from '../../features/feedback/components/feedback-button';
import classes from './main-shell.module.css';
import { TopBarBell } from './top-bar-bell';
import { TopBarSearch } from './top-bar-search';
import { TopBarWorkspaceMenu } from './top-bar-workspace-menu';

interface TopBarProps {
  drawerOpened: boolean;
  onOpenDrawer: () => void;
}

/** Memoised: the shell renders again when the workspace's permission arrives, the bar need not. */
export const TopBar = memo(function TopBar({ drawerOpened, onOpenDrawer }: TopBarProps) {
  return (
    <header className={classes.topBar} data-testid="top-bar">
      <div className={classes.topBarStart}>
        <ActionIcon
          className={classes.mobileOnly}
          variant="subtle"
          color="gray"
          size="lg"
          onClick={onOpenDrawer}
          aria-label="Open navigation"
          aria-expanded={drawerOpened}
          aria-controls="mobile-navigation"
          data-testid="open-navigation"
        >
          <IconMenu2 size={20} stroke={1.75} />
        </ActionIcon>
        <Link
          to={paths.home}
          className={`${classes.mobileOnly} ${classes.topBarLogo}`}
          aria-label="Tracklane home"
        >
          {/* The mark alone: on a phone the bar also holds the workspace, bell, feedback and avatar. */}
          <LogoMark size={26} />
        </Link>
        <TopBarWorkspaceMenu />
      </div>
      <TopBarSearch />
      <div className={classes.topBarEnd}>
        <TopBarBell />
        <FeedbackButton />
        <UserMenu />
      </div>
    </header>
  );
});
