import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '@tracklane/shared/documents/documents.schema';
import { organizations } from '../src/db/schema/organizations';
import { webhookEndpoints, webhookEvents } from '../src/db/schema/webhooks';
import { useTestApp } from './app';
import type { Account } from './auth-helpers';
import { addMember, buildTeam, type Team } from './factories';
import { addShipments, files, upload } from './support/documents';

const { app, ctx } = await useTestApp();

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, cookie: string | null) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {} });
const base = (mode: string, id: string) => `/api/shipments/${mode}/${id}/documents`;
const list = (account: Account, mode: string, id: string) => call('GET', base(mode, id), account.cookie);

async function uploaded(account: Account, mode: string, id: string, name = 'bl.pdf', bytes = files.pdf()) {
  const res = await upload(app, account, mode, id, { name, bytes }, 'bill_of_lading');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { id: string; filename: string; size: number; contentType: string };
}

/** Gives the team's organization a plan whose document storage is `bytes`. */
async function documentQuota(team: Team, bytes: number) {
  const id = `docs-${team.organizationId.slice(0, 8)}`;
  await ctx.pool.query(
    `INSERT INTO plans (id, name, description, monthly_price, yearly_price, member_limit, shipment_quota, position, document_storage_bytes)
     VALUES ($1, 'Docs', 'Test', 0, 0, 10, 50, 90, $2)`,
    [id, bytes],
  );
  await ctx.db.update(organizations).set({ plan: id }).where(eq(organizations.id, team.organizationId));
}

describe('a shipment’s documents', () => {
  it('uploads, lists, serves and deletes on both modes', async () => {
    const team = await buildTeam(app, ctx);
    for (const [mode, id] of await addShipments(app, team)) {
      const doc = await uploaded(team.owner, mode, id);
      expect(doc).toMatchObject({
        filename: 'bl.pdf',
        contentType: 'application/pdf',
        size: files.pdf().length,
      });
      const listed = (await list(team.owner, mode, id)).json().result;
      expect(listed.documents).toEqual([
        expect.objectContaining({
          id: doc.id,
          type: 'bill_of_lading',
          source: 'upload',
          canDelete: true,
          uploadedBy: { id: team.owner.userId, name: expect.any(String) },
        }),
      ]);
      expect(listed.storage).toEqual({ usedBytes: files.pdf().length, quotaBytes: 1024 * 1024 * 1024 });

      const file = await call('GET', `${base(mode, id)}/${doc.id}/file`, team.owner.cookie);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(files.pdf())).toBe(true);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe(`inline; filename="bl.pdf"; filename*=UTF-8''bl.pdf`);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-security-policy']).toContain('sandbox');
      expect(file.headers['content-security-policy']).toContain("default-src 'none'");
      expect(file.headers['content-security-policy']).toContain("object-src 'self'");
      const download = await call('GET', `${base(mode, id)}/${doc.id}/file?download=1`, team.owner.cookie);
      expect(download.headers['content-disposition']).toMatch(/^attachment; /);
      expect(download.headers['content-type']).toBe('application/octet-stream');

      const deleted = await call('DELETE', `${base(mode, id)}/${doc.id}`, team.owner.cookie);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect((await list(team.owner, mode, id)).json().result.documents).toEqual([]);
      expect((await call('GET', `${base(mode, id)}/${doc.id}/file`, team.owner.cookie)).statusCode).toBe(404);
      expect((await call('DELETE', `${base(mode, id)}/${doc.id}`, team.owner.cookie)).statusCode).toBe(404);
    }
  });

  it('serves what cannot be previewed as an attachment only', async () => {
    const team = await buildTeam(app, ctx);
    const [[mode, id]] = await addShipments(app, team);
    const mail = await uploaded(team.owner, mode, id, 'notice.eml', files.eml());
    expect(mail.contentType).toBe('message/rfc822');
    const res = await call('GET', `${base(mode, id)}/${mail.id}/file`, team.owner.cookie);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="notice.eml"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const image = await uploaded(team.owner, mode, id, 'photo.png', files.png());
    const shown = await call('GET', `${base(mode, id)}/${image.id}/file`, team.owner.cookie);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.headers['content-disposition']).toMatch(/^inline; /);
  });

  it('refuses files whose bytes are not an allowed type, whatever their name (400)', async () => {
    const team = await buildTeam(app, ctx);
    const [[mode, id]] = await addShipments(app, team);
    for (const [name, bytes] of [
      ['invoice.pdf', files.exe()],
      ['photo.png', files.html()],
      ['logo.svg', files.svg()],
      ['logo.png', files.svg()],
      ['notes.eml', files.html()],
    ] as const) {
      const res = await upload(app, team.owner, mode, id, { name, bytes });
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({ success: false, result: null });
      expect(res.json().message).toContain('This file type is not accepted');
    }
    const noFile = await upload(app, team.owner, mode, id, null);
    expect(noFile.statusCode).toBe(400);
    const badType = await upload(app, team.owner, mode, id, { name: 'a.pdf', bytes: files.pdf() }, 'recipe');
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toContain('Choose the document');
    expect((await list(team.owner, mode, id)).json().result.documents).toEqual([]);
  });

  it('refuses a file over 25 MB with a 413 in the envelope', async () => {
    const team = await buildTeam(app, ctx);
    const [[mode, id]] = await addShipments(app, team);
    const big = Buffer.concat([files.pdf(), Buffer.alloc(MAX_DOCUMENT_BYTES)]);
    const res = await upload(app, team.owner, mode, id, { name: 'big.pdf', bytes: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, message: 'A document can be at most 25 MB.' });
  });

  it('cleans file names: no line breaks, no path, no overlong names', async () => {
    const team = await buildTeam(app, ctx);
    const [[mode, id]] = await addShipments(app, team);
    const evil = await uploaded(team.owner, mode, id, '../../etc/passwd\r\nSet-Cookie: x=1.pdf');
    expect(evil.filename).toBe('passwd');
    const slashes = await uploaded(team.owner, mode, id, '..\\..\\win.ini.pdf');
    expect(slashes.filename).toBe('win.ini.pdf');
    const long = await uploaded(team.owner, mode, id, `${'é'.repeat(300)}.pdf`);
    expect([...long.filename]).toHaveLength(150);
    expect(long.filename.endsWith('.pdf')).toBe(true);
    const res = await call('GET', `${base(mode, id)}/${long.id}/file`, team.owner.cookie);
    expect(res.headers['content-disposition']).toMatch(
      /^inline; filename="_+\.pdf"; filename\*=UTF-8''(%C3%A9)+\.pdf$/,
    );
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('holds the workspace’s storage quota under concurrent uploads (409)', async () => {
    const team = await buildTeam(app, ctx);
    const [[mode, id]] = await addShipments(app, team);
    const size = files.pdf().length;
    await documentQuota(team, size * 3 + 5);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        upload(app, team.owner, mode, id, { name: `${String(i)}.pdf`, bytes: files.pdf() }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.json().message).toContain('document storage is full');
    const listed = (await list(team.owner, mode, id)).json().result;
    expect(listed.documents).toHaveLength(3);
    expect(listed.storage.usedBytes).toBe(size * 3);
  });
});

describe('who may do what with documents', () => {
  it('another workspace’s user gets 404 for every route', async () => {
    const team = await buildTeam(app, ctx);
    const other = await buildTeam(app, ctx);
    for (const [mode, id] of await addShipments(app, team)) {
      const doc = await uploaded(team.owner, mode, id);
      expect((await list(other.owner, mode, id)).statusCode).toBe(404);
      expect(
        (await upload(app, other.owner, mode, id, { name: 'x.pdf', bytes: files.pdf() })).statusCode,
      ).toBe(404);
      expect((await call('GET', `${base(mode, id)}/${doc.id}/file`, other.owner.cookie)).statusCode).toBe(
        404,
      );
      expect((await call('DELETE', `${base(mode, id)}/${doc.id}`, other.owner.cookie)).statusCode).toBe(404);
      // Their own shipment cannot reach this document either.
      const [, [, theirs]] = await addShipments(app, other);
      const otherMode = 'express';
      expect(
        (await call('GET', `${base(otherMode, theirs)}/${doc.id}/file`, other.owner.cookie)).statusCode,
      ).toBe(404);
      expect((await call('GET', `${base(mode, id)}/${doc.id}/file`, null)).statusCode).toBe(401);
    }
  });

  it('view-only members read but neither upload nor delete (403)', async () => {
    const team = await buildTeam(app, ctx);
    const viewer = await addMember(app, ctx, team, { shipmentPermission: 1 });
    const [[mode, id]] = await addShipments(app, team);
    const doc = await uploaded(team.owner, mode, id);
    const listed = (await list(viewer, mode, id)).json().result.documents;
    expect(listed).toEqual([expect.objectContaining({ id: doc.id, canDelete: false })]);
    expect((await call('GET', `${base(mode, id)}/${doc.id}/file`, viewer.cookie)).statusCode).toBe(200);
    expect((await upload(app, viewer, mode, id, { name: 'x.pdf', bytes: files.pdf() })).statusCode).toBe(403);
    expect((await call('DELETE', `${base(mode, id)}/${doc.id}`, viewer.cookie)).statusCode).toBe(403);
  });

  it('the uploader or a workspace admin deletes; another member may not', async () => {
    const team = await buildTeam(app, ctx);
    const alice = await addMember(app, ctx, team);
    const bob = await addMember(app, ctx, team);
    const admin = await addMember(app, ctx, team, { role: 'company_admin' });
    const [[mode, id]] = await addShipments(app, team);
    const mine = await uploaded(alice, mode, id, 'alice.pdf');
    const second = await uploaded(alice, mode, id, 'alice-2.pdf');
    const forBob = (await list(bob, mode, id)).json().result.documents as {
      id: string;
      canDelete: boolean;
    }[];
    expect(forBob.every((d) => !d.canDelete)).toBe(true);
    const refused = await call('DELETE', `${base(mode, id)}/${mine.id}`, bob.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Only the person who uploaded a document or a workspace admin can delete it.',
    );
    expect((await call('DELETE', `${base(mode, id)}/${mine.id}`, alice.cookie)).statusCode).toBe(200);
    expect((await call('DELETE', `${base(mode, id)}/${second.id}`, admin.cookie)).statusCode).toBe(200);
    expect((await list(bob, mode, id)).json().result.documents).toEqual([]);
  });

  it('rejects bad ids with a 404, never a 5xx', async () => {
    const team = await buildTeam(app, ctx);
    const [[mode, id]] = await addShipments(app, team);
    expect((await list(team.owner, mode, 'not-a-uuid')).statusCode).toBe(404);
    expect((await call('GET', `${base(mode, id)}/not-a-uuid/file`, team.owner.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `${base(mode, id)}/not-a-uuid`, team.owner.cookie)).statusCode).toBe(404);
    const json = await app.inject({
      method: 'POST',
      url: base(mode, id),
      headers: { cookie: team.owner.cookie },
      payload: { type: 'invoice' },
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('documents through the public API and webhooks', () => {
  it('lists, uploads, downloads and deletes with API keys; read-only keys only read', async () => {
    const team = await buildTeam(app, ctx);
    const key = async (scope: 'read' | 'read_write') =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/api-keys',
          headers: { cookie: team.owner.cookie },
          payload: { name: `docs ${scope}`, scope },
        })
      ).json().result.key as string;
    const [writer, reader] = [await key('read_write'), await key('read')];
    const withKey = (k: string, method: Method, url: string) =>
      app.inject({ method, url, headers: { authorization: `Bearer ${k}` } });
    for (const [mode, id] of await addShipments(app, team)) {
      const added = await upload(app, { key: writer }, mode, id, { name: 'inv.pdf', bytes: files.pdf() });
      expect(added.statusCode, added.body).toBe(200);
      const docId = added.json().result.id as string;
      expect(
        (await upload(app, { key: reader }, mode, id, { name: 'x.pdf', bytes: files.pdf() })).statusCode,
      ).toBe(403);
      const v1 = `/api/v1/shipments/${mode}/${id}/documents`;
      expect((await withKey(reader, 'GET', v1)).json().result.documents).toHaveLength(1);
      const file = await withKey(reader, 'GET', `${v1}/${docId}/file`);
      expect(file.rawPayload.equals(files.pdf())).toBe(true);
      expect((await withKey(reader, 'DELETE', `${v1}/${docId}`)).statusCode).toBe(403);
      expect((await withKey(writer, 'DELETE', `${v1}/${docId}`)).statusCode).toBe(200);
      // A session cannot use the key routes.
      expect((await call('GET', v1, team.owner.cookie)).statusCode).toBe(401);
    }
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    for (const segment of ['ocean', 'express']) {
      expect(
        Object.keys(doc.paths[`/api/v1/shipments/${segment}/{shipmentId}/documents`] ?? {}).sort(),
      ).toEqual(['get', 'post']);
      expect(doc.paths[`/api/v1/shipments/${segment}/{shipmentId}/documents/{documentId}`]).toHaveProperty(
        'delete',
      );
      expect(
        doc.paths[`/api/v1/shipments/${segment}/{shipmentId}/documents/{documentId}/file`],
      ).toHaveProperty('get');
    }
  });

  it('sends document.added to endpoints subscribed to it', async () => {
    const team = await buildTeam(app, ctx);
    await ctx.db.insert(webhookEndpoints).values({
      workspaceId: team.defaultWorkspaceId,
      url: 'https://hooks.example.com/docs',
      secret: 'whsec_test',
      eventTypes: ['document.added'],
    } as typeof webhookEndpoints.$inferInsert);
    const [[mode, id]] = await addShipments(app, team);
    const doc = await uploaded(team.owner, mode, id, 'bl.pdf');
    const events = await ctx.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.workspaceId, team.defaultWorkspaceId));
    expect(events.map((e) => e.type)).toEqual(['document.added']);
    expect(events[0]!.data).toMatchObject({
      mode,
      shipmentId: id,
      document: { id: doc.id, type: 'bill_of_lading', filename: 'bl.pdf', contentType: 'application/pdf' },
    });
    // Refused uploads send nothing.
    await upload(app, team.owner, mode, id, { name: 'x.pdf', bytes: files.exe() });
    expect(
      await ctx.db.select().from(webhookEvents).where(eq(webhookEvents.workspaceId, team.defaultWorkspaceId)),
    ).toHaveLength(1);
  });
});
