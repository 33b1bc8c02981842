import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import type { SignedInState } from './app-instance';

/**
 * What a server render of a signed-in page (entry-server.tsx) hands to the browser that hydrates it:
 * the stores' initial state, the query cache (TanStack Query's `dehydrate`) and what the routes'
 * loaders returned (React Router's hydration data).
 */
export interface ServerState {
  signedIn: SignedInState;
  queries: DehydratedState;
  router: HydrationState;
}

/** The id of the `<script type="application/json">` element that carries it. */
export const SERVER_STATE_ID = 'server-state';

/**
 * The state as the content of that script element: JSON with every `<` escaped, so that no string in
 * it (a shipment's reference, a user's name) can close the element or open another in the HTML.
 */
export function serializeServerState(state: ServerState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The state the server put in the page, or null when the page came without one. */
export function readServerState(document: Document): ServerState | null {
  const text = document.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerState;
  } catch {
    return null;
  }
}
