import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shipmentDocuments } from '../src/db/schema/documents';
import { workspaces } from '../src/db/schema/organizations';
import type { FileStorage } from '../src/integrations/storage/file-storage';
import { runFilesDeleteJob, startFileCleanupWorker } from '../src/modules/files/file-cleanup';
import { useTestApp } from './app';
import type { Account } from './auth-helpers';
import { buildTeam, createWorkspaceAs } from './factories';
import { addShipments, files, upload } from './support/documents';

// The test context keeps files on disk (no S3 settings): the local storage under a temporary directory.
const { app, ctx } = await useTestApp();
await startFileCleanupWorker(ctx.jobs, ctx);

const send = (method: 'POST' | 'DELETE', url: string, account: Account, payload?: object) =>
  app.inject({ method, url, headers: { cookie: account.cookie }, ...(payload ? { payload } : {}) });

const keysOf = async (workspaceId: string) =>
  (
    await ctx.db
      .select({ key: shipmentDocuments.storageKey })
      .from(shipmentDocuments)
      .where(eq(shipmentDocuments.workspaceId, workspaceId))
  ).map((r) => r.key);

/** Whether the storage still has the file (the disk storage reads it back). */
const stored = async (key: string) => {
  const stream = await ctx.storage.get(key);
  stream?.destroy();
  return stream !== null;
};

async function until(check: () => Promise<boolean>, waitMs = 20_000) {
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('not within the wait');
}

describe('deleting a workspace', () => {
  it('removes its documents’ files from storage after the commit, and no one else’s', async () => {
    const team = await buildTeam(app, ctx);
    const other = await buildTeam(app, ctx);
    // A document in the team's default workspace and in another organization: both stay.
    const [[keptMode, keptId]] = await addShipments(app, team);
    expect(
      (await upload(app, team.owner, keptMode, keptId, { name: 'keep.pdf', bytes: files.pdf() })).statusCode,
    ).toBe(200);
    const [[otherMode, otherId]] = await addShipments(app, other);
    expect(
      (await upload(app, other.owner, otherMode, otherId, { name: 'theirs.pdf', bytes: files.pdf() }))
        .statusCode,
    ).toBe(200);

    const doomed = await createWorkspaceAs(app, team.owner.cookie, 'Closing Down');
    expect(
      (await send('POST', '/api/workspaces/currentId', team.owner, { workspaceId: doomed })).statusCode,
    ).toBe(200);
    const shipments = await addShipments(app, team);
    for (const [mode, id] of shipments) {
      expect(
        (await upload(app, team.owner, mode, id, { name: 'bl.pdf', bytes: files.pdf() })).statusCode,
      ).toBe(200);
      expect(
        (await upload(app, team.owner, mode, id, { name: 'photo.png', bytes: files.png() })).statusCode,
      ).toBe(200);
    }
    const doomedKeys = await keysOf(doomed);
    expect(doomedKeys).toHaveLength(4);
    for (const key of doomedKeys) expect(await stored(key)).toBe(true);
    const keptKeys = [
      ...(await keysOf(team.defaultWorkspaceId)),
      ...(await keysOf(other.defaultWorkspaceId)),
    ];
    expect(keptKeys).toHaveLength(2);

    const deleted = await send('DELETE', `/api/workspaces/delete?workspaceId=${doomed}`, team.owner);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await ctx.db.select().from(workspaces).where(eq(workspaces.id, doomed))).toEqual([]);
    expect(await keysOf(doomed)).toEqual([]);

    await until(async () => (await Promise.all(doomedKeys.map(stored))).every((s) => !s));
    for (const key of keptKeys) expect(await stored(key)).toBe(true);
  });

  it('a file the storage refuses is logged and tried again; the others go at once', async () => {
    const kept = new Set(['documents/a/1.pdf', 'documents/a/2.pdf', 'documents/a/3.pdf']);
    const storage: FileStorage = {
      put: () => Promise.resolve(),
      get: () => Promise.resolve(null),
      delete: (key) => {
        if (key.endsWith('2.pdf')) return Promise.reject(new Error('bucket unavailable'));
        kept.delete(key);
        return Promise.resolve();
      },
    };
    const warnings: unknown[] = [];
    const logger = {
      ...ctx.logger,
      warn: (...args: unknown[]) => warnings.push(args[0]),
    } as typeof ctx.logger;
    await expect(runFilesDeleteJob({ storage, logger }, { keys: [...kept] })).rejects.toThrow(
      '1 of 3 stored files not deleted',
    );
    expect([...kept]).toEqual(['documents/a/2.pdf']);
    expect(warnings).toEqual([expect.objectContaining({ key: 'documents/a/2.pdf' })]);
  });

  it('goes through even while the storage is down', async () => {
    const down: FileStorage = {
      put: () => Promise.reject(new Error('down')),
      get: () => Promise.reject(new Error('down')),
      delete: () => Promise.reject(new Error('down')),
    };
    const team = await buildTeam(app, ctx);
    const doomed = await createWorkspaceAs(app, team.owner.cookie, 'Storage Down');
    await send('POST', '/api/workspaces/currentId', team.owner, { workspaceId: doomed });
    const [[mode, id]] = await addShipments(app, team);
    expect((await upload(app, team.owner, mode, id, { name: 'bl.pdf', bytes: files.pdf() })).statusCode).toBe(
      200,
    );
    const { buildApp } = await import('../src/app');
    const offline = await buildApp({ ...ctx, storage: down });
    try {
      const deleted = await offline.inject({
        method: 'DELETE',
        url: `/api/workspaces/delete?workspaceId=${doomed}`,
        headers: { cookie: team.owner.cookie },
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(await ctx.db.select().from(workspaces).where(eq(workspaces.id, doomed))).toEqual([]);
    } finally {
      await offline.close();
    }
  });
});
