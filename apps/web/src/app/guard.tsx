import { Navigate, Outlet, useLocation } from 'react-router';
import { Splash } from '../components/splash';
import { paths } from '../config/paths';
import { useAuthStore } from '../features/auth/stores/auth-store';
import { useTransitionGate } from '../lib/use-transition-gate';
import { redirectTargetOf, type SignInRedirectState } from '../features/auth/utils/navigation-state';
import { SignedInWait } from './signed-in-wait';

/**
 * Pages for signed-in users only (spec §2): splash (or the page's frame) while checking, else sign-in
 * for visitors.
 */
export function RequireUser() {
  const status = useAuthStore((state) => state.status);
  const open = useTransitionGate(status === 'authenticated');
  const location = useLocation();
  if (status === 'unauthenticated') {
    const state: SignInRedirectState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={paths.auth.signIn} replace state={state} />;
  }
  if (!open) return <SignedInWait />;
  return <Outlet />;
}

export { endStartFrame, PageFrame, SignedInWait, startWithFrame } from './signed-in-wait';

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
