import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { alertRules } from '../src/db/schema/alerts';
import { shipmentExceptions } from '../src/db/schema/exceptions';
import { invitations } from '../src/db/schema/invitations';
import { organizations } from '../src/db/schema/organizations';
import { webhookEndpoints } from '../src/db/schema/webhooks';
import { useTestApp } from './app';
import { files, upload } from './support/documents';
import { uniqueEmail } from './auth-helpers';
import { addMember, buildTeam, containerNo, createWorkspaceAs, mbl, type Team } from './factories';
import { startFakeCarrier } from './fake-carrier';
import { documentedRoutes, fillPath, type DocumentedRoute, type SchemaNode } from './openapi-routes';

const { app, ctx } = await useTestApp();
const carrier = await startFakeCarrier();
afterAll(() => carrier.close());

/** The access levels that work in a workspace (plugins/access.ts `TenantAccess`). */
const TENANT_LEVELS = new Set([
  'member',
  'admin',
  'shipments:view',
  'shipments:change',
  'alerts',
  'key:read',
  'key:write',
]);

const as = (cookie: string, method: string, url: string, payload?: object) =>
  app.inject({ method: method as 'GET', url, headers: { cookie }, ...(payload ? { payload } : {}) });

const expectOk = (res: Awaited<ReturnType<typeof as>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
};

/**
 * A tenant with one of everything a tenant route can name: shipments of both modes, a bill followed
 * alone, a comment, tags, shares, a share link, a webhook, an API key, alert rules, a carrier
 * connection, free-time terms, a second workspace, a member and a pending invitation. Its names are
 * unique, so any of them in another tenant's answer is a leak.
 */
async function victim() {
  const team = await buildTeam(app, ctx);
  const marker = `victim-${randomUUID().slice(0, 8)}`;
  const owner = team.owner.cookie;
  const ocean = { containerNo: containerNo(), mblNo: mbl() };
  const added = expectOk(
    await as(owner, 'POST', '/api/shipments/ocean', { items: [ocean, { mblNo: mbl() }] }),
  );
  const oceanId = added[0].shipmentOverallId as string;
  const billId = added[1].billId as string;
  const parcel = { trackingNo: `ISO${String(Date.now()).slice(-9)}`, carrier: 'gls' };
  const parcelId = expectOk(await as(owner, 'POST', '/api/shipments/express', { items: [parcel] }))[0]
    .expressOrderId as string;
  const comment = expectOk(
    await as(owner, 'POST', `/api/comments/ocean/${oceanId}`, { content: `${marker} note` }),
  );
  expectOk(await as(owner, 'PUT', `/api/shipments/ocean/${oceanId}/tags`, { tags: [`${marker}-tag`] }));
  const company = expectOk(await as(owner, 'POST', '/api/companies', { name: `${marker} company` }));
  expectOk(
    await as(owner, 'PATCH', `/api/shipments/ocean/${oceanId}/references`, {
      customerReference: `${marker}-ref`,
      shipperId: company.id,
    }),
  );
  const field = expectOk(
    await as(owner, 'POST', '/api/custom-fields', { name: `${marker} field`, type: 'text' }),
  );
  const document = expectOk(
    await upload(app, team.owner, 'ocean', oceanId, { name: `${marker}.pdf`, bytes: files.pdf() }),
  );
  const shareEmail = uniqueEmail(marker);
  expectOk(
    await as(owner, 'POST', '/api/shares', {
      shipmentType: 'ocean',
      shipments: [ocean],
      emails: [shareEmail],
    }),
  );
  const shareId = expectOk(await as(owner, 'GET', `/api/shares?shipmentType=ocean&shipmentId=${oceanId}`))[0]
    .id as string;
  const link = expectOk(
    await as(owner, 'POST', '/api/share-links', { shipmentType: 'ocean', shipmentIds: [oceanId] }),
  );
  const key = expectOk(
    await as(owner, 'POST', '/api/api-keys', { name: `${marker} key`, scope: 'read_write' }),
  );
  const [endpoint] = await ctx.db
    .insert(webhookEndpoints)
    .values({
      workspaceId: team.defaultWorkspaceId,
      url: `https://${marker}.example.com/hook`,
      eventTypes: ['shipment.added'],
      secret: `whsec_${marker}`,
    })
    .returning();
  const [exception] = await ctx.db
    .insert(shipmentExceptions)
    .values({
      workspaceId: team.defaultWorkspaceId,
      mode: 'ocean',
      subscriptionId: oceanId,
      itemId: (
        await ctx.db.execute<{ item_id: string }>(
          sql`SELECT item_id FROM ocean_shipments WHERE id = ${oceanId}`,
        )
      ).rows[0]!.item_id,
      type: 'on_hold',
      detail: `${marker} exception`,
      openedAt: new Date(),
    })
    .returning();
  const [rule] = await ctx.db
    .select()
    .from(alertRules)
    .where(eq(alertRules.workspaceId, team.defaultWorkspaceId));
  const connection = expectOk(
    await as(owner, 'POST', '/api/carrier-connections', {
      carrier: 'MAEU',
      baseUrl: carrier.eventsUrl,
      auth: { type: 'headers', headers: { 'Consumer-Key': carrier.apiKey } },
      label: `${marker} connection`,
    }),
  );
  expectOk(
    await as(owner, 'PUT', '/api/free-time/defaults', { carrierScac: 'MAEU', terms: freeTimeTerms() }),
  );
  const secondWorkspace = await createWorkspaceAs(app, owner, `${marker} second`);
  const member = await addMember(app, ctx, team);
  expectOk(
    await as(owner, 'POST', '/api/workspaces/invite/new', {
      emails: [uniqueEmail(marker)],
      workspaceIds: [team.defaultWorkspaceId],
    }),
  );
  const [invitation] = await ctx.db
    .select()
    .from(invitations)
    .where(eq(invitations.workspaceId, team.defaultWorkspaceId));
  await ctx.db
    .update(organizations)
    .set({ name: `${marker} organization` })
    .where(eq(organizations.id, team.organizationId));
  const ids: Record<string, string> = {
    shipmentOverallId: oceanId,
    shipmentId: oceanId,
    containerNo: ocean.containerNo,
    mblNo: ocean.mblNo,
    billId,
    expressOrderId: parcelId,
    expressOrderNo: parcel.trackingNo,
    commentId: comment.id as string,
    documentId: document.id as string,
    companyId: company.id as string,
    fieldId: field.id as string,
    shareId,
    linkId: link.id as string,
    keyId: key.id as string,
    endpointId: endpoint!.id,
    ruleId: rule!.id,
    exceptionId: exception!.id,
    connectionId: connection.id as string,
    workspaceId: secondWorkspace,
    userId: member.userId,
    memberId: invitation!.id,
    organizationId: team.organizationId,
  };
  // What must never reach another tenant: every id and name above, and what only this tenant wrote.
  // Container, bill and parcel numbers are the world's, not the tenant's: another tenant may follow them.
  const { containerNo: _c, mblNo: _m, expressOrderNo: _p, ...own } = ids;
  const secrets = [...Object.values(own), team.defaultWorkspaceId, marker, team.owner.email];
  return { team, ids, secrets, member };
}

function freeTimeTerms() {
  const charge = { freeDays: 5, dayCount: 'calendar', tiers: [{ days: null, rate: 100 }] };
  return { currency: 'EUR', demurrage: charge, detention: charge };
}

/** The id a path or query parameter of `path` names, from the victim's ids. */
function sampleFor(ids: Record<string, string>, path: string, name: string): string | undefined {
  const express = path.includes('/express');
  if (name === 'shipmentType' || name === 'type') return 'ocean';
  if (name === 'shipmentId') return express ? ids.expressOrderId : ids.shipmentOverallId;
  if (name === 'id') return path.startsWith('/api/share-links') ? ids.linkId : ids.shareId;
  if (name === 'deliveryId') return randomUUID();
  if (name === 'carrierScac') return 'MAEU';
  return ids[name];
}

/** Bodies that pass validation where filling by type would not, so the route reaches its query. */
const VALID_BODIES: Record<string, object> = {
  'PATCH /api/webhooks/{endpointId}': { enabled: false },
  'PATCH /api/carrier-connections/{connectionId}': { enabled: false },
  'PUT /api/shipments/ocean/{shipmentId}/free-time': { terms: freeTimeTerms() },
  'PUT /api/shipments/ocean/{shipmentId}/last-free-day': { lastFreeDay: '2026-12-01' },
  'PUT /api/shipments/ocean/{shipmentId}/eta': { eta: '2026-12-01T08:00:00Z' },
  'PATCH /api/exceptions/{exceptionId}': { state: 'resolved' },
  'PUT /api/companies/{companyId}': { name: 'Taken over' },
  'PATCH /api/custom-fields/{fieldId}': { name: 'Taken over' },
  'PATCH /api/shipments/ocean/{shipmentId}/references': { bookingNumber: 'TAKEN' },
  'PATCH /api/shipments/express/{shipmentId}/references': { bookingNumber: 'TAKEN' },
};

/** A body for a route, its properties filled from the victim's ids by name, the rest by type. */
function bodyFor(ids: Record<string, string>, route: DocumentedRoute): object | undefined {
  const valid = VALID_BODIES[`${route.method} ${route.path}`];
  if (valid) return valid;
  if (!route.body) return route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
  const value = (name: string, node: SchemaNode): unknown => {
    const one = node.anyOf?.[0] ?? node.oneOf?.[0];
    if (one) return value(name, one);
    if (node.enum) return node.enum[0];
    const type = Array.isArray(node.type) ? node.type[0] : node.type;
    if (type === 'array') {
      const singular = name.replace(/s$/, '');
      const item = node.items ? value(singular, node.items) : undefined;
      return item === undefined ? [] : [item];
    }
    if (type === 'object')
      return Object.fromEntries(
        Object.entries(node.properties ?? {}).map(([key, child]) => [key, value(key, child)]),
      );
    const id = sampleFor(ids, route.path, name);
    if (type === 'string') return id ?? (name.toLowerCase().includes('email') ? uniqueEmail() : 'x');
    if (type === 'integer' || type === 'number') return 1;
    if (type === 'boolean') return true;
    return id;
  };
  return value('body', route.body) as object;
}

/** A digest of every row the victim owns, table by table: nothing another tenant does may change it. */
async function fingerprint(team: Team): Promise<Record<string, string>> {
  const columns = await ctx.db.execute<{ table_name: string; column_name: string }>(sql`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = 'public' AND column_name IN ('workspace_id', 'organization_id')
    ORDER BY table_name, column_name`);
  const digest: Record<string, string> = {};
  for (const { table_name: table, column_name: column } of columns.rows) {
    const result = await ctx.db.execute<{ digest: string | null }>(sql`
      SELECT md5(string_agg(to_jsonb(t)::text, ',' ORDER BY to_jsonb(t)::text)) AS digest
      FROM ${sql.identifier(table)} t
      WHERE ${sql.identifier(column)}::text IN (
        SELECT id::text FROM workspaces WHERE organization_id = ${team.organizationId}::uuid
        UNION SELECT ${team.organizationId})`);
    digest[`${table}.${column}`] = result.rows[0]?.digest ?? '';
  }
  return digest;
}

describe('another tenant, on every tenant route', () => {
  it('finds nothing of the first tenant and changes nothing of it', async () => {
    const target = await victim();
    const before = await fingerprint(target.team);
    const stranger = await buildTeam(app, ctx);
    const strangerKey = expectOk(
      await as(stranger.owner.cookie, 'POST', '/api/api-keys', { name: 'stranger', scope: 'read_write' }),
    ).key as string;
    const routes = (await documentedRoutes(app)).filter((r) => TENANT_LEVELS.has(r.access));
    // Guards the walk itself: a document without access levels would make it pass vacuously.
    expect(routes.length).toBeGreaterThan(80);

    for (const route of routes) {
      const url = fillPath(route.path, (name) => sampleFor(target.ids, route.path, name));
      const query = route.query
        .map(({ name }) => [name, sampleFor(target.ids, route.path, name)] as const)
        .filter((entry): entry is readonly [string, string] => entry[1] !== undefined);
      const search = query.length
        ? `?${new URLSearchParams(query.map(([k, v]): [string, string] => [k, v])).toString()}`
        : '';
      const payload = bodyFor(target.ids, route);
      const headers = route.access.startsWith('key:')
        ? { authorization: `Bearer ${strangerKey}` }
        : { cookie: stranger.owner.cookie };
      const res = await app.inject({
        method: route.method,
        url: url + search,
        headers,
        ...(payload ? { payload } : {}),
      });
      const label = `${route.method} ${route.path} -> ${res.statusCode}`;
      expect(res.statusCode, `${label} ${res.body}`).toBeLessThan(500);
      const sent = `${url}${search}${JSON.stringify(payload ?? {})}`;
      // An answer may repeat what the caller sent it (an error naming the field), never anything else
      // of the first tenant; a success repeats none of its ids (a write reports nothing it touched).
      const leaked = target.secrets.filter(
        (secret) => res.body.includes(secret) && (res.statusCode < 300 || !sent.includes(secret)),
      );
      expect(leaked, `${label} ${res.body}`).toEqual([]);
      // A route named by the first tenant's thing answers as if it did not exist.
      const named = [...route.path.matchAll(/\{(\w+)\}/g)].some(
        ([, name]) => !['shipmentType', 'type'].includes(name!),
      );
      if (named) expect([400, 403, 404], `${label} ${res.body}`).toContain(res.statusCode);
    }
    expect(await fingerprint(target.team)).toEqual(before);
  }, 120_000);
});
