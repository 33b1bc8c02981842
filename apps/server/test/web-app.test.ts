import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './app';

const webDistDir = await mkdtemp(path.join(tmpdir(), 'tracklane-web-'));
await mkdir(path.join(webDistDir, 'assets'));
await writeFile(
  path.join(webDistDir, 'index.html'),
  '<!doctype html><title>Tracklane</title><div id="root"></div>',
);
await writeFile(path.join(webDistDir, 'assets', 'app-abc123.js'), 'console.log("app")');
// What the build writes beside each file (apps/web/vite.config.ts): brotli and gzip copies. Each copy
// is marked, so a test can tell the file written at build time from one compressed on the fly.
const script = 'console.log("app");\n'.repeat(200);
await writeFile(path.join(webDistDir, 'assets', 'big-def456.js'), script);
await writeFile(path.join(webDistDir, 'assets', 'big-def456.js.br'), brotliCompressSync(`${script}// br`));
await writeFile(path.join(webDistDir, 'assets', 'big-def456.js.gz'), gzipSync(`${script}// gz`));
await writeFile(path.join(webDistDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
// A page the build rendered to HTML (apps/web/scripts/prerender.mjs), with its compressed copies.
// Its inline script loads its JavaScript once it has painted.
const loaderScript = 'document.head.append(document.createElement("script"))';
const signInPage = `<!doctype html><title>Sign in</title><div id="root" data-prerendered="/auth/sign-in"><form></form></div><script>${loaderScript}</script>`;
await mkdir(path.join(webDistDir, 'prerendered', 'auth'), { recursive: true });
await writeFile(path.join(webDistDir, 'prerendered', 'auth', 'sign-in.html'), signInPage);
await writeFile(
  path.join(webDistDir, 'prerendered', 'auth', 'sign-in.html.br'),
  brotliCompressSync(`${signInPage}<!-- br -->`),
);
await writeFile(
  path.join(webDistDir, 'prerendered', 'auth', 'sign-in.html.gz'),
  gzipSync(`${signInPage}<!-- gz -->`),
);
// The frame of a signed-in page (the shell's skeleton and the page's header), with its inline script.
const frameScript = 'document.documentElement.dataset.x="1"';
const oceanFrame = `<!doctype html><title>Active ocean shipments</title><div id="root" data-frame="/shipments/ocean/active"><main></main></div><script>${frameScript}</script>`;
await mkdir(path.join(webDistDir, 'prerendered-frames', 'shipments', 'ocean'), { recursive: true });
await writeFile(path.join(webDistDir, 'prerendered-frames', 'shipments', 'ocean', 'active.html'), oceanFrame);
await writeFile(
  path.join(webDistDir, 'prerendered-frames', 'shipments', 'ocean', 'active.html.br'),
  brotliCompressSync(`${oceanFrame}<!-- br -->`),
);

const { app } = await useTestApp({ serveWeb: true, webDistDir });

describe('serving the built web app', () => {
  it('serves index.html for client-side routes, uncached', async () => {
    for (const url of [
      '/',
      '/dashboard/ocean',
      '/shipment/ocean/MSCU1234565/MEDU123?timeZone=UTC',
      '/auth/sign-up',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves the sign-in page rendered at build time to a visitor without a session cookie, its inline script allowed by its hash', async () => {
    const res = await app.inject({ method: 'GET', url: '/auth/sign-in' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.body).toBe(signInPage);
    const hash = createHash('sha256').update(loaderScript).digest('base64');
    const scriptSrc = /script-src([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(scriptSrc).toBe(` 'self' 'sha256-${hash}'`);

    // With a query string, and brotli as a browser asks for it.
    const br = await app.inject({
      method: 'GET',
      url: '/auth/sign-in?next=1',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/cookie/i);
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${signInPage}<!-- br -->`);
  });

  it('serves index.html to a request with a session cookie, which the page rendered for visitors would not suit', async () => {
    for (const cookie of ['tl_session=whatever', 'theme=dark; tl_session=abc']) {
      const res = await app.inject({ method: 'GET', url: '/auth/sign-in', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/cookie/i);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self';/);
    }
    // Other cookies are not a session.
    const other = await app.inject({
      method: 'GET',
      url: '/auth/sign-in',
      headers: { cookie: 'theme=dark' },
    });
    expect(other.body).toBe(signInPage);
  });

  it('gives a session cookie without its readable hint one, and sets none otherwise', async () => {
    const page = (cookie?: string) =>
      app.inject({ method: 'GET', url: '/shipments/ocean/active', headers: cookie ? { cookie } : {} });
    const without = await page('tl_session=abc');
    expect(without.cookies).toEqual([
      expect.objectContaining({ name: 'tl_signed_in', value: '1', path: '/', sameSite: 'Lax' }),
    ]);
    expect(without.cookies[0]?.httpOnly).toBeFalsy();
    expect((await page('tl_session=abc; tl_signed_in=1')).headers['set-cookie']).toBeUndefined();
    expect((await page()).headers['set-cookie']).toBeUndefined();
  });

  it("serves a signed-in page's frame to a request with a session cookie, its inline script allowed by its hash", async () => {
    for (const cookie of ['tl_session=whatever', 'theme=dark; tl_session=abc']) {
      const res = await app.inject({
        method: 'GET',
        url: '/shipments/ocean/active?status=x',
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/cookie/i);
      expect(res.body).toBe(oceanFrame);
      const hash = createHash('sha256').update(frameScript).digest('base64');
      const scriptSrc = /script-src([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(scriptSrc).toBe(` 'self' 'sha256-${hash}'`);
    }
    const br = await app.inject({
      method: 'GET',
      url: '/shipments/ocean/active',
      headers: { cookie: 'tl_session=abc', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/cookie/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${oceanFrame}<!-- br -->`);
  });

  it('serves index.html to the same path without a session cookie, with no inline script allowed', async () => {
    for (const headers of [{}, { cookie: 'theme=dark' }]) {
      const res = await app.inject({ method: 'GET', url: '/shipments/ocean/active', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers.vary).toMatch(/cookie/i);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self';/);
    }
  });

  it('keeps index.html for the paths it has no page for, and the rendered pages off the file list', async () => {
    for (const url of [
      '/auth/sign-up',
      '/auth/sign-in/extra',
      '/auth',
      '/prerendered/auth/sign-in.html',
      '/prerendered-frames/shipments/ocean/active.html',
      '/shipments/ocean/active/extra',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers.vary ?? '').not.toMatch(/cookie/i);
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('keeps index.html for a signed-in request to a page without a frame', async () => {
    for (const url of ['/notifications/all', '/prerendered-frames/shipments/ocean/active.html']) {
      const res = await app.inject({ method: 'GET', url, headers: { cookie: 'tl_session=abc' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self';/);
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

  it('sends the brotli copy of an asset to a browser that accepts it, still immutable', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(`${script}// br`);
  });

  it('sends the gzip copy to a browser without brotli, and the plain file to one without either', async () => {
    const gzip = await app.inject({
      method: 'GET',
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(`${script}// gz`);

    const plain = await app.inject({ method: 'GET', url: '/assets/big-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.headers['cache-control']).toContain('immutable');
    expect(plain.body).toBe(script);
  });

  it('never serves the compressed copies as files of their own', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/big-def456.js.br' });
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root">');
  });

  it('compresses API answers above 1 KiB for a client that accepts it, and leaves small ones', async () => {
    const big = await app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toMatchObject({
      openapi: expect.any(String),
    });

    const plain = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toMatchObject({ openapi: expect.any(String) });

    const small = await app.inject({ method: 'GET', url: '/api/meta', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ success: true });
  });
});

describe('the per-address request limit', async () => {
  const limited = await useTestApp({ serveWeb: true, webDistDir, rateLimitPerMinute: 10 });

  it('counts API calls only: the web app’s files never spend it', async () => {
    const from = { remoteAddress: '192.0.2.77' };
    // A page and its chunks, many times over the limit.
    for (let i = 0; i < 25; i++) {
      const res = await limited.app.inject({ method: 'GET', url: '/assets/app-abc123.js', ...from });
      expect(res.statusCode).toBe(200);
    }
    const api = [];
    for (let i = 0; i < 11; i++)
      api.push((await limited.app.inject({ method: 'GET', url: '/api/health', ...from })).statusCode);
    expect(api.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(api[10]).toBe(429);
  });
});
