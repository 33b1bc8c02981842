import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  Navigate,
  type HydrationState,
  type LoaderFunction,
  type RouteObject,
} from 'react-router';
import { NotFound } from '../components/not-found';
import { Splash } from '../components/splash';
import { paths } from '../config/paths';
import { RELIABILITY_PAGE_PATH } from '../lib/reliability';
import { hasSessionHint } from '../lib/session-hint';
import { MODE_ROUTES, type ModeRoutes } from '../modes/mode-routes';
import type { AppInstance } from './app-instance';
import { PageFrame, RequireGuest, RequireUser } from './guard';
import { BareLayout } from './layouts/bare-layout';
import { PlainLayout } from './layouts/plain-layout';
import { CommentThread } from './pages/lazy-comment-thread';
import { ShipmentDocumentsPanel } from './pages/shipment-documents-tab';
import { RouteErrorPage } from './pages/route-error-page';

type Load<P> = () => Promise<ComponentType<P>>;

/**
 * A screen as a lazy route (React Router's `route.lazy`): its own chunk, downloaded when a navigation
 * first reaches it, rendered with the props its route gives it.
 */
function screen<P extends object>(
  load: Load<P>,
  ...[props]: keyof P extends never ? [] : [P]
): RouteObject['lazy'] {
  return async () => {
    const Screen = await load();
    return { Component: props ? () => <Screen {...props} /> : (Screen as ComponentType) };
  };
}

/**
 * A loader for the requests a signed-in screen's first render reads, started beside its code and the
 * session check; the navigation waits for their answers (a cached answer counts), so the screen renders
 * once, with its data. Nothing is asked without a session cookie (the guard sends that visitor to sign
 * in), and a failed request is left to the screen, which asks again as it renders. It runs when a
 * navigation arrives at the route, not again while the route stays (a filter in the address): from then
 * on the screen's own queries keep its data current. It fills `app`, the instance the router is made for.
 */
function signedInData(
  app: AppInstance,
  prefetch: (app: AppInstance, search: URLSearchParams) => Promise<unknown>,
): Pick<RouteObject, 'loader' | 'shouldRevalidate'> {
  const loader: LoaderFunction = async ({ request }) => {
    // A session a server render confirmed (entry-server.tsx), or a session cookie to ask about.
    if (!app.sessionConfirmed && !hasSessionHint()) return null;
    await prefetch(app, new URL(request.url).searchParams).catch(() => undefined);
    return null;
  };
  return { loader, shouldRevalidate: () => false };
}

// The screens: each a chunk of its own, so that the first page of a visit downloads only what it shows.
const AuthSplitLayout = () => import('./layouts/auth-split-layout').then((m) => m.AuthSplitLayout);
const SignInForm = () => import('../features/auth/components/sign-in-form').then((m) => m.SignInForm);
const SignUpForm = () => import('../features/auth/components/sign-up-form').then((m) => m.SignUpForm);
const VerifyEmailScreen = () =>
  import('../features/auth/components/verify-email-screen').then((m) => m.VerifyEmailScreen);
const ForgotPasswordScreen = () =>
  import('../features/auth/components/forgot-password-screen').then((m) => m.ForgotPasswordScreen);
const ResetPasswordScreen = () =>
  import('../features/auth/components/reset-password-screen').then((m) => m.ResetPasswordScreen);
// The agreement check and the shell are one chunk: nothing signed-in renders without both.
const RequireAgreement = () => import('./signed-in-app').then((m) => m.RequireAgreement);
const MainShell = () => import('./signed-in-app').then((m) => m.MainShell);
const LegalPage = () => import('./pages/plain-pages').then((m) => m.LegalPage);
const ExpiredLinkPage = () => import('./pages/plain-pages').then((m) => m.ExpiredLinkPage);
const SharePage = () => import('./pages/share-page').then((m) => m.SharePage);
const ProfileSettingsPage = () => import('./pages/profile-settings-page').then((m) => m.ProfileSettingsPage);
const BillingSettingsPage = () => import('./pages/billing-pages').then((m) => m.BillingSettingsPage);
const WorkspaceApiPage = () => import('./pages/workspace-api-page').then((m) => m.WorkspaceApiPage);
const ApiReferencePage = () => import('./pages/api-reference-page').then((m) => m.ApiReferencePage);
const WebhooksGuidePage = () => import('./pages/webhooks-guide-page').then((m) => m.WebhooksGuidePage);
const PricingPage = () => import('./pages/billing-pages').then((m) => m.PricingPage);
const NotificationsPage = () => import('./pages/notifications-page').then((m) => m.NotificationsPage);
const NotificationSettingsPage = () =>
  import('../features/notifications/components/notification-settings-form').then(
    (m) => m.NotificationSettingsPage,
  );
const DashboardPage = () => import('./pages/dashboard-page').then((m) => m.DashboardPage);
const HomePage = () => import('./pages/home-page').then((m) => m.HomePage);
const NewShipmentPage = () => import('./pages/new-shipment-page').then((m) => m.NewShipmentPage);
const ShipmentHistoryPage = () => import('./pages/shipment-history-page').then((m) => m.ShipmentHistoryPage);
const SharedShipmentPage = () => import('./pages/shared-shipment-page').then((m) => m.SharedShipmentPage);
const WorkspaceMembersPage = () =>
  import('./pages/workspace-members-page').then((m) => m.WorkspaceMembersPage);
const ExceptionsPage = () =>
  import('../features/exceptions/components/exceptions-page').then((m) => m.ExceptionsPage);
const ReliabilityPage = () => import('./pages/reliability-page').then((m) => m.ReliabilityPage);
const AlertRulesPage = () => import('./pages/alert-rules-page').then((m) => m.AlertRulesPage);
const FreeTimePage = () => import('./pages/free-time-page').then((m) => m.FreeTimePage);
const CarrierConnectionsPage = () =>
  import('./pages/carrier-connections-page').then((m) => m.CarrierConnectionsPage);
const WorkspaceOverviewPage = () =>
  import('./pages/workspace-overview-page').then((m) => m.WorkspaceOverviewPage);
const CompaniesPage = () => import('./pages/companies-page').then((m) => m.CompaniesPage);
const CustomFieldsPage = () => import('./pages/custom-fields-page').then((m) => m.CustomFieldsPage);
const EmailIntakePage = () => import('./pages/email-intake-page').then((m) => m.EmailIntakePage);

/** Every screen's download and each mode's pages', for tests (which render pages without waiting for them). */
export function screenLoads(modes: readonly ModeRoutes[] = MODE_ROUTES): (() => Promise<unknown>)[] {
  return [
    AuthSplitLayout,
    SignInForm,
    SignUpForm,
    VerifyEmailScreen,
    ForgotPasswordScreen,
    ResetPasswordScreen,
    RequireAgreement,
    LegalPage,
    SharePage,
    ProfileSettingsPage,
    BillingSettingsPage,
    WorkspaceApiPage,
    ApiReferencePage,
    WebhooksGuidePage,
    NotificationsPage,
    NotificationSettingsPage,
    DashboardPage,
    HomePage,
    NewShipmentPage,
    ShipmentHistoryPage,
    SharedShipmentPage,
    WorkspaceMembersPage,
    ExceptionsPage,
    ReliabilityPage,
    AlertRulesPage,
    FreeTimePage,
    CarrierConnectionsPage,
    WorkspaceOverviewPage,
    CompaniesPage,
    CustomFieldsPage,
    EmailIntakePage,
    ...modes.flatMap(({ pages }) => [pages.list, pages.detail, pages.newShipment, pages.sharedDetail]),
  ];
}

/**
 * Each mode's pages at its paths: its dashboard, its list's tabs, its new-shipment form (also the
 * tutorial's "/new-shipments/{siteType}" step, spec §2: any other siteType falls through to the
 * not-found page) and its detail page.
 */
function modeRoutes(app: AppInstance, modes: readonly ModeRoutes[]): RouteObject[] {
  return modes.flatMap(({ mode, paths: modePaths, pages }): RouteObject[] => [
    {
      path: modePaths.dashboard,
      lazy: screen(DashboardPage, { mode }),
      ...signedInData(app, ({ queryClient }) =>
        import('./pages/dashboard-page').then((m) => m.prefetchDashboardPage(queryClient, { mode })),
      ),
    },
    ...Object.entries(modePaths.lists).map(([tab, path]) => ({
      path,
      lazy: screen(pages.list, { tab }),
      ...signedInData(app, ({ queryClient }, search) => pages.prefetchList(queryClient, { tab }, search)),
    })),
    { path: modePaths.newShipment, lazy: screen(pages.newShipment) },
    { path: pages.detailRoute, lazy: screen(pages.detail) },
  ]);
}

const mainShellRoutes = (app: AppInstance, modes: readonly ModeRoutes[]): RouteObject[] => [
  { index: true, lazy: screen(HomePage) },
  ...modeRoutes(app, modes),
  { path: paths.newShipments.create, lazy: screen(NewShipmentPage) },
  {
    path: '/shipment-history/:type/tracking-history',
    lazy: screen(ShipmentHistoryPage, { view: 'tracking' }),
  },
  { path: '/shipment-history/:type/shared-history', lazy: screen(ShipmentHistoryPage, { view: 'shared' }) },
  { path: '/shipment-history/:type/shared-history/details/:overallId', lazy: screen(SharedShipmentPage) },
  { path: paths.notifications, lazy: screen(NotificationsPage) },
  { path: paths.exceptions, lazy: screen(ExceptionsPage) },
  { path: RELIABILITY_PAGE_PATH, lazy: screen(ReliabilityPage) },
  { path: paths.settings.profile, lazy: screen(ProfileSettingsPage) },
  { path: paths.settings.notification, lazy: screen(NotificationSettingsPage) },
  { path: paths.settings.billing, lazy: screen(BillingSettingsPage) },
  { path: paths.pricing, lazy: screen(PricingPage) },
  { path: paths.workspaceSettings.members, lazy: screen(WorkspaceMembersPage) },
  { path: paths.workspaceSettings.overview, lazy: screen(WorkspaceOverviewPage) },
  { path: paths.workspaceSettings.api, lazy: screen(WorkspaceApiPage) },
  { path: paths.workspaceSettings.apiReference, lazy: screen(ApiReferencePage) },
  { path: paths.workspaceSettings.webhooksGuide, lazy: screen(WebhooksGuidePage) },
  { path: paths.workspaceSettings.alerts, lazy: screen(AlertRulesPage) },
  { path: paths.workspaceSettings.freeTime, lazy: screen(FreeTimePage) },
  { path: paths.workspaceSettings.carrierConnections, lazy: screen(CarrierConnectionsPage) },
  { path: paths.workspaceSettings.companies, lazy: screen(CompaniesPage) },
  { path: paths.workspaceSettings.customFields, lazy: screen(CustomFieldsPage) },
  { path: paths.workspaceSettings.emailIntake, lazy: screen(EmailIntakePage) },
  { path: '*', element: <NotFound homeHref={paths.home} homeLabel="Back to dashboard" /> },
];

const authRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={paths.auth.signIn} replace /> },
  { path: paths.auth.signIn, lazy: screen(SignInForm) },
  { path: paths.auth.signUp, lazy: screen(SignUpForm) },
  { path: paths.auth.verifyEmail, lazy: screen(VerifyEmailScreen) },
  { path: paths.auth.forgotPassword, lazy: screen(ForgotPasswordScreen) },
  { path: paths.auth.resetPassword, lazy: screen(ResetPasswordScreen) },
  { path: '*', element: <NotFound homeHref={paths.auth.signIn} homeLabel="Back to sign in" /> },
];

/**
 * The one route table (spec §2), as the registry's modes make it: again after a test registers a mode
 * of its own. The layout follows the path:
 * /share… bare, /auth… split, /legal and /expiredLink plain, everything else the main shell.
 * "/share" is matched as a path segment: /shipment-history/…/shared-history is a main-shell page.
 * /legal, /expiredLink and /share sit outside the guard: anyone with the link may open them.
 * Inside it, the main shell waits for the user agreement to be accepted (spec §4). Made for an app
 * instance: its loaders fill that instance's query cache and stores.
 */
export const appRoutes = (app: AppInstance, modes: readonly ModeRoutes[] = MODE_ROUTES): RouteObject[] => [
  {
    errorElement: <RouteErrorPage />,
    // What a visit shows until its first page's code (and, signed in, its data) is here.
    hydrateFallbackElement: <Splash />,
    children: [
      {
        path: paths.share,
        element: <BareLayout />,
        children: [
          { index: true, element: <NotFound homeHref={paths.home} homeLabel="Go to Tracklane" /> },
          { path: ':token', lazy: screen(SharePage) },
          { path: '*', element: <NotFound homeHref={paths.home} homeLabel="Go to Tracklane" /> },
        ],
      },
      {
        element: <PlainLayout />,
        children: [
          { path: paths.legal, lazy: screen(LegalPage) },
          { path: paths.expiredLink, lazy: screen(ExpiredLinkPage) },
        ],
      },
      {
        element: <RequireGuest />,
        children: [{ path: '/auth', lazy: screen(AuthSplitLayout), children: authRoutes }],
      },
      {
        element: <RequireUser />,
        children: [
          {
            lazy: screen(RequireAgreement),
            ...signedInData(app, (app) => import('./signed-in-app').then((m) => m.prefetchSignedIn(app))),
            children: [{ lazy: screen(MainShell), children: mainShellRoutes(app, modes) }],
          },
        ],
      },
    ],
  },
];

// Tests render pages as if downloaded, and the lazy parts pages render inside themselves (Vitest's mode;
// a build drops this line).
if (import.meta.env.MODE === 'test') {
  await Promise.all([
    ...screenLoads().map((load) => load()),
    CommentThread.preload(),
    ShipmentDocumentsPanel.preload(),
    PageFrame.preload(),
  ]);
}

/**
 * The browser's router over the routes, its loaders filling `app`'s cache and stores. `hydrationData`:
 * what the server's render of this page loaded (entry-server.tsx), so that its loaders do not run again.
 */
export function createAppRouter(app: AppInstance, hydrationData?: HydrationState) {
  return createBrowserRouter(appRoutes(app), { hydrationData });
}
