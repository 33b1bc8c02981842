import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  markNotificationsRequestSchema,
  markNotificationsResultSchema,
  notificationListQuerySchema,
  notificationSettingsSchema,
  USER_EVENTS_SOCKET_PATH,
} from '@tracklane/shared/notifications/notifications.schema';
import type { AppContext } from '../../app-context';
import { SOCKET_TOPICS } from '../../integrations/realtime/realtime-hub';
import { attachUserSocket, refuseForeignSocket } from '../../integrations/realtime/user-socket';
import { acceptFollowRequests } from '../live-pages/live-follow';
import { ok } from '../../lib/envelope';
import { registeredNotificationPageSchema } from '../tracking/mode-wire';
import {
  getNotificationSettings,
  listNotifications,
  markNotifications,
  updateNotificationSettings,
} from './notifications.service';

const tags = ['notifications'];

export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/notification/get',
    {
      config: { access: 'self' },
      schema: {
        tags,
        summary: 'My shipment notifications, newest first, 10 a page (spec §7)',
        querystring: notificationListQuerySchema,
        // Notifications of every registered mode's shipments.
        response: { 200: envelopeSchema(registeredNotificationPageSchema()) },
      },
    },
    async (request) => ok(await listNotifications(ctx.db, request.user.id, request.query)),
  );

  app.post(
    '/api/notification/mark',
    {
      config: { access: 'self' },
      schema: {
        tags,
        summary: 'Mark my notifications (the ids, or all) read or unread (spec §7)',
        body: markNotificationsRequestSchema,
        response: { 200: envelopeSchema(markNotificationsResultSchema) },
      },
    },
    async (request) => ok(await markNotifications(ctx.pool, request.user.id, request.body)),
  );

  app.get(
    '/api/notification/settings',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'My notification settings: types × channels, digest, container notifications',
        response: { 200: envelopeSchema(notificationSettingsSchema) },
      },
    },
    async (request) => ok(await getNotificationSettings(ctx.db, request.user.id)),
  );

  app.put(
    '/api/notification/settings',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Save my notification settings',
        body: notificationSettingsSchema,
        response: { 200: envelopeSchema(notificationSettingsSchema) },
      },
    },
    async (request) =>
      ok(
        await updateNotificationSettings(ctx.db, request.user.id, request.body),
        'Notification settings saved',
      ),
  );

  app.get(
    USER_EVENTS_SOCKET_PATH,
    {
      websocket: true,
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'WebSocket: one per tab, a message each time something of mine changes',
        description:
          'Upgrades to a WebSocket. The server sends {"type":"notifications.changed"} when my ' +
          'notifications change, {"type":"workspaceInvitations.changed"} when my invitations do, ' +
          '{"type":"comments.changed"} when a thread I can read does and {"type":"favorites.changed"} ' +
          '(with the X-Tab-Id of the tab that asked, as "origin") when my favourites do. It reads ' +
          '{"type":"follow","workspaceId":…,"shipmentId":…} (either may be null): from then on it sends ' +
          '{"type":"workspace.changed","workspaceId"} when what that workspace\'s lists, counts or ' +
          'dashboard show changed and {"type":"shipment.changed","shipmentId"} when that shipment did, ' +
          'for whatever the user may see, whatever their notification settings. Messages are nudges to ' +
          'refetch, never data.',
        querystring: z.object({ userId: z.string() }),
      },
      preHandler: refuseForeignSocket(ctx),
    },
    async (socket, request) =>
      attachUserSocket(ctx, SOCKET_TOPICS, socket, request, (owner) =>
        acceptFollowRequests(ctx, owner, socket),
      ),
  );
};
