// The one socket a tab opens for everything that concerns its user (ADR 0008), and the nudges it
// pushes. No zod here: the web app's shell imports these with its first screen, and the
// schema modules that first held them re-export them.

/** The one socket a tab opens for everything that concerns its user (ADR 0008). */
export const USER_EVENTS_SOCKET_PATH = '/api/ws/events';

/** What the user's socket pushes when their notifications change: a nudge to refetch, never data. */
export const NOTIFICATIONS_SOCKET_MESSAGE = { type: 'notifications.changed' } as const;

/** The socket's nudge when a thread the user can read changed: refetch the open thread. */
export const COMMENTS_SOCKET_MESSAGE = { type: 'comments.changed' } as const;

/**
 * The socket's nudge when the user's own favourites changed (ADR 0033): their other tabs and devices
 * refetch the shipment lists and details. `origin` is the {@link TAB_HEADER} of the tab that made the
 * change, which has shown it already.
 */
export const FAVORITES_SOCKET_MESSAGE = { type: 'favorites.changed' } as const;

/** A tab's own random name, sent with its writes so that the socket's echo of them can be told apart. */
export const TAB_HEADER = 'X-Tab-Id';

/** What the workspaceInvitations socket pushes: a nudge to refetch, never data. */
export const INVITATIONS_SOCKET_MESSAGE = { type: 'workspaceInvitations.changed' } as const;

/** The socket's nudge to a company admin when the organization's carrier connections changed. */
export const CARRIER_CONNECTIONS_SOCKET_MESSAGE = { type: 'carrierConnections.changed' } as const;

/**
 * The socket's nudge when shipments the user sees changed outside a notification (an organization's
 * terminal answer, a bill of lading or booking followed alone that named containers): open lists,
 * details and dashboards refetch.
 */
export const SHIPMENTS_SOCKET_MESSAGE = { type: 'shipments.changed' } as const;
