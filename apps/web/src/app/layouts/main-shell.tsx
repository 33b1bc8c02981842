import { Drawer } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX, SIDEBAR_WIDTH_PX } from '@tracklane/shared/constants';
import { canManageOrganization } from '@tracklane/shared/organizations/organizations.policy';
import { memo, Suspense, useEffect, type ComponentProps, type ReactNode } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { MayConnectCarriers } from '../../components/no-connection';
import { PageSkeleton } from '../../components/page-skeleton';
import { useAuthStore } from '../../features/auth/stores/auth-store';
import { useEdgeSwipe } from '../../features/navigation/hooks/use-edge-swipe';
import { Sidebar } from '../../features/navigation/components/sidebar';
import { useSiteType } from '../../features/navigation/hooks/use-site-type';
import { TutorialTooltip } from '../../features/tutorial/components/tutorial-tooltip';
import { useWorkspaceSession } from '../../features/workspaces/hooks/use-workspace-session';
import {
  selectShipmentPermission,
  useWorkspaceStore,
} from '../../features/workspaces/stores/workspace-store';
import { endStartFrame } from '../signed-in-wait';
import { useLiveUpdates } from '../use-live-updates';
import { usePageViewTracking } from '../../lib/track-usage';
import { useWidthQuery } from '../../lib/use-width-query';
import classes from './main-shell.module.css';
import { TopBar } from './top-bar';
import { WorkspaceRail } from './workspace-rail';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
// The rail (60 px) plus the expanded sidebar.
const DRAWER_WIDTH_PX = 60 + SIDEBAR_WIDTH_PX;

/**
 * What the signed-in session keeps up beside the pages, drawing nothing: the organizations and the
 * server's selection, the live-update socket, page-view counting. A component of its own so that their
 * answers re-render only it, not the whole shell.
 */
const ShellSession = memo(function ShellSession({ userId }: { userId: string | null }) {
  // Organizations and the server's selection: the menus follow the real shipmentPermission.
  useWorkspaceSession();
  // spec §4: the tab's one socket, open while signed in: invitation and notification messages refetch.
  useLiveUpdates(userId);
  usePageViewTracking(userId !== null);
  return null;
});

/** The tutorial's tooltip, which follows the site type of the path: a move re-renders only it. */
const ShellTutorial = memo(function ShellTutorial({ userId }: { userId: string | null }) {
  const { siteType } = useSiteType();
  return <TutorialTooltip userId={userId} siteType={siteType} />;
});

/**
 * The sidebar with the workspace's permission (its menu follows it): read here, so that its arrival
 * renders the sidebar again, not the whole shell.
 */
function ShellSidebar(props: Omit<ComponentProps<typeof Sidebar>, 'shipmentPermission'>) {
  const shipmentPermission = useWorkspaceStore(selectShipmentPermission);
  return <Sidebar {...props} shipmentPermission={shipmentPermission} />;
}

/** Tells the pages whether the reader may connect carriers ("No connection for MSC: connect one"). */
function CarrierConnectionsAccess({ children }: { children: ReactNode }) {
  const role = useWorkspaceStore((state) => state.currentOrganization?.role);
  return (
    <MayConnectCarriers.Provider value={Boolean(role && canManageOrganization(role))}>
      {children}
    </MayConnectCarriers.Provider>
  );
}

/**
 * A bar along the top while a navigation waits for its page's code or first data (its route's lazy
 * module and loader): the page on screen stays until the next one can render whole.
 */
function NavigationProgress() {
  const loading = useNavigation().state === 'loading';
  if (!loading) return null;
  return <div className={classes.navigationProgress} role="progressbar" aria-label="Loading the page" />;
}

/** Top bar, sidebar and content: every page outside /auth, /share, /legal (spec §2). */
export function MainShell() {
  // Read as the shell first renders: found only in an effect, a phone re-rendered the whole shell and
  // page right after they mounted. Under a server's HTML, what the server guessed (useWidthQuery).
  const isMobile = useWidthQuery(MOBILE_QUERY);
  const [drawerOpened, drawer] = useDisclosure(false);
  const userId = useAuthStore((state) => state.user?.id ?? null);

  useEffect(endStartFrame, []);

  // Widened past a phone's width: the drawer is gone, and does not come back open on narrowing.
  const closeDrawer = drawer.close;
  useEffect(() => {
    if (!isMobile) closeDrawer();
  }, [isMobile, closeDrawer]);

  useEdgeSwipe({ enabled: isMobile, opened: drawerOpened, onOpen: drawer.open, onClose: drawer.close });

  return (
    <>
      <ShellSession userId={userId} />
      <div className={classes.shell} data-testid="main-shell">
        <a href="#main-content" className={classes.skipLink}>
          Skip to content
        </a>
        {/* A phone has the rail and sidebar in the drawer only: the docked ones (hidden there by CSS too)
            are not rendered at all, nor is the drawer on a wide screen. */}
        {isMobile ? null : (
          <div className={classes.desktopChrome}>
            <WorkspaceRail />
            <ShellSidebar variant="docked" />
          </div>
        )}
        <div className={classes.column}>
          <NavigationProgress />
          <TopBar drawerOpened={drawerOpened} onOpenDrawer={drawer.open} />
          <main id="main-content" className={classes.content} tabIndex={-1}>
            <div className={classes.contentInner}>
              <Suspense fallback={<PageSkeleton />}>
                <CarrierConnectionsAccess>
                  <Outlet />
                </CarrierConnectionsAccess>
              </Suspense>
            </div>
          </main>
        </div>
        {isMobile ? (
          <Drawer.Root opened={drawerOpened} onClose={drawer.close} size={DRAWER_WIDTH_PX}>
            <Drawer.Overlay />
            <Drawer.Content id="mobile-navigation" aria-label="Navigation">
              <Drawer.Body className={classes.drawerBody}>
                <div className={classes.drawerContent} data-testid="sidebar-drawer">
                  <WorkspaceRail onSwitched={drawer.close} />
                  <ShellSidebar variant="drawer" onNavigate={drawer.close} />
                </div>
              </Drawer.Body>
            </Drawer.Content>
          </Drawer.Root>
        ) : null}
        <ShellTutorial userId={userId} />
      </div>
    </>
  );
}
