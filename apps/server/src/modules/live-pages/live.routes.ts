import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';

// setTimeout cannot wait longer than 2^31-1 ms; a page open that long reconnects and is checked again.
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Close code for a public link's socket whose link expired (4000-4999 are the application's own). */
const LINK_EXPIRED_CLOSE_CODE = 4410;

/**
 * The public share link's socket (ADR 0041): anyone holding a live link may listen, and hears only
 * `{"type":"share.changed"}` when what the link shows changed (a shipment's data, its archive state) or
 * the link was revoked. An unknown token is refused before the upgrade (404), an expired one with 410.
 */
export const liveRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/ws/share/:token',
    {
      websocket: true,
      config: {
        access: 'share:link',
        rateLimit: { max: ctx.config.shareLinkRateLimitPerMinute, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['sharing'],
        summary: "WebSocket: a public share link's page hears when what it shows changed",
        description:
          'Upgrades to a WebSocket for anyone holding a live public link. The server sends ' +
          '{"type":"share.changed"} when a shipment of the link changed or the link was revoked: a ' +
          'nudge to refetch the link, never data. It reads nothing.',
        params: z.strictObject({ token: z.string() }),
      },
    },
    (socket, request) => {
      const link = request.shareLink;
      ctx.realtime.attachAnonymous(socket);
      ctx.realtime.follow(socket, { shipmentIds: link.shipmentIds, shareLinkIds: [link.id] });
      if (link.expiresAt) {
        // An expired link hears nothing more; a page still open finds the link gone when it reconnects.
        const wait = Math.min(link.expiresAt.getTime() - Date.now(), MAX_TIMER_MS);
        const timer = setTimeout(() => socket.close(LINK_EXPIRED_CLOSE_CODE, 'link expired'), wait).unref();
        socket.on('close', () => clearTimeout(timer));
      }
    },
  );
};
