import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from './app';
import { signUp } from './auth-helpers';
import { multipartForm, PNG } from './uploads';

/**
 * The app with S3_* set: uploads go to the bucket (a local S3-compatible server speaking the S3 REST
 * protocol, signatures checked) through the same routes and access rules as on the local disk, and are
 * served by the app, never from a bucket URL.
 */
const directory = await mkdtemp(path.join(tmpdir(), 'tracklane-s3rver-'));
const s3 = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: 'tracklane-files', configs: [] }],
});
const { port } = await s3.run();
afterAll(async () => {
  await s3.close();
  await rm(directory, { recursive: true, force: true });
});

const { app, ctx } = await useTestApp({
  s3: {
    bucket: 'tracklane-files',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${String(port)}`,
    forcePathStyle: true,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    prefix: 'uploads/',
  },
});

describe('uploads kept in an S3-compatible bucket', () => {
  it('stores an avatar in the bucket, serves it to its owner only, and deletes it when replaced', async () => {
    const me = await signUp(app, ctx);
    const stranger = await signUp(app, ctx);
    const post = () => {
      const form = multipartForm({}, { name: 'me.png', content: PNG, type: 'image/png' });
      return app.inject({
        method: 'POST',
        url: '/api/users/avatar',
        headers: { cookie: me.cookie, ...form.headers },
        payload: form.payload,
      });
    };
    const first = await post();
    expect(first.statusCode, first.body).toBe(200);
    const url = first.json().result.avatar as string;
    const key = `uploads/${url.replace('/api/files/', '')}`;
    // In the bucket under the prefix, with its type.
    const object = await fetch(`http://127.0.0.1:${String(port)}/tracklane-files/${key}`);
    expect(object.status).toBe(200);
    expect(object.headers.get('content-type')).toBe('image/png');

    const served = await app.inject({ method: 'GET', url, headers: { cookie: me.cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
    expect(served.rawPayload.equals(Buffer.from(await object.arrayBuffer()))).toBe(true);
    const refused = await app.inject({ method: 'GET', url, headers: { cookie: stranger.cookie } });
    expect(refused.statusCode).toBe(404);

    const second = await post();
    expect(second.statusCode).toBe(200);
    expect((await fetch(`http://127.0.0.1:${String(port)}/tracklane-files/${key}`)).status).toBe(404);
    expect((await app.inject({ method: 'GET', url, headers: { cookie: me.cookie } })).statusCode).toBe(404);
  });
});
