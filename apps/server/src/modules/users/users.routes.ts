import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  AVATAR_TYPES,
  publicUserSchema,
  updateProfileRequestSchema,
} from '@tracklane/shared/auth/auth.schema';
import type { AppContext } from '../../app-context';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { toPublicUser } from '../auth/auth.mappers';

const AVATAR_URL_PREFIX = '/api/files/avatars/';
const EXTENSION: Record<(typeof AVATAR_TYPES)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
};
const CONTENT_TYPE: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };
const userEnvelope = envelopeSchema(publicUserSchema);

const avatarKey = (url: string | null) =>
  url?.startsWith(AVATAR_URL_PREFIX) ? `avatars/${url.slice(AVATAR_URL_PREFIX.length)}` : null;

export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.patch(
    '/api/users/profile',
    {
      config: { access: 'user' },
      schema: { tags: ['users'], body: updateProfileRequestSchema, response: { 200: userEnvelope } },
    },
    async (request) => {
      const current = request.user!;
      const zoneChanged = request.body.timeZone !== current.timeZone;
      const [updated] = await ctx.db
        .update(users)
        .set({
          firstName: request.body.firstName,
          lastName: request.body.lastName,
          timeZone: request.body.timeZone,
          // A zone picked by hand sticks; otherwise it follows the browser at each sign-in.
          ...(zoneChanged ? { timeZoneSource: 'manual' as const } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, current.id))
        .returning();
      return ok(toPublicUser(updated!), 'Profile saved');
    },
  );

  app.post(
    '/api/users/avatar',
    {
      config: { access: 'user' },
      schema: { tags: ['users'], consumes: ['multipart/form-data'], response: { 200: userEnvelope } },
    },
    async (request) => {
      const file = await request.file();
      if (!file) throw new AppError('VALIDATION', 'Choose an image to upload.');
      const data = await file.toBuffer();
      const type = await fileTypeFromBuffer(data);
      const mime = type?.mime as (typeof AVATAR_TYPES)[number] | undefined;
      if (!mime || !AVATAR_TYPES.includes(mime)) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'File type not supported. Use a JPEG, PNG or GIF image.',
        );
      }
      const user = request.user!;
      // A new name per upload, so browsers may cache each one for long.
      const key = `avatars/${user.id}-${randomBytes(6).toString('hex')}.${EXTENSION[mime]}`;
      await ctx.storage.put(key, data);
      const [updated] = await ctx.db
        .update(users)
        .set({ avatarUrl: `${AVATAR_URL_PREFIX}${key.slice('avatars/'.length)}`, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      const previous = avatarKey(user.avatarUrl);
      if (previous) await ctx.storage.delete(previous).catch(() => undefined);
      return ok(toPublicUser(updated!), 'Avatar updated');
    },
  );

  app.delete(
    '/api/users/avatar',
    { config: { access: 'user' }, schema: { tags: ['users'], response: { 200: userEnvelope } } },
    async (request) => {
      const user = request.user!;
      const [updated] = await ctx.db
        .update(users)
        .set({ avatarUrl: null, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      const previous = avatarKey(user.avatarUrl);
      if (previous) await ctx.storage.delete(previous).catch(() => undefined);
      return ok(toPublicUser(updated!), 'Avatar removed');
    },
  );

  app.get(
    '/api/files/avatars/:file',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        params: z.object({ file: z.string().regex(/^[a-z0-9-]+\.(jpg|png|gif)$/, { message: 'Not found' }) }),
      },
    },
    async (request, reply) => {
      const stream = ctx.storage.get(`avatars/${request.params.file}`);
      if (!stream) throw new AppError('NOT_FOUND');
      const extension = request.params.file.split('.').pop() ?? '';
      return reply
        .header('content-type', CONTENT_TYPE[extension] ?? 'application/octet-stream')
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );
};
