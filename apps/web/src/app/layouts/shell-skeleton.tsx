import { PageSkeleton } from '../../components/page-skeleton';
import { useUiStore } from '../../features/navigation/stores/ui-store';
import shellClasses from './main-shell.module.css';
import skeletonClasses from './shell-skeleton.module.css';

/**
 * While the main shell's code arrives: the rail, the sidebar (collapsed or not, as the user left it),
 * the top bar and the page area, in the shell's own boxes, so the real shell drops in without a shift.
 */
export function ShellSkeleton() {
  const collapsed = useUiStore((state) => state.sidebarCollapsed);
  return (
    <div className={shellClasses.shell} data-testid="shell-skeleton">
      <div className={shellClasses.desktopChrome}>
        <div className={shellClasses.rail} />
        <div className={skeletonClasses.sidebar} data-collapsed={collapsed || undefined} />
      </div>
      <div className={shellClasses.column}>
        <div className={shellClasses.topBar} />
        <main className={shellClasses.content}>
          <div className={shellClasses.contentInner}>
            <PageSkeleton />
          </div>
        </main>
      </div>
    </div>
  );
}
