import type { ApiEnvelope } from '@tracklane/shared/api/envelope';
import { ERROR_MESSAGE, ERROR_STATUS, type ErrorCode } from '@tracklane/shared/api/error-codes';
import { WORKSPACE_HEADER } from '@tracklane/shared/api/workspace-header';

/** Codes the client itself produces when no server answer could be read. */
export const CLIENT_ERROR_CODE = {
  NETWORK: 'NETWORK',
  BAD_RESPONSE: 'BAD_RESPONSE',
} as const;

const NETWORK_MESSAGE = 'Cannot reach the Tracklane server. Check your connection and try again.';
const BAD_RESPONSE_MESSAGE = 'The server sent an unexpected response. Please try again.';

/** A failed call: HTTP status (0 when the server was not reached), stable code and a message for people. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** From a 429's Retry-After header: how long the server asks the client to wait. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, code: string, message: string, retryAfterSeconds: number | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** What to tell a person about a failure: the server's own message, or `fallback` for anything else. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return isApiError(error) ? error.message : fallback;
}

/** Whether a call failed because what it named is not there (by default a 404). */
export function isNotFound(error: unknown, statuses: readonly number[] = [404]): boolean {
  return isApiError(error) && statuses.includes(error.status);
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Called on every 401, whichever call got it (spec §4). The auth feature subscribes at start-up;
 * lib/ cannot import it, hence the listener.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

type SelectionChangedListener = () => void;
const selectionChangedListeners = new Set<SelectionChangedListener>();

/**
 * Called on every SELECTION_CHANGED answer (the user lost the workspace this page shows), whichever
 * call got it: the workspace feature then moves the tab on. lib/ cannot import it, hence the listener.
 */
export function onSelectionChanged(listener: SelectionChangedListener): () => void {
  selectionChangedListeners.add(listener);
  return () => {
    selectionChangedListeners.delete(listener);
  };
}

type WorkspaceSource = () => string | null;
/** Registered sources, latest last: the latest answers, and removing it hands back to the one before. */
const workspaceSources: WorkspaceSource[] = [];
const workspaceShown = (): string | null => workspaceSources.at(-1)?.() ?? null;

/**
 * Tells the client which workspace this tab shows. Every call then names it in {@link WORKSPACE_HEADER},
 * so that a call made after another tab switched the session's workspace is refused instead of landing
 * in the other workspace. The workspace store registers itself; lib/ cannot import it.
 */
export function setWorkspaceShown(source: WorkspaceSource): () => void {
  workspaceSources.push(source);
  return () => {
    const index = workspaceSources.lastIndexOf(source);
    if (index >= 0) workspaceSources.splice(index, 1);
  };
}

type Transport = typeof fetch;
let transportOf: () => Transport | undefined = () => undefined;

/**
 * Where calls go when not to the page's own `fetch`: a render on the server (entry-server.tsx) sends
 * each request's calls through that request's transport (the server's own API, with the request's
 * cookie), which `resolve` returns for the request being rendered. Set once, by the server entry.
 */
export function setApiTransport(resolve: () => Transport | undefined): void {
  transportOf = resolve;
}

/** A query parameter's value; a list repeats the parameter (`cf=a&cf=b`). */
export type QueryValue = string | number | boolean | null | undefined | readonly string[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value as readonly string[]) params.append(key, item);
    else if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

function buildInit(options: RequestOptions): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const workspaceId = workspaceShown();
  if (workspaceId) headers[WORKSPACE_HEADER] = workspaceId;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    credentials: 'same-origin',
    headers,
    body,
    signal: options.signal,
  };
}

function isEnvelope(value: unknown): value is ApiEnvelope<unknown> {
  return typeof value === 'object' && value !== null && 'success' in value;
}

function codeForStatus(status: number): string {
  const match = (Object.keys(ERROR_STATUS) as ErrorCode[]).find((code) => ERROR_STATUS[code] === status);
  return match ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}

function messageForCode(code: string): string {
  return code in ERROR_MESSAGE ? ERROR_MESSAGE[code as ErrorCode] : BAD_RESPONSE_MESSAGE;
}

/** Retry-After in seconds (the server sends delta-seconds, never an HTTP date). */
function retryAfterOf(response: Response): number | null {
  const seconds = Number(response.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : null;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Sends a request and returns the whole envelope; throws {@link ApiError} on any failure. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiEnvelope<T>> {
  const init = buildInit(options);
  let response: Response;
  try {
    response = await (transportOf() ?? fetch)(buildUrl(path, options.query), init);
  } catch (error) {
    // An abort is the caller's decision (react-query cancels), not a failure to report.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, CLIENT_ERROR_CODE.NETWORK, NETWORK_MESSAGE);
  }

  if (response.status === 401) {
    for (const listener of unauthorizedListeners) listener();
  }

  const payload = await readJson(response);
  const envelope = isEnvelope(payload) ? payload : undefined;

  if (!response.ok || envelope?.success === false) {
    const code = envelope?.code || codeForStatus(response.status);
    const message = envelope?.message || messageForCode(code);
    if (code === 'SELECTION_CHANGED') {
      for (const listener of selectionChangedListeners) listener();
    }
    throw new ApiError(response.status, code, message, retryAfterOf(response));
  }
  if (!envelope) {
    throw new ApiError(response.status, CLIENT_ERROR_CODE.BAD_RESPONSE, BAD_RESPONSE_MESSAGE);
  }
  return envelope as ApiEnvelope<T>;
}

async function resultOf<T>(path: string, options: RequestOptions): Promise<T> {
  const envelope = await apiRequest<T>(path, options);
  return envelope.result;
}

/** Shorthands that return only `result`, for the many calls that need nothing else. */
export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    resultOf<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    resultOf<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    resultOf<T>(path, { ...options, method: 'PATCH', body }),
  put: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    resultOf<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    resultOf<T>(path, { ...options, method: 'DELETE' }),
};
