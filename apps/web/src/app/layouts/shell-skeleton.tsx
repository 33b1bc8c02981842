import type { ReactNode } from 'react';
import { PageSkeleton } from '../../components/page-skeleton';
import { useUiStore } from '../../features/navigation/stores/ui-store';
import shellClasses from './main-shell.module.css';
import skeletonClasses from './shell-skeleton.module.css';

/**
 * While the main shell's code arrives: the rail, the sidebar (collapsed or not, as the user left it),
 * the top bar and the page area, in the shell's own boxes, so the real shell drops in without a shift.
 *
 * `frame`: the frame of a signed-in page, painted by its HTML before any JavaScript (page-frame.tsx).
 * The HTML is the same for everyone, so its sidebar is drawn expanded and the HTML's inline script
 * narrows it before the first paint (`data-sidebar-collapsed` on <html>) when the stored preference says
 * so; the store's value, which React reads only after taking the HTML over, then agrees.
 */
export function ShellSkeleton({ children, frame }: { children?: ReactNode; frame?: boolean }) {
  const collapsed = useUiStore((state) => state.sidebarCollapsed);
  return (
    <div className={shellClasses.shell} data-testid="shell-skeleton" data-frame={frame || undefined}>
      <div className={shellClasses.desktopChrome}>
        <div className={shellClasses.rail} />
        <div className={skeletonClasses.sidebar} data-collapsed={collapsed || undefined} />
      </div>
      <div className={shellClasses.column}>
        <div className={shellClasses.topBar} />
        <main className={shellClasses.content}>
          <div className={shellClasses.contentInner}>{children ?? <PageSkeleton />}</div>
        </main>
      </div>
    </div>
  );
}
