/**
 * Whether the docked sidebar is collapsed, kept in a cookie rather than in local storage: the page a
 * server renders for a request (entry-server.tsx) reads it from the request and draws the sidebar as
 * the user left it, so that nothing moves when the page hydrates. Readable by the page (not HttpOnly),
 * sent on top-level navigations (SameSite=Lax), kept for 400 days (the longest a browser keeps one).
 */
export const SIDEBAR_COOKIE = 'tl_sidebar';
const COLLAPSED = 'collapsed';
const EXPANDED = 'expanded';
const MAX_AGE_S = 400 * 24 * 60 * 60;

/** The preference in a Cookie header (or `document.cookie`); null when it holds none. */
export function readSidebarCookie(cookies: string | undefined): boolean | null {
  for (const pair of (cookies ?? '').split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name !== SIDEBAR_COOKIE) continue;
    if (value === COLLAPSED) return true;
    if (value === EXPANDED) return false;
  }
  return null;
}

/** Writes the preference for this browser's every page. */
export function writeSidebarCookie(collapsed: boolean): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SIDEBAR_COOKIE}=${collapsed ? COLLAPSED : EXPANDED}; Path=/; Max-Age=${String(MAX_AGE_S)}; SameSite=Lax${secure}`;
}
