import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
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

/**
 * Serves the built web app from this process: its files, and `index.html` for every other non-API path
 * so that client-side routes survive a reload. The file list is read once; the build does not change
 * while the server runs, and a request can only ever name a file on that list.
 *
 * A path the build rendered to HTML (`prerendered/<path>.html`: the sign-in page) gets that
 * page instead of the empty index.html when the request carries no session cookie: it paints before the
 * JavaScript arrives, which then takes it over. It shows what a signed-out visitor sees, so a request
 * with a session cookie (valid or not: the app's own check tells) gets index.html as before.
 */
export async function webAppPlugin(app: FastifyInstance, opts: { root: string }): Promise<void> {
  if (!existsSync(path.join(opts.root, 'index.html'))) {
    throw new Error(`SERVE_WEB is on but ${opts.root} has no index.html: run "npm run build" first.`);
  }
  const files = new Set(await listFiles(opts.root));
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
    const page = signedOutPage && !withSession ? prerendered : hasFrame && withSession ? frame : 'index.html';
    const hashes = scriptHashes.get(page) ?? [];
    const policy = reply.getHeader('content-security-policy');
    if (hashes.length > 0 && typeof policy === 'string') {
      reply.header('content-security-policy', allowScripts(policy, hashes));
    }
    return reply.sendFile(page, { cacheControl: false });
  });
}
