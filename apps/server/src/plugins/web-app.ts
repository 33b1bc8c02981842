import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_HINT_COOKIE } from '@tracklane/shared/auth/session-hint';
import { AppError } from '../lib/app-error';
import { SESSION_COOKIE } from './session';

async function listFiles(root: string, dir = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (e) =>
      e.isDirectory() ? listFiles(root, path.posix.join(dir, e.name)) : [path.posix.join(dir, e.name)],
    ),
  );
  return nested.flat();
}

/** Where the web build writes the pages it renders to HTML (apps/web/scripts/prerender.mjs). */
const PRERENDERED = 'prerendered/';
/** …and the frames of signed-in pages (the shell's skeleton and the page's header, no one's data). */
const FRAMES = 'prerendered-frames/';

/**
 * CSP sources (`'sha256-…'`) of a page's inline scripts: a frame's HTML runs one before its first paint,
 * and every prerendered page's last one loads its JavaScript once it has painted.
 */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
}

/** The response's Content-Security-Policy (helmet's) with `sources` added to its script-src. */
function allowScripts(policy: string, sources: string[]): string {
  return policy.replace(
    /(^|;)(\s*script-src)([^;]*)/,
    (_all, start: string, name: string, list: string) => `${start}${name}${list} ${sources.join(' ')}`,
  );
}

/** What the web build's server entry (apps/web/src/entry-server.tsx) exports. */
interface ServerEntry {
  /** Settles once every page's code is loaded (an older build has none). */
  ready?: Promise<void>;
  render(request: {
    url: string;
    headers: Record<string, string | string[] | undefined>;
    fetch: typeof fetch;
  }): Promise<RenderedPage | null>;
}

interface RenderedPage {
  markup: string;
  state: string;
  /** ms: the session check, the loaders' API calls, React's render (an older build has none). */
  timing?: { session: number; data: number; render: number };
}

/**
 * The `Server-Timing` header of a rendered page: where the server's time for its HTML went, shown in
 * the browser's developer tools beside the request (docs/performance.md).
 */
function serverTiming(timing: RenderedPage['timing'], total: number): string {
  const parts = timing
    ? [
        `session;dur=${timing.session.toFixed(1)}`,
        `data;dur=${timing.data.toFixed(1)}`,
        `render;dur=${timing.render.toFixed(1)}`,
      ]
    : [];
  return [...parts, `total;dur=${total.toFixed(1)}`].join(', ');
}

/** Where the web build writes its server entry and the templates of the pages it renders (`pages/`). */
const SERVER_ENTRY = 'entry-server.js';
const SERVER_PAGES = 'pages/';
/** How long a page's render may take before the frame is sent instead. */
const RENDER_TIMEOUT_MS = 3000;

/**
 * The one call a render makes that is not a GET: the session's workspace selection, confirmed (and
 * repaired when no longer valid) as the browser's own start confirms it, with the same answer.
 */
const RENDER_POSTS = new Set(['/api/workspaces/setCookies']);

/**
 * The API as a `fetch` for one page request's render: each call goes through this server's own routes
 * (`inject`), with the request's cookie and address, so that the session, tenancy, role and request
 * limits decide as they do for the browser's calls. Reads, and the selection's confirmation only.
 */
function apiFetchFor(app: FastifyInstance, request: FastifyRequest): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const allowed =
      url.startsWith('/api/') && (method === 'GET' || (method === 'POST' && RENDER_POSTS.has(url)));
    if (!allowed) throw new Error(`render: refused ${method} ${url}`);
    const response = await app.inject({
      method,
      url,
      headers: {
        ...Object.fromEntries(new Headers(init?.headers)),
        cookie: request.headers.cookie ?? '',
        'user-agent': request.headers['user-agent'] ?? '',
      },
      payload: typeof init?.body === 'string' ? init.body : undefined,
      remoteAddress: request.ip,
    });
    const answer = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (typeof value === 'string' || typeof value === 'number') answer.set(name, String(value));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.rawPayload, { status: response.statusCode, headers: answer });
  };
}

/**
 * Serves the built web app from this process: its files, and `index.html` for every other non-API path
 * so that client-side routes survive a reload. The file list is read once; the build does not change
 * while the server runs, and a request can only ever name a file on that list.
 *
 * A path the build rendered to HTML (`prerendered/<path>.html`: the sign-in page) gets that
 * page instead of the empty index.html when the request carries no session cookie: it paints before the
 * JavaScript arrives, which then takes it over. A signed-in page with a frame (`prerendered-frames/`:
 * the lists, the dashboards) is rendered for a request with a session cookie by the web build's server
 * entry (`dist-server/entry-server.js`, ADR 0058): the page with that user's data, and the state the
 * browser hydrates from. When it cannot be (the session is not one, an error, a render slower than
 * RENDER_TIMEOUT_MS, a build without the entry) the frame is sent, as it was rendered for no one.
 */
export async function webAppPlugin(app: FastifyInstance, opts: { root: string }): Promise<void> {
  if (!existsSync(path.join(opts.root, 'index.html'))) {
    throw new Error(`SERVE_WEB is on but ${opts.root} has no index.html: run "npm run build" first.`);
  }
  const files = new Set(await listFiles(opts.root));
  // The server entry and its page templates, beside the browser's build (scripts/prerender.mjs): a
  // build without them (an older one) sends the frames.
  const serverRoot = path.resolve(opts.root, '..', 'dist-server');
  const entryFile = path.join(serverRoot, SERVER_ENTRY);
  const templates = new Map<string, string>();
  // Loaded beside the server's start, not before it: the first render waits for it once.
  let entry: Promise<ServerEntry | null> = Promise.resolve(null);
  let loadEntry: (() => Promise<ServerEntry | null>) | null = null;
  if (existsSync(entryFile) && existsSync(path.join(serverRoot, SERVER_PAGES))) {
    for (const file of await listFiles(path.join(serverRoot, SERVER_PAGES))) {
      if (file.endsWith('.html'))
        templates.set(
          file.slice(0, -'.html'.length),
          await readFile(path.join(serverRoot, SERVER_PAGES, file), 'utf8'),
        );
    }
    loadEntry = () =>
      (import(pathToFileURL(entryFile).href) as Promise<ServerEntry>)
        // Its pages' code too: loaded now, not on the first signed-in request.
        .then(async (loaded) => {
          await loaded.ready;
          return loaded;
        })
        .catch((err: unknown) => {
          app.log.error({ err }, `web-app: cannot load ${entryFile}; signed-in pages get their frames`);
          return null;
        });
  }

  /**
   * The signed-in page at `wildcard` rendered for this request (its user's data in the HTML), or null
   * when it cannot be: no template, no session, an error, or slower than RENDER_TIMEOUT_MS.
   */
  async function renderSignedIn(
    wildcard: string,
    request: FastifyRequest,
  ): Promise<{ html: string; timing: string } | null> {
    const template = templates.get(wildcard);
    const server = template ? await entry : null;
    if (!server || !template) return null;
    const start = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), RENDER_TIMEOUT_MS);
    });
    try {
      const page = await Promise.race([
        server.render({ url: request.url, headers: request.headers, fetch: apiFetchFor(app, request) }),
        timeout,
      ]);
      if (!page) return null;
      const html = template
        .replace('<!--app-html-->', () => page.markup)
        .replace('<!--app-state-->', () => page.state);
      return { html, timing: serverTiming(page.timing, performance.now() - start) };
    } catch (err) {
      request.log.warn({ err, path: wildcard }, 'web-app: server render failed, sending the frame');
      return null;
    } finally {
      clearTimeout(timer);
    }
  }
  const scriptHashes = new Map<string, string[]>();
  for (const file of files) {
    if ((file.startsWith(FRAMES) || file.startsWith(PRERENDERED)) && file.endsWith('.html')) {
      scriptHashes.set(file, inlineScriptHashes(await readFile(path.join(opts.root, file), 'utf8')));
    }
  }
  // The build writes brotli and gzip copies beside each file: the one the browser accepts is sent,
  // with `Vary: Accept-Encoding` (caches keep one per encoding), and the plain file to anyone else.
  await app.register(fastifyStatic, { root: opts.root, serve: false, preCompressed: true });

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const wildcard = (request.params as { '*': string })['*'];
    if (wildcard === 'api' || wildcard.startsWith('api/')) {
      throw new AppError('NOT_FOUND', `No route for ${request.method} /${wildcard}.`);
    }
    if (
      files.has(wildcard) &&
      wildcard !== 'index.html' &&
      !wildcard.startsWith(PRERENDERED) &&
      !wildcard.startsWith(FRAMES) &&
      !/\.(?:br|gz)$/.test(wildcard)
    ) {
      // Vite fingerprints everything under assets/, so those never change under the same name.
      const immutable = wildcard.startsWith('assets/');
      return reply.sendFile(wildcard, { maxAge: immutable ? '365d' : '1h', immutable });
    }
    reply.header('cache-control', 'no-cache');
    const prerendered = `${PRERENDERED}${wildcard}.html`;
    const frame = `${FRAMES}${wildcard}.html`;
    const signedOutPage = files.has(prerendered);
    const hasFrame = files.has(frame);
    // Caches must keep the two answers apart.
    if (signedOutPage || hasFrame) reply.header('vary', 'Cookie');
    const withSession = Boolean(request.cookies[SESSION_COOKIE]);
    // A session cookie from before the hint existed gets one, so the page asks about it.
    if (withSession && !request.cookies[SESSION_HINT_COOKIE])
      reply.setCookie(SESSION_HINT_COOKIE, '1', { path: '/', sameSite: 'lax' });
    if (hasFrame && withSession) {
      const rendered = await renderSignedIn(wildcard, request);
      if (rendered !== null) {
        // One user's data: no shared cache keeps it, and the layout drawn follows the device's hints.
        reply.header('cache-control', 'private, no-cache');
        reply.header('vary', 'Cookie, Sec-CH-UA-Mobile, User-Agent');
        reply.header('server-timing', rendered.timing);
        return reply.type('text/html; charset=utf-8').send(rendered.html);
      }
    }
    const page = signedOutPage && !withSession ? prerendered : hasFrame && withSession ? frame : 'index.html';
    const hashes = scriptHashes.get(page) ?? [];
    const policy = reply.getHeader('content-security-policy');
    if (hashes.length > 0 && typeof policy === 'string') {
      reply.header('content-security-policy', allowScripts(policy, hashes));
    }
    return reply.sendFile(page, { cacheControl: false });
  });
  // Started once the rest of the plugin is set up: reading and running the entry and its pages' code
  // is a few hundred ms of the process's time, which must not count against the plugin's start.
  if (loadEntry) entry = loadEntry();
}
