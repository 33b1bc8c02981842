import pg from 'pg';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** One channel for every server process; payloads name who should hear about what. */
export const CHANNEL = 'tracklane_events';

export interface RealtimeEvent {
  topic: 'workspaceInvitations';
  /** Lower-cased e-mail addresses: invitations belong to addresses, some without an account yet. */
  emails: string[];
}

export interface RealtimeHub {
  /** Registers a socket for an address and topic; it is dropped when the socket closes. */
  attach(topic: RealtimeEvent['topic'], email: string, socket: WebSocket): void;
  close(): Promise<void>;
  /** Sockets attached in this process (for tests and metrics). */
  size(): number;
}

/**
 * Queues an event inside the caller's transaction: PostgreSQL delivers a NOTIFY only when the
 * transaction commits, to every process listening, so nobody hears of a change that did not happen.
 */
export async function publish(tx: Database, event: RealtimeEvent): Promise<void> {
  if (event.emails.length === 0) return;
  const payload = JSON.stringify({ ...event, emails: event.emails.map((e) => e.toLowerCase()) });
  // NOTIFY payloads are limited to 8000 bytes; an invite of 50 addresses stays well below.
  await tx.execute(sql`SELECT pg_notify(${CHANNEL}, ${payload})`);
}

/**
 * Fan-out between server processes: each process LISTENs on one dedicated connection and forwards
 * events to its own WebSockets. The connection is re-opened with backoff if it drops.
 */
export function createRealtimeHub(
  connectionString: string,
  logger: Pick<Logger, 'warn' | 'error'>,
): RealtimeHub & { ready: Promise<void> } {
  const sockets = new Map<string, Set<WebSocket>>();
  const key = (topic: string, email: string) => `${topic}:${email.toLowerCase()}`;
  let client: pg.Client | null = null;
  let closed = false;
  let retryDelay = 500;

  const deliver = (raw: string | undefined) => {
    let event: RealtimeEvent;
    try {
      event = JSON.parse(raw ?? '') as RealtimeEvent;
    } catch {
      return;
    }
    const message = JSON.stringify({ type: `${event.topic}.changed` });
    for (const email of event.emails) {
      for (const socket of sockets.get(key(event.topic, email)) ?? []) {
        if (socket.readyState === socket.OPEN) socket.send(message);
      }
    }
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, application_name: 'tracklane-realtime' });
    next.on('notification', (msg) => deliver(msg.payload));
    next.on('error', (err) => {
      logger.warn({ err }, 'realtime connection lost; reconnecting');
      void next.end().catch(() => undefined);
      if (client === next) client = null;
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    client = next;
    retryDelay = 500;
  };

  const scheduleReconnect = () => {
    if (closed) return;
    const delay = retryDelay + Math.random() * retryDelay;
    retryDelay = Math.min(retryDelay * 2, 30_000);
    setTimeout(() => {
      if (!closed)
        connect().catch((err: unknown) => {
          logger.error({ err }, 'realtime reconnect failed');
          scheduleReconnect();
        });
    }, delay).unref();
  };

  return {
    ready: connect(),
    attach(topic, email, socket) {
      const k = key(topic, email);
      const set = sockets.get(k) ?? new Set<WebSocket>();
      set.add(socket);
      sockets.set(k, set);
      socket.on('close', () => {
        set.delete(socket);
        if (set.size === 0) sockets.delete(k);
      });
    },
    async close() {
      closed = true;
      for (const set of sockets.values())
        for (const socket of set) socket.close(1001, 'server shutting down');
      sockets.clear();
      await client?.end().catch(() => undefined);
    },
    size: () => [...sockets.values()].reduce((n, set) => n + set.size, 0),
  };
}
