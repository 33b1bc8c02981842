import { createHash } from 'node:crypto';
import { CarrierRateLimitedError, DcsaError, readBody, retryAfter } from '../dcsa/dcsa-provider';

export interface ClientCredentials {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope?: string | null | undefined;
}

/** A token is renewed this long before it runs out: a tenth of its life, between 5 s and a minute. */
export function renewalMargin(lifetimeMs: number): number {
  return Math.min(60_000, Math.max(5_000, lifetimeMs / 10));
}

/** Some servers leave out expires_in; their tokens are then used for five minutes. */
const DEFAULT_LIFETIME_S = 300;
const TOKEN_BODY_MAX_BYTES = 64 * 1024;
/** token_type values that mean a Bearer token (RFC 6750's, and Apigee's). */
const BEARER_TYPES = new Set(['bearer', 'bearertoken']);

interface Cached {
  /** Which credentials it was issued for: a changed secret (in any process) asks anew. */
  fingerprint: string;
  token: string;
  renewAt: number;
  /** The token request under way, shared by every caller that needs one meanwhile. */
  pending: Promise<string> | null;
}

export interface TokenCacheOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
}

/**
 * OAuth2 client-credentials tokens per connection, in this process: one token request at a time per
 * connection (concurrent callers wait for the same answer), the token reused until shortly before
 * `expires_in` runs out, and dropped when the carrier refuses it (`invalidate`). Tokens never leave
 * this map: they are not logged and not stored.
 */
export function createTokenCache(options: TokenCacheOptions = {}) {
  const cache = new Map<string, Cached>();
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 15_000;

  const fingerprintOf = (c: ClientCredentials) =>
    createHash('sha256')
      .update(JSON.stringify([c.tokenUrl, c.clientId, c.clientSecret, c.scope ?? '']))
      .digest('base64url');

  async function request(
    credentials: ClientCredentials,
    label: string,
  ): Promise<{ token: string; lifetimeMs: number }> {
    const fail = (
      reason: string,
      errorClass: 'wrong_credentials' | 'not_allowed' | 'unreachable' | 'not_dcsa',
      cause?: unknown,
    ) => new DcsaError(`${label}: the token request ${reason}`, errorClass, { cause });
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
    });
    if (credentials.scope) body.set('scope', credentials.scope);
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(credentials.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      if (err instanceof Error && err.name === 'TimeoutError')
        throw fail(`got no answer within ${String(timeoutMs)} ms`, 'unreachable', err);
      const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : String(err);
      throw fail(`could not reach the token URL (${cause})`, 'unreachable', err);
    }
    let text: string;
    try {
      text = await readSmall(response);
    } catch (err) {
      throw fail('answer could not be read', 'unreachable', err);
    }
    if (response.status === 429)
      throw new CarrierRateLimitedError(
        `${label}: the token URL is rate-limiting us (HTTP 429)`,
        retryAfter(response.headers.get('retry-after'), new Date(now())),
      );
    if (response.status !== 200) {
      // RFC 6749 §5.2: invalid_client is wrong credentials, unauthorized_client / invalid_scope are not
      // allowed. Only the error code is repeated: a description could quote what was sent.
      const code = errorCode(text);
      if (response.status === 401 || code === 'invalid_client' || code === 'invalid_grant')
        throw fail(
          `was refused: wrong client ID or secret (HTTP ${String(response.status)}${code ? `, ${code}` : ''})`,
          'wrong_credentials',
        );
      if (response.status === 403 || code === 'unauthorized_client' || code === 'invalid_scope')
        throw fail(
          `was refused: not allowed (HTTP ${String(response.status)}${code ? `, ${code}` : ''})`,
          'not_allowed',
        );
      throw fail(`failed (HTTP ${String(response.status)}${code ? `, ${code}` : ''})`, 'unreachable');
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw fail('answered something that is not JSON', 'not_dcsa');
    }
    const answer = json as { access_token?: unknown; expires_in?: unknown; token_type?: unknown };
    if (typeof answer.access_token !== 'string' || !answer.access_token || /[\r\n]/.test(answer.access_token))
      throw fail('answered without an access_token', 'not_dcsa');
    // Apigee's token endpoints (APM Terminals') call it "BearerToken", and send expires_in as a string.
    if (typeof answer.token_type === 'string' && !BEARER_TYPES.has(answer.token_type.toLowerCase()))
      throw fail(`answered a ${answer.token_type.slice(0, 20)} token, not a Bearer token`, 'not_dcsa');
    const expiresIn = Number(answer.expires_in ?? DEFAULT_LIFETIME_S);
    const lifetime = Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : DEFAULT_LIFETIME_S;
    return { token: answer.access_token, lifetimeMs: lifetime * 1000 };
  }

  return {
    /**
     * A valid token for the connection: the cached one while it has time left, else a new one (one
     * request for every caller at the same moment).
     */
    async token(connectionId: string, credentials: ClientCredentials, label: string): Promise<string> {
      const fingerprint = fingerprintOf(credentials);
      let entry = cache.get(connectionId);
      if (!entry || entry.fingerprint !== fingerprint) {
        entry = { fingerprint, token: '', renewAt: 0, pending: null };
        cache.set(connectionId, entry);
      }
      if (entry.token && now() < entry.renewAt) return entry.token;
      if (entry.pending) return entry.pending;
      const current = entry;
      current.pending = request(credentials, label)
        .then(({ token, lifetimeMs }) => {
          current.token = token;
          current.renewAt = now() + lifetimeMs - renewalMargin(lifetimeMs);
          return token;
        })
        .finally(() => {
          current.pending = null;
        });
      return current.pending;
    },
    /** The carrier refused this token: the next call asks for a new one (unless one already replaced it). */
    invalidate(connectionId: string, refusedToken?: string): void {
      const entry = cache.get(connectionId);
      if (entry && (refusedToken === undefined || entry.token === refusedToken)) {
        entry.token = '';
        entry.renewAt = 0;
      }
    },
    forget(connectionId: string): void {
      cache.delete(connectionId);
    },
  };
}

export type TokenCache = ReturnType<typeof createTokenCache>;

async function readSmall(response: Response): Promise<string> {
  const text = await readBody(response, TOKEN_BODY_MAX_BYTES);
  if (text === null) throw new Error('the token answer is too large');
  return text;
}

function errorCode(text: string): string | null {
  try {
    const code = (JSON.parse(text) as { error?: unknown }).error;
    return typeof code === 'string' && /^[a-z_]{1,40}$/.test(code) ? code : null;
  } catch {
    return null;
  }
}
