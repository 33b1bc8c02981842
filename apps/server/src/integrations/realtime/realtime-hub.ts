import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import { sql } from 'drizzle-orm';
import {
  SHARE_CHANGED_MESSAGE,
  SHIPMENT_CHANGED_MESSAGE,
  WORKSPACE_CHANGED_MESSAGE,
} from '@tracklane/shared/realtime/live-pages';
import type { Database } from '../../db/client';

/** One channel for every server process; payloads name who should hear about what. */
export const CHANNEL = 'tracklane_events';

export type RealtimeEvent =
  /** Lower-cased e-mail addresses: invitations belong to addresses, some without an account yet. */
  | { topic: 'workspaceInvitations'; emails: string[] }
  /**
   * Users whose notifications changed. Fan-out sends these from SQL (record-changes.ts), in chunks
   * that keep each payload under the 8000-byte limit; services may publish them too.
   */
  | { topic: 'notifications'; userIds: string[] }
  /**
   * Users who can read a comment thread that changed (the workspace's members who may see shipments):
   * their open thread refetches. Chunked like notifications ({@link publishToUsers}).
   */
  | { topic: 'comments'; userIds: string[] }
  /**
   * A user whose own favourites changed (ADR 0033): their tabs and devices refetch shipments; nobody
   * else's do. `origin` names the tab that made the change (TAB_HEADER), null when none said.
   */
  | { topic: 'favorites'; userIds: string[]; origin: string | null }
  /** Company admins of an organization whose carrier connections (or their health) changed. */
  | { topic: 'carrierConnections'; userIds: string[] }
  /**
   * Members who see shipments whose data changed outside a tracking change record: an organization's
   * terminal answer (ADR 0039), a bill of lading or booking followed alone that was answered or named
   * containers that were added (ADR 0037). Their open lists, details and dashboards refetch. Chunked like
   * notifications ({@link publishToUsers}).
   */
  | { topic: 'shipments'; userIds: string[] }
  /**
   * What open pages show changed (ADR 0041), whatever anyone's notification settings: a workspace's
   * lists, counts and dashboard, a shipment's detail and the pages sharing it, a public link's page.
   * Only ids; sockets that follow one of them (checked when they asked) get a nudge to refetch.
   */
  | { topic: 'live'; workspaceIds: string[]; shipmentIds: string[]; shareLinkIds: string[] }
  /** Sessions that were signed out or revoked: their sockets close, on whichever process holds them. */
  | { topic: 'sessionsEnded'; sessionIds: string[]; userIds: string[] }
  /**
   * Who may do what changed (a session's selection, a user's account, memberships, roles, permissions,
   * a workspace removed): every process drops what it cached of these sessions, users and workspaces.
   */
  | { topic: 'accessChanged'; sessionIds?: string[]; userIds?: string[]; workspaceIds?: string[] };

/** What a browser can listen to: a socket subscribes to one or more (ADR 0008). */
export const SOCKET_TOPICS = [
  'workspaceInvitations',
  'notifications',
  'comments',
  'favorites',
  'carrierConnections',
  'shipments',
] as const;
export type SocketTopic = (typeof SOCKET_TOPICS)[number];

/** Whose socket it is: it lives as long as this session does. */
export interface SocketOwner {
  email: string;
  userId: string;
  sessionId: string;
  sessionExpiresAt: Date;
}

/** Close code for a socket whose session ended (4000-4999 are the application's own). */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/** Something in this process that keeps copies of shared state: it hears every event. */
export interface RealtimeListener {
  event(event: RealtimeEvent): void;
  /** The LISTEN connection dropped or came back: events may have been missed, forget everything. */
  reset(): void;
}

/** What a socket may follow of the live topics, once its right to each was checked (ADR 0041). */
export interface LiveFollow {
  workspaceIds?: readonly string[];
  shipmentIds?: readonly string[];
  shareLinkIds?: readonly string[];
}

export interface RealtimeHub {
  /** Registers a socket for its owner and topics; it is dropped when the socket closes. */
  attach(topics: readonly SocketTopic[], owner: SocketOwner, socket: WebSocket): void;
  /** Registers a socket with no session (a public link's page): it hears only the live topics it follows. */
  attachAnonymous(socket: WebSocket): void;
  /** Replaces the live topics an attached socket follows: the caller checked that it may. */
  follow(socket: WebSocket, topics: LiveFollow): void;
  /** Hears every event that reaches this process; returns the unsubscribe. */
  subscribe(listener: RealtimeListener): () => void;
  /** Whether this process is listening now; while it is not, events are missed. */
  listening(): boolean;
  close(): Promise<void>;
  /** Sockets attached in this process (for tests and metrics). */
  size(): number;
}

/**
 * Queues an event inside the caller's transaction: PostgreSQL delivers a NOTIFY only when the
 * transaction commits, to every process listening, so nobody hears of a change that did not happen.
 */
export async function publish(tx: Database, event: RealtimeEvent): Promise<void> {
  let normalised: RealtimeEvent;
  if (event.topic === 'workspaceInvitations') {
    if (event.emails.length === 0) return;
    normalised = { ...event, emails: event.emails.map((e) => e.toLowerCase()) };
  } else if (
    event.topic === 'notifications' ||
    event.topic === 'comments' ||
    event.topic === 'favorites' ||
    event.topic === 'carrierConnections' ||
    event.topic === 'shipments'
  ) {
    if (event.userIds.length === 0) return;
    normalised = event;
  } else if (event.topic === 'live') {
    if (!event.workspaceIds.length && !event.shipmentIds.length && !event.shareLinkIds.length) return;
    normalised = event;
  } else {
    if (!event.sessionIds?.length && !event.userIds?.length) {
      if (event.topic === 'sessionsEnded' || !event.workspaceIds?.length) return;
    }
    normalised = event;
    publishedInRequest.getStore()?.push(event);
  }
  const payload = JSON.stringify(normalised);
  // NOTIFY payloads are limited to 8000 bytes; an invite of 50 addresses stays well below, and
  // revoking every session of a user names the user, not each session.
  await tx.execute(sql`SELECT pg_notify(${CHANNEL}, ${payload})`);
}

const SHARE_CHANGED = JSON.stringify(SHARE_CHANGED_MESSAGE);

/** Users named per NOTIFY: 150 ids keep a payload (8000 bytes at most) near 6 KB. */
export const USERS_PER_NOTIFY = 150;

/** Publishes a per-user topic to any number of users, {@link USERS_PER_NOTIFY} per NOTIFY. */
export async function publishToUsers(
  tx: Database,
  topic: 'notifications' | 'comments' | 'carrierConnections' | 'shipments',
  userIds: string[],
): Promise<void> {
  for (let i = 0; i < userIds.length; i += USERS_PER_NOTIFY)
    await publish(tx, { topic, userIds: userIds.slice(i, i + USERS_PER_NOTIFY) });
}

/**
 * The events a request published, so that the process serving it applies them itself as soon as the
 * request's work is committed (see the access plugin): the caller's next request must not wait for the
 * notification to come back.
 */
export const publishedInRequest = new AsyncLocalStorage<RealtimeEvent[]>();

// setTimeout cannot wait longer than 2^31-1 ms (about 24.8 days); sessions last 30 days.
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Fan-out between server processes: each process LISTENs on one dedicated connection and forwards
 * events to its own WebSockets. The connection is re-opened with backoff if it drops; sessions that
 * ended while it was down are found by asking the database once it is back.
 */
export function createRealtimeHub(
  connectionString: string,
  logger: Pick<Logger, 'warn' | 'error'>,
): RealtimeHub & { ready: Promise<void> } {
  // Invitations are addressed to e-mails, notifications to users: a socket is found by either.
  const byTopic = new Map<string, Set<WebSocket>>();
  const owners = new Map<WebSocket, SocketOwner>();
  const anonymous = new Set<WebSocket>();
  // Live topics (ADR 0041): `workspace:<id>`, `shipment:<id>`, `shareLink:<id>` to the sockets following each.
  const byLiveKey = new Map<string, Set<WebSocket>>();
  const liveKeys = new Map<WebSocket, string[]>();
  const unfollow = (socket: WebSocket) => {
    for (const k of liveKeys.get(socket) ?? []) {
      const set = byLiveKey.get(k);
      set?.delete(socket);
      if (set?.size === 0) byLiveKey.delete(k);
    }
    liveKeys.delete(socket);
  };
  const sendLive = (keys: readonly string[], message: (key: string) => string) => {
    for (const k of keys) {
      for (const socket of byLiveKey.get(k) ?? []) {
        // A public link's page learns nothing but that its link changed: no ids.
        if (socket.readyState === socket.OPEN)
          socket.send(anonymous.has(socket) ? SHARE_CHANGED : message(k));
      }
    }
  };
  const listeners = new Set<RealtimeListener>();
  const key = (topic: SocketTopic, owner: Pick<SocketOwner, 'email' | 'userId'>) =>
    topic === 'workspaceInvitations' ? `${topic}:${owner.email.toLowerCase()}` : `${topic}:${owner.userId}`;
  let client: pg.Client | null = null;
  let closed = false;
  let retryDelay = 500;

  const endSession = (socket: WebSocket) => socket.close(SESSION_ENDED_CLOSE_CODE, 'session ended');

  const deliver = (raw: string | undefined) => {
    let event: RealtimeEvent;
    try {
      event = JSON.parse(raw ?? '') as RealtimeEvent;
    } catch {
      return;
    }
    for (const listener of listeners) listener.event(event);
    if (event.topic === 'accessChanged') return;
    if (event.topic === 'live') {
      const idOf = (k: string) => k.slice(k.indexOf(':') + 1);
      sendLive(
        event.workspaceIds.map((id) => `workspace:${id}`),
        (k) => JSON.stringify({ ...WORKSPACE_CHANGED_MESSAGE, workspaceId: idOf(k) }),
      );
      sendLive(
        event.shipmentIds.map((id) => `shipment:${id}`),
        (k) => JSON.stringify({ ...SHIPMENT_CHANGED_MESSAGE, shipmentId: idOf(k) }),
      );
      // Only public links' sockets follow these.
      sendLive(
        event.shareLinkIds.map((id) => `shareLink:${id}`),
        () => SHARE_CHANGED,
      );
      return;
    }
    if (event.topic === 'sessionsEnded') {
      const sessionIds = new Set(event.sessionIds);
      const userIds = new Set(event.userIds);
      for (const [socket, owner] of owners) {
        if (sessionIds.has(owner.sessionId) || userIds.has(owner.userId)) endSession(socket);
      }
      return;
    }
    const type = `${event.topic}.changed`;
    const message = JSON.stringify(
      event.topic === 'favorites' && event.origin ? { type, origin: event.origin } : { type },
    );
    const keys =
      event.topic === 'workspaceInvitations'
        ? event.emails.map((email) => key(event.topic, { email, userId: '' }))
        : event.userIds.map((userId) => key(event.topic, { email: '', userId }));
    for (const k of keys) {
      for (const socket of byTopic.get(k) ?? []) {
        if (socket.readyState === socket.OPEN) socket.send(message);
      }
    }
  };

  /** After a reconnect: notifications sent while we were not listening are lost, so ask. */
  const closeSocketsOfEndedSessions = async (listener: pg.Client) => {
    const sessionIds = [...new Set([...owners.values()].map((o) => o.sessionId))];
    if (sessionIds.length === 0) return;
    const { rows } = await listener.query<{ id: string }>(
      'SELECT id::text AS id FROM sessions WHERE id = ANY($1::uuid[]) AND expires_at > now()',
      [sessionIds],
    );
    const live = new Set(rows.map((r) => r.id));
    for (const [socket, owner] of owners) if (!live.has(owner.sessionId)) endSession(socket);
  };

  const connect = async (reconnecting: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString, application_name: 'tracklane-realtime' });
    next.on('notification', (msg) => deliver(msg.payload));
    next.on('error', (err) => {
      logger.warn({ err }, 'realtime connection lost; reconnecting');
      void next.end().catch(() => undefined);
      if (client === next) client = null;
      for (const listener of listeners) listener.reset();
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    client = next;
    retryDelay = 500;
    for (const listener of listeners) listener.reset();
    if (reconnecting)
      await closeSocketsOfEndedSessions(next).catch((err: unknown) =>
        logger.warn({ err }, 'could not check the sessions of open sockets after reconnecting'),
      );
  };

  const scheduleReconnect = () => {
    if (closed) return;
    const delay = retryDelay + Math.random() * retryDelay;
    retryDelay = Math.min(retryDelay * 2, 30_000);
    setTimeout(() => {
      if (!closed)
        connect(true).catch((err: unknown) => {
          logger.error({ err }, 'realtime reconnect failed');
          scheduleReconnect();
        });
    }, delay).unref();
  };

  /** Closes the socket when its session expires, re-arming past the longest timer Node allows. */
  const closeAtExpiry = (socket: WebSocket, expiresAt: Date) => {
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      const wait = expiresAt.getTime() - Date.now();
      if (wait <= 0) endSession(socket);
      else timer = setTimeout(arm, Math.min(wait, MAX_TIMER_MS)).unref();
    };
    arm();
    socket.on('close', () => clearTimeout(timer));
  };

  return {
    ready: connect(false),
    attach(topics, owner, socket) {
      owners.set(socket, owner);
      const keys = [...new Set(topics)].map((topic) => key(topic, owner));
      for (const k of keys) {
        const set = byTopic.get(k) ?? new Set<WebSocket>();
        set.add(socket);
        byTopic.set(k, set);
      }
      socket.on('close', () => {
        owners.delete(socket);
        unfollow(socket);
        for (const k of keys) {
          const set = byTopic.get(k);
          set?.delete(socket);
          if (set?.size === 0) byTopic.delete(k);
        }
      });
      closeAtExpiry(socket, owner.sessionExpiresAt);
    },
    attachAnonymous(socket) {
      anonymous.add(socket);
      socket.on('close', () => {
        anonymous.delete(socket);
        unfollow(socket);
      });
    },
    follow(socket, topics) {
      unfollow(socket);
      if (!owners.has(socket) && !anonymous.has(socket)) return;
      const keys = [
        ...(topics.workspaceIds ?? []).map((id) => `workspace:${id}`),
        ...(topics.shipmentIds ?? []).map((id) => `shipment:${id}`),
        ...(topics.shareLinkIds ?? []).map((id) => `shareLink:${id}`),
      ];
      liveKeys.set(socket, keys);
      for (const k of keys) {
        const set = byLiveKey.get(k) ?? new Set<WebSocket>();
        set.add(socket);
        byLiveKey.set(k, set);
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listening: () => client !== null,
    async close() {
      closed = true;
      const listener = client;
      client = null;
      for (const l of listeners) l.reset();
      for (const socket of [...owners.keys(), ...anonymous]) socket.close(1001, 'server shutting down');
      byTopic.clear();
      owners.clear();
      anonymous.clear();
      byLiveKey.clear();
      liveKeys.clear();
      await listener?.end().catch(() => undefined);
    },
    size: () => owners.size + anonymous.size,
  };
}
