import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  preferenceKeySchema,
  publicUserSchema,
  tableColumnsPreferenceSchema,
  updateProfileRequestSchema,
} from '@tracklane/shared/auth/auth.schema';
import { mapPreferenceSchema } from '@tracklane/shared/dashboard/dashboard.schema';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { userPreferences } from '../../db/schema/tracking';
import { users } from '../../db/schema/users';
import { publish } from '../../integrations/realtime/realtime-hub';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { readMultipartForm, updateImage } from '../../lib/images';
import { imageFilePart } from '../../lib/openapi';
import { toPublicUser } from '../auth/auth.mappers';
import { userJourneyRoutes } from './user-journey.routes';

const userEnvelope = envelopeSchema(publicUserSchema);

export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(userJourneyRoutes, { ctx });
  const saveAvatar = async (userId: string, avatarUrl: string | null) => {
    return ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ avatarUrl, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      await publish(tx, { topic: 'accessChanged', userIds: [userId] });
      return row!;
    });
  };

  app.patch(
    '/api/users/profile',
    {
      config: { access: 'user' },
      schema: { tags: ['users'], body: updateProfileRequestSchema, response: { 200: userEnvelope } },
    },
    async (request) => {
      const current = request.user;
      const zoneChanged = request.body.timeZone !== current.timeZone;
      const updated = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
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
        await publish(tx, { topic: 'accessChanged', userIds: [current.id] });
        return row!;
      });
      return ok(toPublicUser(updated), 'Profile saved');
    },
  );

  app.post(
    '/api/users/avatar',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        multipartForm: z.object({ file: imageFilePart }),
        response: { 200: userEnvelope },
      },
    },
    async (request) => {
      const { file } = await readMultipartForm(request);
      if (!file) throw new AppError('VALIDATION', 'Choose an image to upload.');
      const user = request.user;
      const updated = await updateImage(
        ctx.storage,
        { kind: 'avatars', ownerId: user.id, currentUrl: user.avatarUrl },
        { file, hasImage: true },
        (avatarUrl) => saveAvatar(user.id, avatarUrl),
      );
      return ok(toPublicUser(updated), 'Avatar updated');
    },
  );

  app.delete(
    '/api/users/avatar',
    { config: { access: 'user' }, schema: { tags: ['users'], response: { 200: userEnvelope } } },
    async (request) => {
      const user = request.user;
      const updated = await updateImage(
        ctx.storage,
        { kind: 'avatars', ownerId: user.id, currentUrl: user.avatarUrl },
        { file: null, hasImage: false },
        (avatarUrl) => saveAvatar(user.id, avatarUrl),
      );
      return ok(toPublicUser(updated), 'Avatar removed');
    },
  );

  const preferenceEnvelope = envelopeSchema(tableColumnsPreferenceSchema.nullable());

  app.get(
    '/api/users/preferences/:key',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        params: z.object({ key: preferenceKeySchema }),
        response: { 200: preferenceEnvelope },
      },
    },
    async (request) => {
      const [row] = await ctx.db
        .select({ value: userPreferences.value })
        .from(userPreferences)
        .where(and(eq(userPreferences.userId, request.user.id), eq(userPreferences.key, request.params.key)));
      const parsed = tableColumnsPreferenceSchema.safeParse(row?.value);
      return ok(parsed.success ? parsed.data : null);
    },
  );

  /** The live map's view and layers, one per user (spec §3 map preference). */
  const MAP_PREFERENCE_KEY = 'mapPreference';
  const mapPreferenceEnvelope = envelopeSchema(mapPreferenceSchema.nullable());

  app.get(
    '/api/_api/user-journey/getMapPreference',
    {
      config: { access: 'user' },
      schema: { tags: ['users'], response: { 200: mapPreferenceEnvelope } },
    },
    async (request) => {
      const [row] = await ctx.db
        .select({ value: userPreferences.value })
        .from(userPreferences)
        .where(and(eq(userPreferences.userId, request.user.id), eq(userPreferences.key, MAP_PREFERENCE_KEY)));
      const parsed = mapPreferenceSchema.safeParse(row?.value);
      return ok(parsed.success ? parsed.data : null);
    },
  );

  app.post(
    '/api/_api/user-journey/saveMapPreference',
    {
      config: { access: 'user' },
      schema: { tags: ['users'], body: mapPreferenceSchema, response: { 200: mapPreferenceEnvelope } },
    },
    async (request) => {
      await ctx.db
        .insert(userPreferences)
        .values({ userId: request.user.id, key: MAP_PREFERENCE_KEY, value: request.body })
        .onConflictDoUpdate({
          target: [userPreferences.userId, userPreferences.key],
          set: { value: request.body, updatedAt: new Date() },
        });
      return ok(request.body, 'Saved');
    },
  );

  app.put(
    '/api/users/preferences/:key',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        params: z.object({ key: preferenceKeySchema }),
        body: tableColumnsPreferenceSchema,
        response: { 200: preferenceEnvelope },
      },
    },
    async (request) => {
      await ctx.db
        .insert(userPreferences)
        .values({ userId: request.user.id, key: request.params.key, value: request.body })
        .onConflictDoUpdate({
          target: [userPreferences.userId, userPreferences.key],
          set: { value: request.body, updatedAt: new Date() },
        });
      return ok(request.body, 'Saved');
    },
  );
};
