import { Navigate, Outlet, useLocation } from 'react-router';
import { Splash } from '../components/splash';
import { paths } from '../config/paths';
import { useAuthStore } from '../features/auth/stores/auth-store';
import { redirectTargetOf, type SignInRedirectState } from '../features/auth/utils/navigation-state';
import { lazyPage, PageSuspense } from './lazy-page';

/** The frame of a signed-in page (its own chunk; main.tsx loads it before taking the HTML over). */
export const PageFrame = lazyPage(() => import('./layouts/page-frame').then((m) => m.PageFrame));

let frameAtStart: string | null = null;

/**
 * This visit starts on the frame of the signed-in page at `path`: the server sent its HTML, which it
 * does only for a request with a session cookie (main.tsx; prerender.tsx renders it). Until the app can
 * show the page, the guards show that frame, as the HTML painted it, instead of the splash.
 */
export function startWithFrame(path: string): void {
  frameAtStart = path;
}

/** The page has replaced the frame (MainShell is up): later waits (signing out) show the splash. */
export function endStartFrame(): void {
  frameAtStart = null;
}

/**
 * While the session or the user agreement is being checked: the frame the visit started on when the
 * location is still its page (no flash between the HTML and the page), else the full-screen splash.
 */
export function SignedInWait() {
  const { pathname } = useLocation();
  if (frameAtStart === null || frameAtStart !== pathname) return <Splash />;
  return (
    <PageSuspense fallback={<Splash />}>
      <PageFrame path={pathname} />
    </PageSuspense>
  );
}

/**
 * Pages for signed-in users only (spec §2): splash (or the page's frame) while checking, else sign-in
 * for visitors.
 */
export function RequireUser() {
  const status = useAuthStore((state) => state.status);
  const location = useLocation();
  if (status === 'loading') return <SignedInWait />;
  if (status !== 'authenticated') {
    const state: SignInRedirectState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={paths.auth.signIn} replace state={state} />;
  }
  return <Outlet />;
}

let signedOutAtStart = false;

/**
 * This visit starts signed out: the server sent a page rendered at build time, which it does only for a
 * request without a session cookie (main.tsx; prerender.tsx renders that page). The /auth pages then
 * show at once while the session check runs, as the HTML shows them, instead of the splash.
 */
export function startSignedOut(): void {
  signedOutAtStart = true;
}

/**
 * /auth pages: a signed-in user has nothing to do there (spec §2). Right after signing in that is
 * the page the guard sent them from, otherwise home.
 */
export function RequireGuest() {
  const status = useAuthStore((state) => state.status);
  const location = useLocation();
  if (status === 'loading' && !signedOutAtStart) return <Splash />;
  if (status === 'authenticated') {
    return <Navigate to={redirectTargetOf(location.state) ?? paths.home} replace />;
  }
  return <Outlet />;
}
