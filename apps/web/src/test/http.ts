import type { PublicUser } from '@tracklane/shared/auth/auth.schema';
import { vi } from 'vitest';

/** Test doubles for the server: an envelope answer and a signed-in user. */

interface Envelope {
  success: boolean;
  result?: unknown;
  message?: string;
  code?: string;
  [key: string]: unknown;
}

export function jsonResponse(status: number, body: Envelope): Response {
  return new Response(JSON.stringify({ result: null, message: '', code: 'OK', ...body }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const testUser: PublicUser = {
  id: 'u-1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  avatar: null,
  enabled: true,
  timeZone: 'Europe/London',
};

/** One request the app made, with its JSON body parsed (FormData kept as is). */
export interface RecordedCall {
  method: string;
  /** Path without the query string. */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Answer = Response | ((call: RecordedCall) => Response | Promise<Response>);

/**
 * A fake server at the HTTP level: `fetch` answers by "METHOD /path". A list answers one per call,
 * repeating the last. Unknown routes answer 404 and are recorded, so a test sees every call made.
 */
export function mockApi(routes: Record<string, Answer | Answer[]>) {
  const calls: RecordedCall[] = [];
  const served = new Map<string, number>();

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const rawBody = init?.body;
    const body = typeof rawBody === 'string' ? (JSON.parse(rawBody) as unknown) : rawBody;
    const call: RecordedCall = { method, path: url.pathname, query: url.searchParams, body };
    calls.push(call);

    const key = `${method} ${url.pathname}`;
    const route = routes[key];
    if (!route)
      return jsonResponse(404, { success: false, code: 'NOT_FOUND', message: `No mock for ${key}` });
    const answers = Array.isArray(route) ? route : [route];
    const index = served.get(key) ?? 0;
    served.set(key, index + 1);
    const answer = answers[Math.min(index, answers.length - 1)]!;
    return typeof answer === 'function' ? answer(call) : answer.clone();
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    calls,
    /** The calls to "METHOD /path", in order. */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}

/** A successful envelope. */
export const ok = (result: unknown, message = '') => jsonResponse(200, { success: true, result, message });

/** A refusal in the server's envelope, optionally with headers such as Retry-After. */
export function refusal(status: number, code: string, message: string, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify({ success: false, result: null, code, message }), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}
