// Live pages (ADR 0041): what a tab asks its socket to follow, and the nudges that come back. No zod
// here, like user-events.ts: the web app's shell imports these with its first screen.

/** What a signed-in tab sends on its one socket: the workspace it shows and the shipment it has open. */
export interface LiveFollowMessage {
  type: 'follow';
  workspaceId: string | null;
  shipmentId: string | null;
}

/** The answer to a follow message: what the socket follows now (null where the user may not see it). */
export const FOLLOWED_MESSAGE = { type: 'followed' } as const;

/** What a workspace's lists, tab counts or dashboard show changed: they refetch. */
export const WORKSPACE_CHANGED_MESSAGE = { type: 'workspace.changed' } as const;

/** What a shipment's pages show changed (its data, archive state, tags, comments, shares): they refetch. */
export const SHIPMENT_CHANGED_MESSAGE = { type: 'shipment.changed' } as const;

/** What a public link's page shows changed, or the link was revoked: the page refetches. */
export const SHARE_CHANGED_MESSAGE = { type: 'share.changed' } as const;

/** The socket a public share link's page opens: it hears only of that link's shipments. */
export function shareLinkSocketPath(token: string): string {
  return `/api/ws/share/${encodeURIComponent(token)}`;
}
