import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useTestApp } from './app';
import { signUp } from './auth-helpers';
import { opened } from './sockets';

const { app, ctx } = await useTestApp();
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const me = await signUp(app, ctx);

const UPGRADE_REQUIRED = {
  success: false,
  result: null,
  code: 'UPGRADE_REQUIRED',
  message: 'This address is a WebSocket: connect with Upgrade: websocket.',
};

/** Every route the OpenAPI document shows answering 101: each WebSocket route, however declared. */
const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
  paths: Record<string, { get?: { responses?: Record<string, unknown> } }>;
}>();
const SOCKETS = Object.entries(doc.paths)
  .filter(([, item]) => item.get?.responses?.['101'])
  .map(([path]) => path);
/** The public link's socket needs no session, only a live link's token. */
const SHARE_SOCKET = '/api/ws/share/{token}';
const SIGNED_IN = SOCKETS.filter((path) => path !== SHARE_SOCKET);

describe('WebSocket routes asked without an upgrade', () => {
  it('are all found', () => {
    expect(SOCKETS.sort()).toEqual(['/api/ws/events', SHARE_SOCKET, '/api/ws/workspaceInvitations']);
  });

  it.each(SIGNED_IN)('%s answers 426 Upgrade Required in the envelope', async (path) => {
    for (const url of [`${path}?userId=${me.userId}`, path]) {
      const res = await app.inject({ method: 'GET', url, headers: { cookie: me.cookie } });
      expect(res.statusCode, url).toBe(426);
      expect(res.headers.upgrade).toBe('websocket');
      expect(res.json()).toEqual(UPGRADE_REQUIRED);
    }
    const head = await app.inject({ method: 'HEAD', url: path, headers: { cookie: me.cookie } });
    expect(head.statusCode).toBe(426);
    expect(head.headers.upgrade).toBe('websocket');
    // Anonymous callers learn nothing more than elsewhere.
    expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
  });

  it.each(SIGNED_IN)('%s answers 426 over a real connection too, and still upgrades', async (path) => {
    const answer = await new Promise<{ status: number; upgrade: unknown; body: string }>(
      (resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, path: `${path}?userId=${me.userId}`, headers: { cookie: me.cookie } },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, upgrade: res.headers.upgrade, body }));
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expect(answer.status).toBe(426);
    expect(answer.upgrade).toBe('websocket');
    expect(JSON.parse(answer.body)).toEqual(UPGRADE_REQUIRED);

    const socket = new WebSocket(`ws://127.0.0.1:${String(port)}${path}?userId=${me.userId}`, {
      headers: { cookie: me.cookie },
    });
    await opened(socket);
    socket.close();
  });
});

describe("a public link's socket", () => {
  it('answers 426 without an upgrade, and upgrades for anyone holding a live link', async () => {
    const shipment = await app.inject({
      method: 'POST',
      url: '/api/shipments/ocean',
      headers: { cookie: me.cookie },
      payload: { items: [{ containerNo: 'MSKU1234565', mblNo: 'MAEU123456789' }] },
    });
    const link = await app.inject({
      method: 'POST',
      url: '/api/share-links',
      headers: { cookie: me.cookie },
      payload: { shipmentType: 'ocean', shipmentIds: [shipment.json().result[0].shipmentOverallId] },
    });
    const path = SHARE_SOCKET.replace('{token}', link.json().result.token as string);
    const res = await app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(426);
    expect(res.json()).toEqual(UPGRADE_REQUIRED);
    const socket = new WebSocket(`ws://127.0.0.1:${String(port)}${path}`);
    await opened(socket);
    socket.close();
  });
});
