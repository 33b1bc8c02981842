import type { RealtimeEvent, RealtimeHub } from '../integrations/realtime/realtime-hub';
import type { ResolvedSession } from './session';

/** A session and its tenant as resolved a moment ago, kept for a few seconds by one process. */
export interface SessionCache {
  /** The cached resolution of a session token hash, or undefined when there is none to trust. */
  get(tokenHash: string): ResolvedSession | undefined;
  /** A ticket to take before reading the database; {@link set} ignores a read older than a change. */
  ticket(): number;
  set(tokenHash: string, session: ResolvedSession, ticket: number): void;
  /** Drops whatever an event makes stale: this process applies its own events at once. */
  apply(event: RealtimeEvent): void;
  size(): number;
  close(): void;
}

const MAX_ENTRIES = 10_000;

/**
 * Session, user and tenant per session token, kept `ttlMs` in this process. Every process hears every
 * change through the realtime hub (`accessChanged` and `sessionsEnded`, published in the transaction of
 * the change) and drops the entries it names, so a revoked session or a removed member is refused on
 * the next request wherever it lands; `ttlMs` only bounds the damage of a change that published nothing.
 * While the hub is not listening, nothing is trusted (changes would go unheard).
 */
export function createSessionCache(hub: RealtimeHub, ttlMs: number): SessionCache {
  const entries = new Map<string, { session: ResolvedSession; until: number }>();
  // Every change heard gets the next number; the last few are kept, so that a read that started before
  // a change about its own session is not cached after it (other changes do not matter to it).
  let generation = 0;
  const recent: { generation: number; stale: (s: ResolvedSession) => boolean }[] = [];
  const RECENT = 256;

  const dropWhere = (stale: (s: ResolvedSession) => boolean) => {
    generation++;
    recent.push({ generation, stale });
    if (recent.length > RECENT) recent.shift();
    for (const [key, { session }] of entries) if (stale(session)) entries.delete(key);
  };

  const apply = (event: RealtimeEvent) => {
    // Invitations, notifications, comments, favourites, connections, shipments and live pages change
    // nobody's access.
    if (
      event.topic === 'workspaceInvitations' ||
      event.topic === 'notifications' ||
      event.topic === 'comments' ||
      event.topic === 'favorites' ||
      event.topic === 'carrierConnections' ||
      event.topic === 'shipments' ||
      event.topic === 'live'
    )
      return;
    const sessionIds = new Set(event.sessionIds);
    const userIds = new Set(event.userIds);
    const workspaceIds = new Set(event.topic === 'accessChanged' ? event.workspaceIds : []);
    dropWhere(
      (s) =>
        sessionIds.has(s.sessionId) ||
        userIds.has(s.user.id) ||
        (s.currentWorkspaceId !== null && workspaceIds.has(s.currentWorkspaceId)),
    );
  };

  const unsubscribe =
    ttlMs > 0 ? hub.subscribe({ event: apply, reset: () => dropWhere(() => true) }) : () => undefined;

  /** Whether a change heard since `ticket` concerns this session (or too many came to tell). */
  const changedSince = (ticket: number, session: ResolvedSession) => {
    if (generation === ticket) return false;
    if (generation - ticket >= RECENT) return true;
    return recent.some((change) => change.generation > ticket && change.stale(session));
  };

  return {
    get(tokenHash) {
      if (ttlMs <= 0 || !hub.listening()) return undefined;
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      const now = Date.now();
      if (entry.until <= now || entry.session.expiresAt.getTime() <= now) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.session;
    },
    ticket: () => generation,
    set(tokenHash, session, ticket) {
      if (ttlMs <= 0 || !hub.listening() || changedSince(ticket, session)) return;
      entries.delete(tokenHash);
      if (entries.size >= MAX_ENTRIES) {
        // Oldest first: a Map iterates in insertion order.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(tokenHash, { session, until: Date.now() + ttlMs });
    },
    apply,
    size: () => entries.size,
    close: unsubscribe,
  };
}
