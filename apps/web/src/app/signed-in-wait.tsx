// The wait of a signed-in page (ADR 0023): apart from guard.tsx because the lazy chunks
// (the agreement gate, the shell) import it, and a module they share with the entry takes its imports
// along into chunks of their own: this one imports little.
import { useLocation } from 'react-router';
import { Splash } from '../components/splash';
import { lazyPage, PageSuspense } from './lazy-page';
import { ShellSkeleton } from './layouts/shell-skeleton';

/** The frame of a signed-in page (its own chunk; main.tsx loads it before taking the HTML over). */
export const PageFrame = lazyPage(() => import('./layouts/page-frame').then((m) => m.FrameContent));

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
    <ShellSkeleton frame>
      {/* Loaded before the app takes the HTML over (main.tsx); the shell's boxes stand meanwhile. */}
      <PageSuspense fallback={null}>
        <PageFrame path={pathname} />
      </PageSuspense>
    </ShellSkeleton>
  );
}
