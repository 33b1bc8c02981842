import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PNG } from '../../test/uploads';
import { createLocalStorage } from '../integrations/storage/file-storage';
import { AppError } from './app-error';
import { updateImage } from './images';

let root: string | null = null;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = null;
});

async function storedFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

describe('updateImage', () => {
  it('deletes the new file again when the save is refused, and keeps the current one', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'tracklane-images-'));
    const storage = createLocalStorage(root);
    const target = { kind: 'workspaces' as const, ownerId: 'owner', currentUrl: null };
    const current = await updateImage(storage, target, { file: PNG, hasImage: true }, async (url) => url);
    expect(await storedFiles(root)).toHaveLength(1);

    await expect(
      updateImage(storage, { ...target, currentUrl: current }, { file: PNG, hasImage: true }, async () => {
        throw new AppError('CONFLICT', 'That name is taken.');
      }),
    ).rejects.toThrow('That name is taken.');
    expect(await storedFiles(root)).toEqual([path.basename(current!)]);
  });
});
