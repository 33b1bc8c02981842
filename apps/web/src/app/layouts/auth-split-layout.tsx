import { Anchor, Text } from '@mantine/core';
import { TAGLINE } from '@tracklane/shared/constants';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { AuthFormSkeleton } from '../../components/page-skeleton';
import { Logo } from '../../components/logo';
import { paths } from '../../config/paths';
import { AuthIllustration } from './auth-illustration';
import classes from './auth-split-layout.module.css';

/** Image panel with the tagline on large screens, logo and form on the right (spec §2). */
export function AuthSplitLayout() {
  return (
    <div className={classes.layout} data-testid="auth-split-layout">
      <aside className={classes.panel} data-testid="auth-image-panel">
        <div className={classes.art}>
          <AuthIllustration />
        </div>
        <div className={classes.copy}>
          <p className={classes.tagline}>{TAGLINE}</p>
          <p className={classes.modes}>Ocean containers and express parcels, on one screen.</p>
        </div>
      </aside>
      <div className={classes.formSide}>
        <header className={classes.header}>
          <Link to={paths.auth.signIn} className={classes.logoLink}>
            <Logo size={32} />
          </Link>
        </header>
        <main className={classes.main}>
          <div className={classes.formArea}>
            <Suspense fallback={<AuthFormSkeleton />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
        <footer className={classes.footer}>
          <Text size="xs" c="dimmed">
            <Anchor component={Link} to={paths.legal} size="xs" c="dimmed" underline="always">
              Terms and privacy
            </Anchor>
          </Text>
        </footer>
      </div>
    </div>
  );
}
