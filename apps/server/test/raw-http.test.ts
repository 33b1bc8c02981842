import net, { type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './app';

/**
 * Requests `inject` cannot make (it always sends well-formed HTTP with a Host), sent as raw bytes to the
 * real server: each must still be answered by a 4xx in the envelope.
 */
const { app } = await useTestApp();
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes the bytes and reads until the server closes the connection (each request asks it to). */
function send(request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.write(request);
  });
}

function expectEnvelope(res: RawResponse, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(JSON.parse(res.body)).toMatchObject({ success: false, result: null, code });
  expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
}

describe('the real server answers broken HTTP with the envelope', () => {
  it('still answers a well-formed request (the harness itself works)', async () => {
    const res = await send('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ success: true, code: 'OK' });
  });

  it('malformed HTTP', async () => {
    const res = await send('HELLO THERE\r\n\r\n');
    expectEnvelope(res, 400, 'BAD_REQUEST');
    expect(JSON.parse(res.body).message).toBe('The request is not valid HTTP.');
  });

  it('conflicting body lengths (request smuggling shape)', async () => {
    const res = await send(
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\n' +
        'Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    );
    expectEnvelope(res, 400, 'BAD_REQUEST');
  });

  it('headers over the size limit: 431', async () => {
    const res = await send(
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expectEnvelope(res, 431, 'HEADERS_TOO_LARGE');
  });

  it('an address over the size limit: 431', async () => {
    const res = await send(`GET /api/health?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expectEnvelope(res, 431, 'HEADERS_TOO_LARGE');
  });

  it('an HTTP/1.1 request without Host', async () => {
    const res = await send('GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n');
    expectEnvelope(res, 400, 'BAD_REQUEST');
    expect(JSON.parse(res.body).message).toBe('The request has no Host header.');
  });

  it('a bad %-escape in the path', async () => {
    const res = await send(
      'GET /api/shipments/ocean/%E0%A4%A/x HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expectEnvelope(res, 400, 'BAD_REQUEST');
  });
});
