import { beforeAll, beforeEach, vi } from 'vitest';
import { SESSION_HINT_COOKIE } from '@tracklane/shared/auth/session-hint';
import { agreementStatusQueryOptions } from '../features/legal/api/get-agreement-status';
import { testUser } from './http';
import { testApp } from './app';

/** A signed-in user who has accepted the user agreement: the state most shell tests start from. */
export function signInAsAgreedUser(user = testUser): void {
  testApp().authStore.setState({ status: 'authenticated', user: { ...user } });
  testApp().queryClient.setQueryData(agreementStatusQueryOptions(user.id).queryKey, { agreed: true });
}

/**
 * For a file of page tests: every test starts from empty stores and a signed-in, agreed user, and
 * elements can be scrolled into view (jsdom has no layout to scroll).
 */
export function setUpSignedInPage(): void {
  beforeAll(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  beforeEach(() => {
    signInAsAgreedUser();
  });
}

/**
 * The browser holds a session cookie, as the server's readable hint says (lib/session-hint), until the
 * returned function clears it: routes' loaders then ask for their pages' data before rendering them.
 */
export function setSessionHint(): () => void {
  document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
  return () => {
    document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
  };
}
