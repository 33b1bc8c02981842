import { Suspense, type ReactNode } from 'react';
import { PageSkeleton } from '../../components/page-skeleton';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/logo';
import { paths } from '../../config/paths';
import classes from './plain-layout.module.css';

/**
 * Logo header and a centred reading column, for /legal and /expiredLink (spec §2), and for the user
 * agreement that stands in for the app until it is accepted. Renders `children`, else the route's outlet.
 */
export function PlainLayout({ children }: { children?: ReactNode }) {
  return (
    <div className={classes.layout} data-testid="plain-layout">
      <header className={classes.header}>
        <div className={classes.headerInner}>
          <Link to={paths.home} className={classes.logoLink}>
            <Logo size={28} />
          </Link>
        </div>
      </header>
      <main className={classes.main}>
        <div className={classes.column}>
          <Suspense fallback={<PageSkeleton />}>{children ?? <Outlet />}</Suspense>
        </div>
      </main>
    </div>
  );
}
