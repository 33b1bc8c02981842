import { SESSION_HINT_COOKIE } from '@tracklane/shared/auth/session-hint';

/** Whether the browser holds a session cookie, as its readable hint says (see SESSION_HINT_COOKIE). */
export function hasSessionHint(cookies: string = globalThis.document?.cookie ?? ''): boolean {
  return cookies.split(';').some((pair) => pair.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}
