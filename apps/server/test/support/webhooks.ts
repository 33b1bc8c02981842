import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, expect } from 'vitest';
import { webhookDeliveries } from '../../src/db/schema/webhooks';
import { type WebhookSettings } from '../../src/modules/webhooks/webhook-delivery.service';
import { startWebhookJobs } from '../../src/modules/webhooks/webhooks.jobs';
import { useTestApp } from '../app';
import { containerNo, mbl, type Team } from '../factories';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** The app with webhook jobs running, a local receiver and the helpers the webhook tests share. */
export async function useWebhooksApp() {
  // The tests' receivers listen on 127.0.0.1: the installation setting that allows private targets.
  // Its ordinary workspaces follow demo shipments: they opt into demo data (ADR 0035).
  const { app, ctx } = await useTestApp({ webhookAllowPrivateTargets: true, demoCarriers: true });
  const strict = { ...ctx, config: { ...ctx.config, webhookAllowPrivateTargets: false } };
  const settings: WebhookSettings = {
    retryLimit: 4,
    retryDelaySeconds: 1,
    disableAfterFailures: 3,
    timeoutMs: 3000,
  };
  const jobs = await startWebhookJobs(ctx, { settings, dispatchIntervalMs: 100 });
  afterAll(() => jobs.stop());

  /**
   * A receiver written from docs/webhooks.md alone ("Verifying the signature"), with node:crypto and
   * nothing of the server's code.
   */
  function verifyFromTheDocs(secret: string, headers: IncomingHttpHeaders, rawBody: string): boolean {
    const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
    const id = String(headers['webhook-id']);
    const timestamp = String(headers['webhook-timestamp']);
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
    const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${rawBody}`).digest();
    return String(headers['webhook-signature'])
      .split(' ')
      .some((entry) => {
        const [version, signature] = entry.split(',');
        const given = Buffer.from(signature ?? '', 'base64');
        return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
      });
  }

  /** A local receiver answering each request with the next status of `statuses` (the last one repeats). */
  async function receiver(statuses: number[] = [200]) {
    const received: Received[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        const status = statuses[Math.min(received.length - 1, statuses.length - 1)]!;
        res
          .writeHead(status, { 'content-type': 'text/plain' })
          .end(status >= 300 ? 'receiver is down' : 'ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    afterAll(() => new Promise((resolve) => server.close(resolve)));
    return { url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/hooks`, received };
  }

  const session = (
    cookie: string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  async function register(team: Team, body: object) {
    const res = await session(team.owner.cookie, 'POST', '/api/webhooks', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ result: { id: string; secret: string } }>().result;
  }

  async function addOcean(team: Team) {
    const item = { containerNo: containerNo(), mblNo: mbl() };
    const res = await session(team.owner.cookie, 'POST', '/api/shipments/ocean', { items: [item] });
    return {
      ...item,
      shipmentId: res.json<{ result: { shipmentOverallId: string }[] }>().result[0]!.shipmentOverallId,
    };
  }

  const deliveriesOf = (endpointId: string) =>
    ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
  return {
    app,
    ctx,
    strict,
    settings,
    jobs,
    verifyFromTheDocs,
    receiver,
    session,
    register,
    addOcean,
    deliveriesOf,
  };
}
