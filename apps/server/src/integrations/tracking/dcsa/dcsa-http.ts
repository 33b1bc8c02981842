import type { ErrorClass } from '@tracklane/shared/carrier-connections/carrier-connections.schema';
import { DcsaError } from './dcsa-errors';
import type { Connection } from './dcsa-provider';

export const DEFAULT_TIMEOUT_MS = 15_000;
/** A page of 100 events is some 100 KB; anything near this is not an answer we can use. */
export const DEFAULT_MAX_BODY_BYTES = 5 * 1024 * 1024;
/** How long a 429 without Retry-After keeps the carrier from being asked again. */
export const DEFAULT_RATE_LIMIT_BACKOFF_MS = 60_000;
/** A Retry-After further away than this is taken as this (a day): the item is not forgotten. */
const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

export interface Page {
  status: number;
  text: string;
  nextPage: string | null;
  /** For a 429: when the carrier may be asked again. */
  retryAt: Date;
}

/**
 * What a GET with a connection's credentials needs of it: a DCSA connection, or any other kind's (a
 * terminal's) that speaks HTTP with the same credentials, budgets and limits.
 */
export type CredentialedConnection = Pick<
  Connection,
  'fixed' | 'auth' | 'fetch' | 'timeoutMs' | 'maxBodyBytes'
>;

/**
 * One GET with the connection's credentials: a 401 to credentials it was given renews them once and
 * asks once more; a body past the connection's limit is refused unread; a 429 carries its Retry-After.
 */
export async function getWithCredentials(
  connection: CredentialedConnection,
  url: URL,
  fail: (reason: string, errorClass: ErrorClass, cause?: unknown) => Error,
  refuse: (reason: string) => Error,
  now: Date,
): Promise<Page> {
  return get(connection, url, fail, refuse, now);
}

async function get(
  connection: CredentialedConnection,
  url: URL,
  fail: (reason: string, errorClass: ErrorClass, cause?: unknown) => Error,
  refuse: (reason: string) => Error,
  now: Date,
): Promise<Page> {
  const first = await getOnce(connection, url, fail, refuse, now);
  if (first.page.status !== 401 || !connection.auth?.renew) return first.page;
  // A token the carrier revoked or expired early: one fresh one, one more try.
  await connection.auth.renew(first.sent);
  return (await getOnce(connection, url, fail, refuse, now)).page;
}

async function getOnce(
  connection: CredentialedConnection,
  url: URL,
  fail: (reason: string, errorClass: ErrorClass, cause?: unknown) => Error,
  refuse: (reason: string) => Error,
  now: Date,
): Promise<{ page: Page; sent: Record<string, string> }> {
  const timeoutMs = connection.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const sent = connection.auth ? await connection.auth.headers() : {};
  const headers = new Headers(connection.fixed);
  for (const [name, value] of Object.entries(sent)) headers.set(name, value);
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await (connection.fetch ?? fetch)(url, {
      headers,
      // A redirect could carry the API key to another host; the URL in the configuration is fixed instead.
      redirect: 'manual',
      signal,
    });
    const retryAt = retryAfter(response.headers.get('retry-after'), now);
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined);
      return { page: { status: response.status, text: '', nextPage: null, retryAt }, sent };
    }
    const text = await readCapped(response, connection.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, refuse);
    return { page: { status: 200, text, nextPage: response.headers.get('next-page'), retryAt }, sent };
  } catch (err) {
    if (err instanceof DcsaError) throw err;
    if (signal.aborted || (err instanceof Error && err.name === 'TimeoutError'))
      throw fail(`the carrier did not answer within ${String(timeoutMs)} ms`, 'unreachable', err);
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : String(err);
    throw fail(`the carrier could not be reached (${cause})`, 'unreachable', err);
  }
}

/** The body as text, refused (and the rest never read) once it passes `maxBytes`. */
async function readCapped(
  response: Response,
  maxBytes: number,
  refuse: (reason: string) => Error,
): Promise<string> {
  const tooLarge = () => refuse(`the body is larger than ${String(Math.round(maxBytes / 1024))} KiB`);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const text = await readBody(response, maxBytes);
  if (text === null) throw tooLarge();
  return text;
}

/** A response body as text, or null (and the rest left unread) once it passes `maxBytes`. */
export async function readBody(response: Response, maxBytes: number): Promise<string | null> {
  if (!response.body) return '';
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * When a 429 lets us ask again: Retry-After as seconds or as an HTTP date, else a minute; never in the
 * past, never more than a day away.
 */
export function retryAfter(header: string | null, now: Date): Date {
  const value = header?.trim() ?? '';
  let wait = DEFAULT_RATE_LIMIT_BACKOFF_MS;
  if (/^\d+$/.test(value)) wait = Number(value) * 1000;
  else if (value && !Number.isNaN(Date.parse(value))) wait = Date.parse(value) - now.getTime();
  return new Date(now.getTime() + Math.min(Math.max(wait, 1000), MAX_RETRY_AFTER_MS));
}

/**
 * Next-Page is "a link to the next page". Servers send an absolute URL, a relative one, or (as in the
 * 2.2 spec's own example) only the cursor, which then goes into the `cursor` parameter of the first
 * request. A cursor is base64, which never contains "?", while a relative link always needs one.
 */
export function nextPageUrl(link: string, firstUrl: URL, currentUrl: URL): URL {
  const value = link.trim();
  if (URL.canParse(value) || value.includes('?')) return new URL(value, currentUrl);
  const url = new URL(firstUrl);
  url.searchParams.set('cursor', value);
  return url;
}
