import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSkeleton } from '../../components/page-skeleton';
import classes from './bare-layout.module.css';

/** Full screen with no chrome, for shared links (spec §2). */
export function BareLayout() {
  return (
    <main className={classes.layout} data-testid="bare-layout">
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
