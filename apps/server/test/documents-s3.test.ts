import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { afterAll, describe, expect, it } from 'vitest';
import { createS3Storage, type S3Settings } from '../src/integrations/storage/file-storage';
import { useTestApp } from './app';
import { buildTeam } from './factories';
import { addShipments, files, upload } from './support/documents';

// A local S3-compatible server (signatures checked), so documents take the bucket path end to end.
const directory = await mkdtemp(path.join(tmpdir(), 'tracklane-docs-s3-'));
const s3 = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: 'tracklane-docs', configs: [] }],
});
const { port } = await s3.run();
const settings: S3Settings = {
  bucket: 'tracklane-docs',
  region: 'us-east-1',
  endpoint: `http://127.0.0.1:${String(port)}`,
  forcePathStyle: true,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  prefix: 'tracklane/',
};
const { app, ctx } = await useTestApp({ s3: settings });
afterAll(async () => {
  await s3.close();
  await rm(directory, { recursive: true, force: true });
});

describe('documents in an S3-compatible bucket', () => {
  it('stores the bytes in the bucket, serves them through the app, and removes them on delete', async () => {
    const team = await buildTeam(app, ctx);
    const [[mode, id]] = await addShipments(app, team);
    const res = await upload(app, team.owner, mode, id, { name: 'bl.pdf', bytes: files.pdf() });
    expect(res.statusCode, res.body).toBe(200);
    const docId = res.json().result.id as string;
    const { rows } = await ctx.pool.query<{ storage_key: string }>(
      'SELECT storage_key FROM shipment_documents WHERE id = $1',
      [docId],
    );
    const key = rows[0]!.storage_key;
    expect(key).toMatch(new RegExp(`^documents/${team.defaultWorkspaceId}/[0-9a-f]{32}\\.pdf$`));
    const bucket = await createS3Storage(settings);
    const stored = await bucket.get(key);
    expect(stored).not.toBeNull();
    const chunks: Buffer[] = [];
    for await (const chunk of stored!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(files.pdf())).toBe(true);

    const served = await app.inject({
      method: 'GET',
      url: `/api/shipments/${mode}/${id}/documents/${docId}/file`,
      headers: { cookie: team.owner.cookie },
    });
    expect(served.rawPayload.equals(files.pdf())).toBe(true);
    expect(served.headers['content-type']).toBe('application/pdf');

    await app.inject({
      method: 'DELETE',
      url: `/api/shipments/${mode}/${id}/documents/${docId}`,
      headers: { cookie: team.owner.cookie },
    });
    expect(await bucket.get(key)).toBeNull();
  });

  it('leaves nothing in the bucket for a refused upload', async () => {
    const team = await buildTeam(app, ctx);
    const [[mode, id]] = await addShipments(app, team);
    const kept = await upload(app, team.owner, mode, id, { name: 'kept.pdf', bytes: files.pdf() });
    expect(kept.statusCode).toBe(200);
    await ctx.pool.query(
      `INSERT INTO plans (id, name, description, monthly_price, yearly_price, member_limit, shipment_quota, position, document_storage_bytes)
       VALUES ('tiny-docs', 'Tiny', 'Test', 0, 0, 10, 50, 91, 10)`,
    );
    await ctx.pool.query('UPDATE organizations SET plan = $1 WHERE id = $2', [
      'tiny-docs',
      team.organizationId,
    ]);
    const res = await upload(app, team.owner, mode, id, { name: 'bl.pdf', bytes: files.pdf() });
    expect(res.statusCode).toBe(409);
    const objects = await listObjects();
    expect(objects.filter((k) => k.includes(team.defaultWorkspaceId))).toHaveLength(1);
  });
});

/** Every key in the bucket. */
async function listObjects(): Promise<string[]> {
  const res = await fetch(`${settings.endpoint!}/${settings.bucket}?list-type=2`);
  const xml = await res.text();
  return [...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]!);
}
