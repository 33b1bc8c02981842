import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

async function listFiles(root: string, dir = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (e) =>
      e.isDirectory() ? listFiles(root, path.posix.join(dir, e.name)) : [path.posix.join(dir, e.name)],
    ),
  );
  return nested.flat();
}

/**
 * Serves the built web app from this process: its files, and `index.html` for every other non-API path
 * so that client-side routes survive a reload. The file list is read once; the build does not change
 * while the server runs, and a request can only ever name a file on that list.
 */
export async function webAppPlugin(app: FastifyInstance, opts: { root: string }): Promise<void> {
  if (!existsSync(path.join(opts.root, 'index.html'))) {
    throw new Error(`SERVE_WEB is on but ${opts.root} has no index.html: run "npm run build" first.`);
  }
  const files = new Set(await listFiles(opts.root));
  // The build writes brotli and gzip copies beside each file: the one the browser accepts is sent,
  // with `Vary: Accept-Encoding` (caches keep one per encoding), and the plain file to anyone else.
  await app.register(fastifyStatic, { root: opts.root, serve: false, preCompressed: true });

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const wildcard = (request.params as { '*': string })['*'];
    if (wildcard === 'api' || wildcard.startsWith('api/')) {
      throw new AppError('NOT_FOUND', `No route for ${request.method} /${wildcard}.`);
    }
    if (files.has(wildcard) && wildcard !== 'index.html' && !/\.(?:br|gz)$/.test(wildcard)) {
      // Vite fingerprints everything under assets/, so those never change under the same name.
      const immutable = wildcard.startsWith('assets/');
      return reply.sendFile(wildcard, { maxAge: immutable ? '365d' : '1h', immutable });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
}
