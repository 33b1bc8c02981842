import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  tutorialStatusesRequestSchema,
  tutorialStatusesSchema,
  updateTutorialRequestSchema,
  usageEventSchema,
} from '@tracklane/shared/user-journey/user-journey.schema';
import type { AppContext } from '../../app-context';
import { usageEvents } from '../../db/schema/feedback';
import { userPreferences } from '../../db/schema/tracking';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { enforceRateLimits } from '../../lib/rate-limit';
import { loadTenant } from '../../tenancy/tenant';
import { readTutorials, TUTORIALS_KEY } from './tutorials.service';

/** Usage events one user may record in a minute: a page view per second, with room for actions. */
const USAGE_EVENTS_PER_MINUTE = 120;

/** The id in these calls must be the caller's own (spec §7 passes it explicitly). */
function assertSelf(sessionUserId: string, id: string): void {
  if (sessionUserId !== id)
    throw new AppError('FORBIDDEN', 'You can only read or change your own tutorials.');
}

/** Sets one tutorial's flag inside the stored value, leaving the others as they are. */
const sqlJsonSet = (tutorial: string, display: boolean) =>
  sql`jsonb_set(${userPreferences.value}, ${`{${tutorial}}`}::text[], jsonb_build_object('display', ${display}::boolean), true)`;

const tutorialsEnvelope = envelopeSchema(tutorialStatusesSchema);

/** spec §7 user-journey calls beside the map preference: tutorial flags and usage tracking. */
export const userJourneyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/_api/user-journey/getTutorialsStatuses',
    {
      config: { access: 'user' },
      schema: {
        tags: ['user-journey'],
        summary: 'Which first-use tutorials still show (spec §3 Tutorial status)',
        body: tutorialStatusesRequestSchema,
        response: { 200: tutorialsEnvelope },
      },
    },
    async (request) => {
      assertSelf(request.user.id, request.body.id);
      return ok(await readTutorials(ctx.db, request.user.id));
    },
  );

  app.post(
    '/api/_api/user-journey/updateTutorialStatus',
    {
      config: { access: 'user' },
      schema: {
        tags: ['user-journey'],
        summary: "Turns a tutorial on or off (spec §4: Don't show me again)",
        body: updateTutorialRequestSchema,
        response: { 200: tutorialsEnvelope },
      },
    },
    async (request) => {
      assertSelf(request.user.id, request.body.id);
      const { tutorial, display } = request.body;
      // One statement: two tabs turning off different tutorials at once both stick.
      const next = { ...(await readTutorials(ctx.db, request.user.id)), [tutorial]: { display } };
      const [saved] = await ctx.db
        .insert(userPreferences)
        .values({ userId: request.user.id, key: TUTORIALS_KEY, value: next })
        .onConflictDoUpdate({
          target: [userPreferences.userId, userPreferences.key],
          set: {
            value: sqlJsonSet(tutorial, display),
            updatedAt: new Date(),
          },
        })
        .returning({ value: userPreferences.value });
      const parsed = tutorialStatusesSchema.safeParse(saved!.value);
      return ok(parsed.success ? parsed.data : next);
    },
  );

  app.post(
    '/api/_api/user-journey/post',
    {
      config: { access: 'user' },
      schema: {
        tags: ['user-journey'],
        summary: 'Records a page view or key action (spec §7 usage tracking)',
        body: usageEventSchema,
        response: { 200: envelopeSchema(z.object({ recorded: z.boolean() })) },
      },
    },
    async (request) => {
      await enforceRateLimits(ctx.db, [
        { key: `usage:user:${request.user.id}`, limit: USAGE_EVENTS_PER_MINUTE, windowSeconds: 60 },
      ]);
      // The workspace only when the user still belongs to it: events never name a stranger's workspace.
      const tenant = request.currentWorkspaceId
        ? await loadTenant(ctx.db, request.user.id, request.currentWorkspaceId)
        : null;
      await ctx.db.insert(usageEvents).values({
        userId: request.user.id,
        workspaceId: tenant?.workspaceId ?? null,
        action: request.body.action,
        details: request.body.details,
        pageUrl: request.body.pageUrl,
      });
      return ok({ recorded: true });
    },
  );
};
