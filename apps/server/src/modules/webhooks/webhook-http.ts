import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { bareHost, checkedLookup, resolveTarget, TargetRefusedError } from './webhook-target';

export interface PostOutcome {
  /** The receiver's HTTP status, or null when there was no answer. */
  status: number | null;
  /** From sending the request to the end of the answer's headers. */
  ms: number;
  /** Why it failed, in a line for the delivery log. */
  error: string | null;
}

/** How much of a failing receiver's answer the log keeps. */
const BODY_SNIPPET = 200;

/**
 * POSTs one webhook: no redirects followed (a 3xx is a failure), no proxy, a hard timeout, and the
 * target's addresses checked again at connection time. Never throws: every failure is an outcome.
 */
export async function postWebhook(options: {
  url: string;
  headers: Record<string, string>;
  body: string;
  allowPrivate: boolean;
  timeoutMs: number;
}): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    return { status: null, ms: 0, error: 'The URL is not valid' };
  }
  const client = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : null;
  if (!client) return { status: null, ms: 0, error: 'Only http and https URLs can receive webhooks' };
  // An address literal is never looked up by Node, so it is checked here.
  if (net.isIP(bareHost(url.hostname)) !== 0) {
    try {
      await resolveTarget(url.hostname, options.allowPrivate);
    } catch (err) {
      return { status: null, ms: elapsed(), error: err instanceof Error ? err.message : String(err) };
    }
  }
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, 'ms'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...outcome, ms: elapsed() });
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) },
        lookup: checkedLookup(options.allowPrivate),
        agent: false,
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const ok = status >= 200 && status < 300;
        let snippet = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (snippet.length < BODY_SNIPPET) snippet += chunk;
        });
        response.on('end', () =>
          finish({
            status,
            error: ok
              ? null
              : `HTTP ${String(status)}${snippet.trim() ? `: ${snippet.trim().slice(0, BODY_SNIPPET)}` : ''}`,
          }),
        );
        response.on('error', () => finish({ status, error: ok ? null : `HTTP ${String(status)}` }));
      },
    );
    request.on('error', (err: Error & { code?: string }) => {
      const reason =
        err instanceof TargetRefusedError
          ? err.message
          : err.name === 'TimeoutError' || err.name === 'AbortError'
            ? `No answer within ${String(options.timeoutMs / 1000)} s`
            : `Could not connect (${err.code ?? err.message})`;
      finish({ status: null, error: reason });
    });
    request.end(options.body);
  });
}
