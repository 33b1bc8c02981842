import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CARRIER_CALLBACK_PATH } from '@tracklane/shared/carrier-connections/carrier-push.schema';
import type { AppContext } from '../../../app-context';
import { DEFAULT_MAX_BODY_BYTES } from '../../../integrations/tracking/dcsa/dcsa-provider';
import { dcsaEventSchema } from '../../../integrations/tracking/dcsa/dcsa-schema';
import { AppError } from '../../../lib/app-error';
import { BAD_SIGNATURE, NO_CALLBACK } from './carrier-callback-access';
import { receiveCarrierEvents } from './carrier-callbacks.service';

const tags = ['carrier connections'];
const params = z.object({ connectionId: z.uuid({ message: NO_CALLBACK }) });
const path = `${CARRIER_CALLBACK_PATH}/:connectionId`;

const description = `Where a carrier pushes DCSA Track & Trace 2.2 events for a connection set to push: the
callback URL Tracklane registers with each event subscription it makes at the carrier
(\`POST /v2/event-subscriptions\`). No sign-in: the carrier signs the raw body with the subscription's
secret, \`Notification-Signature: sha256=<hex HMAC-SHA256>\`, and names it in \`Subscription-ID\`; a missing
or wrong signature is 401 and stores nothing, as does an array that is not valid DCSA 2.2 (400). Events
of containers the organization does not follow through the connection are ignored. Answers 204.`;

/**
 * The public end of push delivery (ADR 0038): carriers call it, so it reads no cookie; the
 * `carrier:callback` access level finds the connection and checks the signature over the exact bytes
 * received, which is why this scope reads bodies raw.
 */
export const carrierCallbacksRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: DEFAULT_MAX_BODY_BYTES },
      (_request, body, done) => {
        done(null, body);
      },
    );

    scope.post(
      path,
      {
        config: { access: 'carrier:callback' },
        schema: {
          tags,
          summary: 'A carrier pushes DCSA events to a connection (signed with the subscription secret)',
          description,
          params,
          headers: z.object({
            'notification-signature': z.string().optional().describe('sha256=<hex HMAC-SHA256 of the body>'),
            'subscription-id': z.string().optional().describe("The carrier's subscriptionID"),
          }),
          rawBody: z.array(dcsaEventSchema),
          response: { 204: z.null().describe('Accepted: the events are stored') },
        },
      },
      async (request, reply) => {
        const { connection, subscription } = request.carrierCallback;
        if (!subscription) throw new AppError('UNAUTHENTICATED', BAD_SIGNATURE);
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const outcome = await receiveCarrierEvents(ctx, { connection, subscription }, body, new Date());
        request.log.info({ connectionId: connection.id, ...outcome }, 'carrier callback stored');
        return reply.status(204).send();
      },
    );

    scope.head(
      path,
      {
        config: { access: 'carrier:callback', swagger: { exposeHeadRoute: true } },
        schema: {
          tags,
          summary: "The carrier's check of a connection's callback URL",
          description:
            'A carrier checks that the callback URL answers before it sends events there: 204 for a connection set to push, 404 otherwise.',
          params,
          response: { 204: z.null().describe('The callback URL receives events') },
        },
      },
      async (_request, reply) => reply.status(204).send(),
    );
  });
};
