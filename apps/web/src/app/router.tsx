import { Children, isValidElement, type ReactNode } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { NotFound } from '../components/not-found';
import { Splash } from '../components/splash';
import { paths } from '../config/paths';
import { RELIABILITY_PAGE_PATH } from '../lib/reliability';
import { MODE_LIST } from '../modes/registry';
import { PageFrame, RequireGuest, RequireUser } from './guard';
import { lazyPage, PageSuspense, type LazyPage } from './lazy-page';
import { modePages } from './mode-pages';
import { BareLayout } from './layouts/bare-layout';
import { PlainLayout } from './layouts/plain-layout';
import { ShellSkeleton } from './layouts/shell-skeleton';
import { CommentThread } from './pages/lazy-comment-thread';
import { RouteErrorPage } from './pages/route-error-page';

// Every screen is its own chunk, so that the first page of a visit downloads only what it shows.
// Auth screens and their layout, the shell and each feature's pages load on first use.
const AuthSplitLayout = lazyPage(() => import('./layouts/auth-split-layout').then((m) => m.AuthSplitLayout));
const SignInForm = lazyPage(() =>
  import('../features/auth/components/sign-in-form').then((m) => m.SignInForm),
);
const SignUpForm = lazyPage(() =>
  import('../features/auth/components/sign-up-form').then((m) => m.SignUpForm),
);
const VerifyEmailScreen = lazyPage(() =>
  import('../features/auth/components/verify-email-screen').then((m) => m.VerifyEmailScreen),
);
const ForgotPasswordScreen = lazyPage(() =>
  import('../features/auth/components/forgot-password-screen').then((m) => m.ForgotPasswordScreen),
);
const ResetPasswordScreen = lazyPage(() =>
  import('../features/auth/components/reset-password-screen').then((m) => m.ResetPasswordScreen),
);
// The agreement check and the shell come together: nothing signed-in renders without both.
const RequireAgreement = lazyPage(
  () => import('./signed-in-app').then((m) => m.RequireAgreement),
  () => import('./signed-in-app').then((m) => m.prefetchSignedIn()),
);
const MainShell = lazyPage(() => import('./signed-in-app').then((m) => m.MainShell));
const LegalPage = lazyPage(() => import('./pages/plain-pages').then((m) => m.LegalPage));
const ExpiredLinkPage = lazyPage(() => import('./pages/plain-pages').then((m) => m.ExpiredLinkPage));
const SharePage = lazyPage(() => import('./pages/share-page').then((m) => m.SharePage));
const ProfileSettingsPage = lazyPage(() =>
  import('./pages/profile-settings-page').then((m) => m.ProfileSettingsPage),
);
const BillingSettingsPage = lazyPage(() =>
  import('./pages/billing-pages').then((m) => m.BillingSettingsPage),
);
const WorkspaceApiPage = lazyPage(() => import('./pages/workspace-api-page').then((m) => m.WorkspaceApiPage));
const ApiReferencePage = lazyPage(() => import('./pages/api-reference-page').then((m) => m.ApiReferencePage));
const WebhooksGuidePage = lazyPage(() =>
  import('./pages/webhooks-guide-page').then((m) => m.WebhooksGuidePage),
);
const PricingPage = lazyPage(() => import('./pages/billing-pages').then((m) => m.PricingPage));
const NotificationsPage = lazyPage(() =>
  import('./pages/notifications-page').then((m) => m.NotificationsPage),
);
const NotificationSettingsPage = lazyPage(() =>
  import('../features/notifications/components/notification-settings-form').then(
    (m) => m.NotificationSettingsPage,
  ),
);
const DashboardPage = lazyPage(
  () => import('./pages/dashboard-page').then((m) => m.DashboardPage),
  (props) => import('./pages/dashboard-page').then((m) => m.prefetchDashboardPage(props)),
);
const HomePage = lazyPage(() => import('./pages/home-page').then((m) => m.HomePage));
const NewShipmentPage = lazyPage(() => import('./pages/new-shipment-page').then((m) => m.NewShipmentPage));
const ShipmentHistoryPage = lazyPage(() =>
  import('./pages/shipment-history-page').then((m) => m.ShipmentHistoryPage),
);
const SharedShipmentPage = lazyPage(() =>
  import('./pages/shared-shipment-page').then((m) => m.SharedShipmentPage),
);
const WorkspaceMembersPage = lazyPage(() =>
  import('./pages/workspace-members-page').then((m) => m.WorkspaceMembersPage),
);
const ExceptionsPage = lazyPage(() =>
  import('../features/exceptions/components/exceptions-page').then((m) => m.ExceptionsPage),
);
const ReliabilityPage = lazyPage(() => import('./pages/reliability-page').then((m) => m.ReliabilityPage));
const AlertRulesPage = lazyPage(() => import('./pages/alert-rules-page').then((m) => m.AlertRulesPage));
const FreeTimePage = lazyPage(() => import('./pages/free-time-page').then((m) => m.FreeTimePage));
const CarrierConnectionsPage = lazyPage(() =>
  import('./pages/carrier-connections-page').then((m) => m.CarrierConnectionsPage),
);
const WorkspaceOverviewPage = lazyPage(() =>
  import('./pages/workspace-overview-page').then((m) => m.WorkspaceOverviewPage),
);

/** Every lazy screen, for tests (which render pages without waiting for downloads). */
export const lazyScreens = [
  AuthSplitLayout,
  SignInForm,
  SignUpForm,
  VerifyEmailScreen,
  ForgotPasswordScreen,
  ResetPasswordScreen,
  RequireAgreement,
  MainShell,
  LegalPage,
  ExpiredLinkPage,
  SharePage,
  ProfileSettingsPage,
  NotificationsPage,
  NotificationSettingsPage,
  BillingSettingsPage,
  PricingPage,
  WorkspaceApiPage,
  ApiReferencePage,
  DashboardPage,
  HomePage,
  NewShipmentPage,
  ...MODE_LIST.flatMap((mode): LazyPage<never>[] => {
    const { list, detail, newShipment, sharedDetail } = modePages(mode);
    return [list, detail, newShipment, sharedDetail];
  }),
  ShipmentHistoryPage,
  SharedShipmentPage,
  WorkspaceMembersPage,
  WorkspaceOverviewPage,
  CommentThread,
  AlertRulesPage,
  ExceptionsPage,
  ReliabilityPage,
  FreeTimePage,
  CarrierConnectionsPage,
  PageFrame,
];

// Tests render pages at once, as if downloaded (Vitest's mode; a build drops this line).
if (import.meta.env.MODE === 'test') await Promise.all(lazyScreens.map((screen) => screen.preload()));

/**
 * Starts downloading what the page at a path needs (given as the path, or as the router's matches of it,
 * which spares ranking the route table a second time) while the session check is on its way, so the
 * chunks do not wait for it (main.tsx calls this before the first render): every lazy element on the
 * routes the path matches (layouts, the agreement check, the shell and the page itself). Resolves once
 * they are here (or one failed: the page's own suspense and error handling take over when it renders).
 * With `data` (a visitor with a session: the server sent the page's frame), their first requests start
 * too (`LazyPage.prefetch`), and it resolves once those have answered as well: the first render then
 * finds their answers and renders the page once, with nothing arriving during or just after it (each
 * answer a query's subscribers see is a synchronous re-render, which made the page's commit and its
 * effects one long task). Their failures are left to the page, which asks again as it renders.
 */
export function preloadFor(
  where: string | readonly { route: RouteObject }[],
  { data = false }: { data?: boolean } = {},
): Promise<unknown> {
  const loads: Promise<unknown>[] = [];
  const visit = (node: ReactNode): void => {
    if (!isValidElement<{ children?: ReactNode }>(node)) return;
    const { preload, prefetch } = node.type as Partial<LazyPage<object>>;
    if (typeof preload === 'function') loads.push(preload());
    if (data && typeof prefetch === 'function') loads.push(prefetch(node.props).catch(() => undefined));
    Children.forEach(node.props.children, visit);
  };
  const matches = typeof where === 'string' ? (matchRoutes(routes, where) ?? []) : where;
  for (const match of matches) visit(match.route.element);
  return Promise.all(loads);
}

/**
 * Each mode's pages at its paths: its dashboard, its list's tabs, its new-shipment form (also the
 * tutorial's "/new-shipments/{siteType}" step, spec §2: any other siteType falls through to the
 * not-found page) and its detail page.
 */
function modeRoutes(): RouteObject[] {
  return MODE_LIST.flatMap((mode): RouteObject[] => {
    const { list: ListPage, detail: DetailPage, newShipment: NewPage } = modePages(mode);
    return [
      { path: mode.paths.dashboard, element: <DashboardPage mode={mode.mode} /> },
      ...Object.entries(mode.paths.lists).map(([tab, path]) => ({ path, element: <ListPage tab={tab} /> })),
      { path: mode.paths.newShipment, element: <NewPage /> },
      { path: mode.pages.detailRoute, element: <DetailPage /> },
    ];
  });
}

const mainShellRoutes = (): RouteObject[] => [
  { index: true, element: <HomePage /> },
  ...modeRoutes(),
  { path: paths.newShipments.create, element: <NewShipmentPage /> },
  { path: '/shipment-history/:type/tracking-history', element: <ShipmentHistoryPage view="tracking" /> },
  { path: '/shipment-history/:type/shared-history', element: <ShipmentHistoryPage view="shared" /> },
  {
    path: '/shipment-history/:type/shared-history/details/:overallId',
    element: <SharedShipmentPage />,
  },
  { path: paths.notifications, element: <NotificationsPage /> },
  { path: paths.exceptions, element: <ExceptionsPage /> },
  { path: RELIABILITY_PAGE_PATH, element: <ReliabilityPage /> },
  { path: paths.settings.profile, element: <ProfileSettingsPage /> },
  { path: paths.settings.notification, element: <NotificationSettingsPage /> },
  { path: paths.settings.billing, element: <BillingSettingsPage /> },
  { path: paths.pricing, element: <PricingPage /> },
  { path: paths.workspaceSettings.members, element: <WorkspaceMembersPage /> },
  { path: paths.workspaceSettings.overview, element: <WorkspaceOverviewPage /> },
  { path: paths.workspaceSettings.api, element: <WorkspaceApiPage /> },
  { path: paths.workspaceSettings.apiReference, element: <ApiReferencePage /> },
  { path: paths.workspaceSettings.webhooksGuide, element: <WebhooksGuidePage /> },
  { path: paths.workspaceSettings.alerts, element: <AlertRulesPage /> },
  { path: paths.workspaceSettings.freeTime, element: <FreeTimePage /> },
  { path: paths.workspaceSettings.carrierConnections, element: <CarrierConnectionsPage /> },
  { path: '*', element: <NotFound homeHref={paths.home} homeLabel="Back to dashboard" /> },
];

const authRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={paths.auth.signIn} replace /> },
  { path: paths.auth.signIn, element: <SignInForm /> },
  { path: paths.auth.signUp, element: <SignUpForm /> },
  { path: paths.auth.verifyEmail, element: <VerifyEmailScreen /> },
  { path: paths.auth.forgotPassword, element: <ForgotPasswordScreen /> },
  { path: paths.auth.resetPassword, element: <ResetPasswordScreen /> },
  { path: '*', element: <NotFound homeHref={paths.auth.signIn} homeLabel="Back to sign in" /> },
];

/**
 * The one route table (spec §2). The layout follows the path:
 * /share… bare, /auth… split, /legal and /expiredLink plain, everything else the main shell.
 * "/share" is matched as a path segment: /shipment-history/…/shared-history is a main-shell page.
 * /legal, /expiredLink and /share sit outside the guard: anyone with the link may open them.
 * Inside it, the main shell waits for the user agreement to be accepted (spec §4).
 */
export const buildRoutes = (): RouteObject[] => [
  {
    errorElement: <RouteErrorPage />,
    children: [
      {
        path: paths.share,
        element: <BareLayout />,
        children: [
          { index: true, element: <NotFound homeHref={paths.home} homeLabel="Go to Tracklane" /> },
          { path: ':token', element: <SharePage /> },
          { path: '*', element: <NotFound homeHref={paths.home} homeLabel="Go to Tracklane" /> },
        ],
      },
      {
        element: <PlainLayout />,
        children: [
          { path: paths.legal, element: <LegalPage /> },
          { path: paths.expiredLink, element: <ExpiredLinkPage /> },
        ],
      },
      {
        element: <RequireGuest />,
        children: [
          {
            path: '/auth',
            element: (
              <PageSuspense fallback={<Splash />}>
                <AuthSplitLayout />
              </PageSuspense>
            ),
            children: authRoutes,
          },
        ],
      },
      {
        element: <RequireUser />,
        children: [
          {
            element: (
              <PageSuspense fallback={<Splash />}>
                <RequireAgreement />
              </PageSuspense>
            ),
            children: [
              {
                element: (
                  <PageSuspense fallback={<ShellSkeleton />}>
                    <MainShell />
                  </PageSuspense>
                ),
                children: mainShellRoutes(),
              },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * The one route table (spec §2), as the registry's modes make it: `buildRoutes()` again after a test
 * registers a mode of its own.
 */
export const routes: RouteObject[] = buildRoutes();

export function createAppRouter() {
  return createBrowserRouter(routes);
}
