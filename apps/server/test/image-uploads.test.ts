import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  IMAGE_DIMENSIONS_MESSAGE,
  IMAGE_OUTPUT_SIDE,
  IMAGE_UNREADABLE_MESSAGE,
} from '../src/lib/image-reencode';
import { useTestApp } from './app';
import { signUp, type Account } from './auth-helpers';
import { buildTeam } from './factories';
import { GIF, jpegWithExif, multipartForm, PNG, pngClaiming, type UploadFile } from './uploads';

const { app, ctx } = await useTestApp();

const postAvatar = (account: Account, file: UploadFile) => {
  const form = multipartForm({}, file);
  return app.inject({
    method: 'POST',
    url: '/api/users/avatar',
    headers: { cookie: account.cookie, ...form.headers },
    payload: form.payload,
  });
};

/** Uploads an avatar and answers what GET serves for it. */
async function roundTrip(file: UploadFile) {
  const me = await signUp(app, ctx);
  const res = await postAvatar(me, file);
  expect(res.statusCode).toBe(200);
  const url = res.json().result.avatar as string;
  return app.inject({ method: 'GET', url, headers: { cookie: me.cookie } });
}

describe('uploaded images are re-encoded', () => {
  it('drops whatever follows the image in a polyglot, in what is served and what is stored', async () => {
    const marker = '<script>alert(document.cookie)</script>';
    const polyglot = Buffer.concat([PNG, Buffer.from(`<html>${marker}</html>`)]);
    const me = await signUp(app, ctx);
    const res = await postAvatar(me, { name: 'evil.png', content: polyglot, type: 'image/png' });
    expect(res.statusCode).toBe(200);
    const url = res.json().result.avatar as string;
    const served = await app.inject({ method: 'GET', url, headers: { cookie: me.cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.includes('<script>')).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');

    const stored = await readStored(url);
    expect(stored.includes('<script>')).toBe(false);
    expect(stored.equals(served.rawPayload)).toBe(true);
  });

  it('refuses a header claiming 100000 × 100000 pixels with 400, storing nothing', async () => {
    const me = await signUp(app, ctx);
    const res = await postAvatar(me, {
      name: 'bomb.png',
      content: pngClaiming(100_000, 100_000),
      type: 'image/png',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      result: null,
      code: 'VALIDATION',
      message: IMAGE_DIMENSIONS_MESSAGE,
    });
    const profile = await app.inject({
      method: 'GET',
      url: '/api/auth/protected',
      headers: { cookie: me.cookie },
    });
    expect(profile.json().user.avatar).toBeNull();
  });

  it('refuses a workspace image too wide on one side, even with few pixels', async () => {
    const team = await buildTeam(app, ctx);
    const form = multipartForm(
      { workspaceId: team.defaultWorkspaceId, userId: team.owner.userId },
      { name: 'strip.png', content: pngClaiming(60_000, 1), type: 'image/png' },
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/workspaces/uploadImage',
      headers: { cookie: team.owner.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(IMAGE_DIMENSIONS_MESSAGE);
  });

  it('answers 400 for an image whose pixel data is broken', async () => {
    const me = await signUp(app, ctx);
    for (const content of [pngClaiming(64, 64), PNG.subarray(0, 40)]) {
      const res = await postAvatar(me, { name: 'broken.png', content, type: 'image/png' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: IMAGE_UNREADABLE_MESSAGE });
    }
  });

  it('keeps the spec’s message for a file that is no image', async () => {
    const me = await signUp(app, ctx);
    const res = await postAvatar(me, { name: 'a.png', content: Buffer.from('<svg/>'), type: 'image/png' });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('File type not supported. Use a JPEG, PNG or GIF image.');
  });

  it('round-trips a photo: upright, scaled down, without metadata, served as what it is', async () => {
    const served = await roundTrip({
      name: 'me.jpg',
      content: await jpegWithExif(1600, 1200, 6),
      type: 'image/jpeg',
    });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    // Portrait, as the phone meant it, with no orientation tag left to apply twice.
    expect(meta).toMatchObject({ format: 'jpeg', width: 384, height: IMAGE_OUTPUT_SIDE });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(served.rawPayload.includes('private-marker')).toBe(false);
    expect(served.headers['content-type']).toBe((await fileTypeFromBuffer(served.rawPayload))?.mime);
  });

  it('keeps a small image at its size and turns a GIF into a PNG', async () => {
    for (const [content, type] of [
      [PNG, 'image/png'],
      [GIF, 'image/gif'],
    ] as const) {
      const served = await roundTrip({ name: 'x', content, type });
      expect(served.headers['content-type']).toBe('image/png');
      expect((await fileTypeFromBuffer(served.rawPayload))?.mime).toBe('image/png');
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 1, height: 1 });
    }
  });

  it('serves images with headers that keep a browser from treating them as anything else', async () => {
    const served = await roundTrip({ name: 'me.png', content: PNG, type: 'image/png' });
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(served.headers['content-disposition']).toMatch(/^inline; filename="[a-z0-9-]+\.png"$/);
  });
});

/** The bytes in storage behind an image URL. */
async function readStored(url: string): Promise<Buffer> {
  const stream = await ctx.storage.get(url.replace('/api/files/', ''));
  if (!stream) throw new Error(`nothing stored for ${url}`);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
