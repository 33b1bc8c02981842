import { createServer, type IncomingMessage } from 'node:http';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { organizations } from '../src/db/schema/organizations';
import { billingEvents } from '../src/db/schema/plans';
import { freePort } from '../src/db/embedded';
import { useTestApp } from './app';
import { addMember, buildTeam, type Team } from './factories';

const WEBHOOK_SECRET = 'whsec_test_tracklane';
const RENEWS = Math.floor(Date.parse('2031-03-01T00:00:00Z') / 1000);

/** A stand-in for Stripe's API: answers the calls Tracklane makes and records them. */
const seen: { method: string; path: string; form: URLSearchParams }[] = [];
const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(body));
  });
const subscription = (id: string, status = 'active') => ({
  id,
  object: 'subscription',
  status,
  items: {
    object: 'list',
    data: [{ id: `si_${id}`, object: 'subscription_item', current_period_end: RENEWS }],
  },
});
const stripeApi = createServer((req, res) => {
  void readBody(req).then((body) => {
    const url = new URL(req.url ?? '/', 'http://stripe.test');
    seen.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      form: new URLSearchParams(body || url.search),
    });
    const send = (status: number, json: object) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
      res.end(JSON.stringify(json));
    };
    const path = url.pathname;
    if (req.method === 'POST' && path === '/v1/checkout/sessions')
      return send(200, {
        id: 'cs_test_1',
        object: 'checkout.session',
        url: 'https://checkout.stripe.test/pay/cs_test_1',
      });
    if (req.method === 'GET' && path.startsWith('/v1/subscriptions/'))
      return send(200, subscription(path.split('/').pop()!));
    if (req.method === 'DELETE' && path.startsWith('/v1/subscriptions/'))
      return send(200, subscription(path.split('/').pop()!, 'canceled'));
    if (req.method === 'GET' && path === '/v1/invoices')
      return send(200, {
        object: 'list',
        has_more: false,
        url: '/v1/invoices',
        data: [
          {
            id: 'in_1',
            object: 'invoice',
            number: 'TL-0001',
            created: RENEWS - 30 * 86_400,
            total: 4900,
            currency: 'usd',
            status: 'paid',
            hosted_invoice_url: 'https://invoice.stripe.test/in_1',
          },
        ],
      });
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions')
      return send(200, {
        id: 'bps_1',
        object: 'billing_portal.session',
        url: 'https://billing.stripe.test/p/1',
      });
    return send(404, { error: { type: 'invalid_request_error', message: `No stand-in for ${path}` } });
  });
});
const port = await freePort();
await new Promise<void>((resolve) => stripeApi.listen(port, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => stripeApi.close(() => resolve())));

const { app, ctx } = await useTestApp({
  stripe: {
    secretKey: 'sk_test_tracklane',
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: `http://127.0.0.1:${String(port)}`,
  },
});

const post = (url: string, cookie: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });
const organizationOf = async (team: Team) =>
  (await ctx.db.select().from(organizations).where(eq(organizations.id, team.organizationId)))[0]!;

/** Sends an event the way Stripe does, signed by the SDK's own test helper (or not). */
function deliver(event: object, secret = WEBHOOK_SECRET, signature?: string) {
  const payload = JSON.stringify(event);
  const header = signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return app.inject({
    method: 'POST',
    url: '/api/billing/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
}

let eventSerial = 0;
const checkoutCompleted = (team: Team, planId: string, interval: string, sub: string) => ({
  id: `evt_${String(++eventSerial)}`,
  object: 'event',
  type: 'checkout.session.completed',
  data: {
    object: {
      id: `cs_${String(eventSerial)}`,
      object: 'checkout.session',
      client_reference_id: team.organizationId,
      customer: `cus_${team.organizationId.slice(0, 8)}`,
      subscription: sub,
      metadata: { organizationId: team.organizationId, planId, interval },
    },
  },
});

describe('billing with Stripe', () => {
  it('sends a paid plan through Checkout, priced from the plans table; the plan waits for payment', async () => {
    const team = await buildTeam(app, ctx);
    const res = await post('/api/billing/change-plan', team.owner.cookie, {
      planId: 'team',
      interval: 'year',
    });
    expect(res.json().result).toEqual({
      kind: 'checkout',
      url: 'https://checkout.stripe.test/pay/cs_test_1',
    });
    const call = seen.findLast((c) => c.path === '/v1/checkout/sessions')!;
    expect(call.form.get('mode')).toBe('subscription');
    expect(call.form.get('line_items[0][price_data][unit_amount]')).toBe('49000');
    expect(call.form.get('line_items[0][price_data][recurring][interval]')).toBe('year');
    expect(call.form.get('metadata[organizationId]')).toBe(team.organizationId);
    expect(call.form.get('customer_email')).toBe(team.owner.email);
    expect((await organizationOf(team)).plan).toBe('free');
    const member = await addMember(app, ctx, team);
    expect(
      (await post('/api/billing/change-plan', member.cookie, { planId: 'team', interval: 'year' }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses webhooks with a bad, foreign or missing signature, and changes nothing', async () => {
    const team = await buildTeam(app, ctx);
    const event = checkoutCompleted(team, 'business', 'month', 'sub_bad');
    const forged = await deliver(event, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ success: false, message: 'The Stripe signature does not match.' });
    expect((await deliver(event, WEBHOOK_SECRET, 't=1,v1=deadbeef')).statusCode).toBe(400);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/billing/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    // Signed, then altered on the way.
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const altered = await app.inject({
      method: 'POST',
      url: '/api/billing/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload: payload.replace('business', 'team'),
    });
    expect(altered.statusCode).toBe(400);
    expect((await organizationOf(team)).plan).toBe('free');
    expect(await ctx.db.select().from(billingEvents).where(eq(billingEvents.id, event.id))).toEqual([]);
  });

  it('a signed checkout.session.completed moves the organization to the plan it paid for, once', async () => {
    const team = await buildTeam(app, ctx);
    const event = checkoutCompleted(team, 'team', 'year', 'sub_team_1');
    expect((await deliver(event)).statusCode).toBe(200);
    const organization = await organizationOf(team);
    expect(organization).toMatchObject({
      plan: 'team',
      planInterval: 'year',
      memberLimit: 25,
      shipmentQuota: 500,
      stripeSubscriptionId: 'sub_team_1',
      stripeCustomerId: `cus_${team.organizationId.slice(0, 8)}`,
    });
    expect(organization.planRenewsAt?.toISOString()).toBe('2031-03-01T00:00:00.000Z');
    // Delivered again (Stripe retries): applied once, still fine.
    await ctx.db
      .update(organizations)
      .set({ memberLimit: 40 })
      .where(eq(organizations.id, team.organizationId));
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await organizationOf(team)).memberLimit).toBe(40);

    const overview = (
      await app.inject({ method: 'GET', url: '/api/billing', headers: { cookie: team.owner.cookie } })
    ).json().result;
    expect(overview).toMatchObject({
      provider: 'stripe',
      hasPortal: true,
      renewsAt: '2031-03-01T00:00:00.000Z',
    });
    expect(overview.invoices).toEqual([
      {
        id: 'in_1',
        number: 'TL-0001',
        createdAt: new Date((RENEWS - 30 * 86_400) * 1000).toISOString(),
        amount: 4900,
        currency: 'usd',
        status: 'paid',
        url: 'https://invoice.stripe.test/in_1',
      },
    ]);
    const portal = await post('/api/billing/portal', team.owner.cookie, {});
    expect(portal.json().result).toEqual({ url: 'https://billing.stripe.test/p/1' });
  });

  it('a new purchase replaces the old subscription; the end of a subscription returns to the free plan', async () => {
    const team = await buildTeam(app, ctx);
    await deliver(checkoutCompleted(team, 'team', 'month', 'sub_a'));
    await deliver(checkoutCompleted(team, 'business', 'month', 'sub_b'));
    expect(await organizationOf(team)).toMatchObject({
      plan: 'business',
      stripeSubscriptionId: 'sub_b',
      memberLimit: 100,
    });
    expect(seen.some((c) => c.method === 'DELETE' && c.path === '/v1/subscriptions/sub_a')).toBe(true);

    const ended = {
      id: `evt_${String(++eventSerial)}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: subscription('sub_b', 'canceled') },
    };
    expect((await deliver(ended)).statusCode).toBe(200);
    expect(await organizationOf(team)).toMatchObject({
      plan: 'free',
      memberLimit: 10,
      shipmentQuota: 50,
      stripeSubscriptionId: null,
      planRenewsAt: null,
    });
  });

  it('going back to the free plan cancels the subscription at once', async () => {
    const team = await buildTeam(app, ctx);
    await deliver(checkoutCompleted(team, 'team', 'month', 'sub_down'));
    const res = await post('/api/billing/change-plan', team.owner.cookie, {
      planId: 'free',
      interval: 'month',
    });
    expect(res.json().result).toEqual({ kind: 'changed', planId: 'free', interval: 'month' });
    expect(seen.some((c) => c.method === 'DELETE' && c.path === '/v1/subscriptions/sub_down')).toBe(true);
    expect(await organizationOf(team)).toMatchObject({
      plan: 'free',
      memberLimit: 10,
      stripeSubscriptionId: null,
    });
  });
});
