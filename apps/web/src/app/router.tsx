import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFound } from '../components/not-found';
import { PageHeader } from '../components/page-header';
import { paths } from '../config/paths';
import { ForgotPasswordScreen } from '../features/auth/components/forgot-password-screen';
import { ResetPasswordScreen } from '../features/auth/components/reset-password-screen';
import { SignInForm } from '../features/auth/components/sign-in-form';
import { SignUpForm } from '../features/auth/components/sign-up-form';
import { VerifyEmailScreen } from '../features/auth/components/verify-email-screen';
import { RequireAgreement } from './agreement-guard';
import { RequireGuest, RequireUser } from './guard';
import { AuthSplitLayout } from './layouts/auth-split-layout';
import { BareLayout } from './layouts/bare-layout';
import { MainShell } from './layouts/main-shell';
import { PlainLayout } from './layouts/plain-layout';
import { ExpiredLinkPage, LegalPage } from './pages/plain-pages';
import { ProfileSettingsPage } from './pages/profile-settings-page';
import { RouteErrorPage } from './pages/route-error-page';
import { SharePage } from './pages/share-page';
import { DashboardPage } from './pages/dashboard-page';
import { HomePage } from './pages/home-page';
import { ExpressShipmentPage } from './pages/express-shipment-page';
import { ExpressShipmentsPage } from './pages/express-shipments-page';
import { NewExpressShipmentPage } from './pages/new-express-shipment-page';
import { NewOceanShipmentPage } from './pages/new-ocean-shipment-page';
import { NewShipmentPage } from './pages/new-shipment-page';
import { OceanShipmentPage } from './pages/ocean-shipment-page';
import { OceanShipmentsPage } from './pages/ocean-shipments-page';
import { ShipmentHistoryPage } from './pages/shipment-history-page';
import { ApiReferencePage } from './pages/api-reference-page';
import { WorkspaceApiPage } from './pages/workspace-api-page';
import { WorkspaceMembersPage } from './pages/workspace-members-page';
import { WorkspaceOverviewPage } from './pages/workspace-overview-page';

/** A page whose feature arrives in a later issue: its title, and nothing that pretends to work. */
function titled(path: string, title: string): RouteObject {
  return { path, element: <PageHeader title={title} /> };
}

const mainShellRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: paths.dashboard.ocean, element: <DashboardPage mode="ocean" /> },
  { path: paths.dashboard.ground, element: <DashboardPage mode="express" /> },
  { path: paths.shipments.oceanActive, element: <OceanShipmentsPage status="active" /> },
  { path: paths.shipments.oceanArchived, element: <OceanShipmentsPage status="archived" /> },
  { path: paths.shipments.groundActive, element: <ExpressShipmentsPage status="active" /> },
  { path: paths.shipments.groundNotFound, element: <ExpressShipmentsPage status="notFound" /> },
  { path: paths.shipments.groundArchived, element: <ExpressShipmentsPage status="archived" /> },
  // These two are also the tutorial's "/new-shipments/{siteType}" step (spec §2); any other
  // siteType falls through to the not-found page.
  { path: paths.newShipments.ocean, element: <NewOceanShipmentPage /> },
  { path: paths.newShipments.ground, element: <NewExpressShipmentPage /> },
  { path: paths.newShipments.create, element: <NewShipmentPage /> },
  { path: '/shipment-history/:type/tracking-history', element: <ShipmentHistoryPage view="tracking" /> },
  { path: '/shipment-history/:type/shared-history', element: <ShipmentHistoryPage view="shared" /> },
  {
    path: '/shipment-history/:type/shared-history/details/:overallId',
    element: <ShipmentHistoryPage view="shared-details" />,
  },
  { path: '/shipment/ocean/:containerNo/:mblNo', element: <OceanShipmentPage /> },
  { path: '/shipment/truck/express/:expressOrderId/:expressOrderNo', element: <ExpressShipmentPage /> },
  titled(paths.notifications, 'All notifications'),
  { path: paths.settings.profile, element: <ProfileSettingsPage /> },
  titled(paths.settings.notification, 'Notification settings'),
  titled(paths.settings.billing, 'Billing settings'),
  titled(paths.pricing, 'Pricing plans'),
  { path: paths.workspaceSettings.members, element: <WorkspaceMembersPage /> },
  { path: paths.workspaceSettings.overview, element: <WorkspaceOverviewPage /> },
  { path: paths.workspaceSettings.api, element: <WorkspaceApiPage /> },
  { path: paths.workspaceSettings.apiReference, element: <ApiReferencePage /> },
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
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      {
        path: paths.share,
        element: <BareLayout />,
        children: [
          { index: true, element: <SharePage /> },
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
        children: [{ path: '/auth', element: <AuthSplitLayout />, children: authRoutes }],
      },
      {
        element: <RequireUser />,
        children: [
          {
            element: <RequireAgreement />,
            children: [{ element: <MainShell />, children: mainShellRoutes }],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
