export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
  /** 0.3 spreads each wait over ±30 %. */
  jitter: number;
}

/** Reconnects of the app's sockets unless told otherwise: 1 s, doubling up to 30 s, ±30 %. */
export const DEFAULT_RECONNECT_BACKOFF: BackoffOptions = { initialMs: 1_000, maxMs: 30_000, jitter: 0.3 };

/**
 * How long to wait before reconnect number `attempt` (0 for the first): exponential up to the cap, then
 * jittered so that clients dropped together (a server restart) do not all come back in the same instant.
 */
export function reconnectDelay(attempt: number, options: BackoffOptions, random: () => number = Math.random) {
  const base = Math.min(options.maxMs, options.initialMs * 2 ** attempt);
  return Math.round(base * (1 + options.jitter * (2 * random() - 1)));
}
