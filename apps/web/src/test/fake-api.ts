import { vi } from 'vitest';
import { jsonResponse } from './http';

/** One request the app made, as the server would read it. */
export interface RecordedCall {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Parsed JSON, the FormData itself for multipart, undefined without a body. */
  body: unknown;
  /** Request headers, names in lower case. */
  headers: Record<string, string>;
}

type Answer = Response | { result: unknown; message?: string };
type Handler = Answer | ((call: RecordedCall) => Answer | Promise<Answer>);

/** A successful envelope. */
export const ok = (result: unknown, message = ''): Answer => ({ result, message });

/** A refusal, as the server's error handler writes it. */
export const fail = (status: number, code: string, message: string): Response =>
  jsonResponse(status, { success: false, code, message });

function parseBody(body: RequestInit['body']): unknown {
  if (body instanceof FormData) return body;
  if (typeof body === 'string') return JSON.parse(body) as unknown;
  return undefined;
}

/**
 * Stubs fetch with a tiny server: routes keyed "METHOD /path" answer fresh responses, every call is
 * recorded, and anything unrouted answers 404 so a missing stub shows up as a visible failure.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: parseBody(init?.body),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    if (!handler) return fail(404, 'NOT_FOUND', `No stub for ${call.method} ${call.path}`);
    const answer = typeof handler === 'function' ? await handler(call) : handler;
    return answer instanceof Response
      ? answer
      : jsonResponse(200, { success: true, result: answer.result, message: answer.message ?? '' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The calls to one route, e.g. "POST /api/workspaces/currentId". */
    callsTo: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route),
    /** Replaces or adds a route while the test runs. */
    route: (key: string, handler: Handler) => {
      routes[key] = handler;
    },
  };
}
