import { Outlet } from 'react-router';
import classes from './bare-layout.module.css';

/** Full screen with no chrome, for shared links (spec §2). */
export function BareLayout() {
  return (
    <main className={classes.layout} data-testid="bare-layout">
      <Outlet />
    </main>
  );
}
