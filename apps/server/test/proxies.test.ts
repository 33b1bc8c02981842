import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import type { TrustProxy } from '../src/config';
import { useTestApp } from './app';
import { uniqueEmail } from './auth-helpers';
import { createTestContext } from './context';

// One database; an app per TRUST_PROXY setting, as several processes of one installation would be.
const { app: behindOneHop, ctx, database } = await useTestApp({ trustProxy: 1 });
const appWith = async (trustProxy: TrustProxy): Promise<App> => {
  // No job queue or realtime hub: nothing here sends e-mail or opens a socket.
  const other = await buildApp(
    await createTestContext({ db: database.db, pool: database.pool }, { trustProxy }),
  );
  await other.ready();
  return other;
};
const behindListedProxy = await appWith(['10.0.0.5']);
const direct = await appWith(false);
afterAll(async () => {
  await behindListedProxy.close();
  await direct.close();
});

/** The reverse proxy in front of Tracklane, at 10.0.0.5: it appends the peer it saw to X-Forwarded-For. */
const PROXY = '10.0.0.5';
const viaProxy = (clientIp: string, forged?: string) => ({
  remoteAddress: PROXY,
  headers: { 'x-forwarded-for': forged ? `${forged}, ${clientIp}` : clientIp },
});

// Each setting gets its own client addresses: the limits are counted in the one shared database.
const settings = [
  ['a hop count (TRUST_PROXY=1)', behindOneHop, '203.0.113.11', '192.0.2.11'],
  ['the proxy address (TRUST_PROXY=10.0.0.5)', behindListedProxy, '203.0.113.12', '192.0.2.12'],
] as const;

describe.each(settings)('behind a reverse proxy trusted by %s', (_name, app, client, neighbour) => {
  it('keeps the development mailbox from a remote caller who writes X-Forwarded-For: 127.0.0.1', async () => {
    for (const url of ['/dev/mailbox', '/api/dev/mailbox']) {
      const relayed = await app.inject({ method: 'GET', url, ...viaProxy('203.0.113.9', '127.0.0.1') });
      expect(relayed.statusCode).toBe(404);
      // Straight at the port, skipping the proxy: the forged header is the only hop.
      const straight = await app.inject({
        method: 'GET',
        url,
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(straight.statusCode).toBe(404);
    }
  });

  it('keys the sign-in limits on the address the proxy saw, whatever the client writes', async () => {
    const tryLogin = (forged: string, ip: string = client) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        ...viaProxy(ip, forged),
        payload: { email: uniqueEmail('spray'), password: 'AAAAAAAAAAAAAAAAAAAAAA==', keyId: 'x' },
      });
    // loginPerIp is 50: a fresh forged address per try must not buy a fresh allowance.
    for (let i = 1; i <= 50; i++) expect((await tryLogin(`198.51.100.${String(i)}`)).statusCode).toBe(401);
    const blocked = await tryLogin('198.51.100.77');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    // Another client behind the same proxy has an allowance of its own.
    expect((await tryLogin('198.51.100.1', neighbour)).statusCode).toBe(401);
    const forgedKeys = await ctx.db.execute<{ key: string }>(
      sql`SELECT key FROM rate_limits WHERE key LIKE 'login:ip:198.51.100.%' OR key LIKE ${`login:ip:${PROXY}`}`,
    );
    expect(forgedKeys.rows).toEqual([]);
  });
});

describe('the development mailbox', () => {
  it('answers a direct request from this machine to a loopback host name', async () => {
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST']) {
      const res = await direct.inject({ method: 'GET', url: '/api/dev/mailbox', headers: { host } });
      expect(res.statusCode, host).toBe(200);
    }
    const ipv6 = await direct.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '::1' });
    expect(ipv6.statusCode).toBe(200);
  });

  it.each([
    ['x-forwarded-for', '203.0.113.9'],
    ['x-forwarded-host', 'track.example.com'],
    ['x-forwarded-proto', 'https'],
    ['forwarded', 'for=203.0.113.9'],
    ['x-real-ip', '203.0.113.9'],
    ['via', '1.1 proxy'],
  ])('refuses a loopback request relayed by a local proxy (%s)', async (header, value) => {
    for (const app of [direct, behindOneHop, behindListedProxy]) {
      const res = await app.inject({ method: 'GET', url: '/dev/mailbox', headers: { [header]: value } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it.each(['track.example.com', 'localhost.example.com', '10.0.0.7:3000', '127.0.0.1.nip.io'])(
    'refuses a loopback request for the host %j',
    async (host) => {
      const res = await direct.inject({ method: 'GET', url: '/api/dev/mailbox', headers: { host } });
      expect(res.statusCode).toBe(404);
    },
  );

  it('refuses callers on other machines', async () => {
    const res = await direct.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '192.168.1.20' });
    expect(res.statusCode).toBe(404);
  });
});
