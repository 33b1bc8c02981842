import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './app';

const webDistDir = await mkdtemp(path.join(tmpdir(), 'tracklane-web-'));
await mkdir(path.join(webDistDir, 'assets'));
await writeFile(
  path.join(webDistDir, 'index.html'),
  '<!doctype html><title>Tracklane</title><div id="root"></div>',
);
await writeFile(path.join(webDistDir, 'assets', 'app-abc123.js'), 'console.log("app")');
await writeFile(path.join(webDistDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

const { app } = await useTestApp({ serveWeb: true, webDistDir });

describe('serving the built web app', () => {
  it('serves index.html for client-side routes, uncached', async () => {
    for (const url of [
      '/',
      '/dashboard/ocean',
      '/shipment/ocean/MSCU1234565/MEDU123?timeZone=UTC',
      '/auth/sign-in',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves fingerprinted assets as immutable', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('console.log');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('serves other files that exist', async () => {
    const res = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('never serves a file outside the build', async () => {
    for (const url of ['/../package.json', '/%2e%2e/%2e%2e/package.json', '/assets/../../etc/passwd']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body).not.toContain('"name"');
      expect(res.body).not.toContain('root:');
    }
  });

  it('still answers the API', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toMatchObject({ success: true });
  });
});
