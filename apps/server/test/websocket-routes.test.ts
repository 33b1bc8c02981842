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

describe('WebSocket routes asked without an upgrade', () => {
  it('are all found', () => {
    expect(SOCKETS.sort()).toEqual(['/api/ws/events', '/api/ws/workspaceInvitations']);
  });

  it.each(SOCKETS)('%s answers 426 Upgrade Required in the envelope', async (path) => {
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

  it.each(SOCKETS)('%s answers 426 over a real connection too, and still upgrades', async (path) => {
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
