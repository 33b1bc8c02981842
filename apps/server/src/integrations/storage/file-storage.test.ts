import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from '@20minutes/s3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, createS3Storage, type FileStorage } from './file-storage';

/** Every byte of a stored file, or null when there is none. */
async function read(storage: FileStorage, key: string): Promise<Buffer | null> {
  const stream: Readable | null = await storage.get(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'tracklane-storage-'));
  dirs.push(dir);
  return dir;
};

// A local S3-compatible server speaking the S3 REST protocol (signatures checked), its bucket on disk.
let s3: S3rver;
let endpoint = '';
beforeAll(async () => {
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: await tempDir(),
    configureBuckets: [{ name: 'tracklane-files', configs: [] }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${String(port)}`;
});
afterAll(async () => {
  await s3.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

const s3Storage = (prefix = '') =>
  createS3Storage({
    bucket: 'tracklane-files',
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    prefix,
  });

describe.each([
  ['the local disk', async () => createLocalStorage(await tempDir())],
  ['an S3-compatible bucket', () => s3Storage()],
  ['an S3-compatible bucket under a prefix', () => s3Storage('tracklane/')],
])('file storage on %s', (_where, make) => {
  it('keeps what is put, answers null for what is not there, and forgets what is deleted', async () => {
    const storage = await make();
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x10]);
    await storage.put('avatars/u-1-abc.png', bytes, 'image/png');
    expect(await read(storage, 'avatars/u-1-abc.png')).toEqual(bytes);
    expect(await read(storage, 'avatars/nobody.png')).toBeNull();
    // A second put replaces the file whole.
    await storage.put('avatars/u-1-abc.png', Buffer.from('second'), 'image/png');
    expect((await read(storage, 'avatars/u-1-abc.png'))?.toString()).toBe('second');
    await storage.delete('avatars/u-1-abc.png');
    expect(await read(storage, 'avatars/u-1-abc.png')).toBeNull();
    // Deleting what is not there is no error.
    await storage.delete('avatars/u-1-abc.png');
  });

  it('never takes a key that could leave its place', async () => {
    const storage = await make();
    for (const key of ['../secret.png', 'avatars/../../x.png', '/etc/passwd', 'Avatars/X.PNG', 'a b.png'])
      await expect(storage.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow('unsafe storage key');
    expect(await storage.get('../secret.png')).toBeNull();
  });
});

it('keeps a prefixed bucket’s files apart from the same keys without the prefix', async () => {
  const plain = await s3Storage();
  const prefixed = await s3Storage('tenant-a/');
  await plain.put('avatars/same.png', Buffer.from('plain'), 'image/png');
  await prefixed.put('avatars/same.png', Buffer.from('prefixed'), 'image/png');
  expect((await read(plain, 'avatars/same.png'))?.toString()).toBe('plain');
  expect((await read(prefixed, 'avatars/same.png'))?.toString()).toBe('prefixed');
});
