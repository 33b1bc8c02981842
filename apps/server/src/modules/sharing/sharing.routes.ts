import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  createSharesResultSchema,
  historyQuerySchema,
  retrackRequestSchema,
  retrackResultSchema,
  sentShareSchema,
  trackingHistoryPageSchema,
  SHARING_MESSAGES,
} from '@tracklane/shared/sharing/sharing.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { allModeFeatures } from '../../modes';
import { registeredSharingSchemas } from '../tracking/mode-wire';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import {
  getSharedShipment,
  listSharedHistory,
  listTrackingHistory,
  retrackShipments,
} from './history.service';
import { createShareLink, getPublicShare, listShareLinks, revokeShareLink } from './share-links.service';
import { firstUnreadInvite, listInviteNotifications, markShareOpened } from './share-invites.service';
import { createShares, listSentShares, revokeShare } from './shares.service';

const tags = ['sharing'];
/** spec §2's site types (ground is the express mode): the mode whose presentation names the site. */
const modeOf = (site: string): TrackingMode => {
  const found = allModeFeatures().find((m) => m.presentation.site === site);
  if (!found) throw new AppError('NOT_FOUND', SHARING_MESSAGES.shareNotFound);
  return found.mode;
};
const idParams = z.strictObject({ id: z.uuid({ message: 'Not found' }) });
const nameOf = (u: { firstName: string; lastName: string; email: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email;

export const sharingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Over every registered mode: its selection, its site, its shared detail and its name.
  const {
    createdShareLink: createdShareLinkSchema,
    createShareLinkRequest: createShareLinkRequestSchema,
    createSharesRequest: createSharesRequestSchema,
    historyTypeParams: historyTypeParamsSchema,
    inviteNotification: inviteNotificationSchema,
    inviteNotificationList: inviteNotificationListSchema,
    publicShare: publicShareSchema,
    sentSharesQuery: sentSharesQuerySchema,
    shareLink: shareLinkSchema,
    shareLinksQuery: shareLinksQuerySchema,
    sharedHistoryPage: sharedHistoryPageSchema,
    sharedShipment: sharedShipmentSchema,
  } = registeredSharingSchemas();

  // --- Sharing with people -------------------------------------------------------------------
  app.post(
    '/api/shares',
    {
      config: { access: 'shipments:change' },
      schema: {
        tags,
        summary:
          'Share shipments of this workspace with people by e-mail (limited per user and per address an hour: 429)',
        body: createSharesRequestSchema,
        response: { 200: envelopeSchema(createSharesResultSchema) },
      },
    },
    async (request) => {
      const result = await createShares(ctx, request.tenant, request.user, request.body);
      return ok(result, SHARING_MESSAGES.sharedWith(result.recipients));
    },
  );

  app.get(
    '/api/shares',
    {
      config: { access: 'shipments:change' },
      schema: {
        tags,
        summary: 'Who a shipment of this workspace is shared with: the addresses and whether each opened it',
        querystring: sentSharesQuerySchema,
        response: { 200: envelopeSchema(z.array(sentShareSchema)) },
      },
    },
    async (request) =>
      ok(await listSentShares(ctx.db, request.tenant, request.query.shipmentType, request.query.shipmentId)),
  );

  app.delete(
    '/api/shares/:id',
    {
      config: { access: 'shipments:change' },
      schema: {
        tags,
        summary: 'Stop sharing a shipment with someone',
        params: idParams,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await revokeShare(ctx, request.tenant, request.params.id);
      return ok(null, 'No longer shared');
    },
  );

  // --- Share invites (spec §3 Invite notification, §7) -------------------------------------------
  app.get(
    '/api/invite/get-first-unread-notification',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'My oldest unread share invite, or null (spec §7)',
        response: { 200: envelopeSchema(inviteNotificationSchema.nullable()) },
      },
    },
    async (request) => ok(await firstUnreadInvite(ctx.db, request.user)),
  );

  app.get(
    '/api/invite/notifications',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'My share invites for the bell INVITES tab (at most 10) and how many are unread',
        response: { 200: envelopeSchema(inviteNotificationListSchema) },
      },
    },
    async (request) => ok(await listInviteNotifications(ctx.db, request.user)),
  );

  // --- Shipment history -------------------------------------------------------------------------
  app.get(
    '/api/shipment-history/:type/tracking-history',
    {
      config: { access: 'shipments:view' },
      schema: {
        tags,
        summary: 'Every shipment this workspace ever added, archived included, newest first',
        params: historyTypeParamsSchema,
        querystring: historyQuerySchema,
        response: { 200: envelopeSchema(trackingHistoryPageSchema) },
      },
    },
    async (request) =>
      ok(await listTrackingHistory(ctx.db, request.tenant, modeOf(request.params.type), request.query)),
  );

  app.post(
    '/api/shipment-history/:type/tracking-history/retrack',
    {
      config: { access: 'shipments:change' },
      schema: {
        tags,
        summary: 'Track shipments of the history again (archived ones return within the plan quota)',
        params: historyTypeParamsSchema,
        body: retrackRequestSchema,
        response: { 200: envelopeSchema(retrackResultSchema) },
      },
    },
    async (request) => {
      const result = await retrackShipments(
        ctx,
        request.tenant,
        modeOf(request.params.type),
        request.body.shipmentIds,
      );
      return ok(result, result.message);
    },
  );

  app.get(
    '/api/shipment-history/:type/shared-history',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Shipments shared with me, newest first',
        params: historyTypeParamsSchema,
        querystring: historyQuerySchema,
        response: { 200: envelopeSchema(sharedHistoryPageSchema) },
      },
    },
    async (request) =>
      ok(await listSharedHistory(ctx.db, request.user, modeOf(request.params.type), request.query)),
  );

  app.get(
    '/api/shipment-history/:type/shared-history/details/:overallId',
    {
      config: { access: 'share:recipient' },
      schema: {
        tags,
        summary: 'A shipment shared with me: live tracking data, read-only, without the sharer’s money',
        params: historyTypeParamsSchema.extend({ overallId: z.string() }),
        response: { 200: envelopeSchema(sharedShipmentSchema) },
      },
    },
    async (request) => {
      const { share } = request;
      // The address names the mode too: a share of the other mode is not at this address.
      if (modeOf(request.params.type) !== share.mode)
        throw new AppError('NOT_FOUND', SHARING_MESSAGES.shareNotFound);
      const result = await getSharedShipment(ctx.db, share);
      await markShareOpened(ctx, request.user.id, share.id);
      return ok(result);
    },
  );

  // --- Public links ------------------------------------------------------------------------------
  app.post(
    '/api/share-links',
    {
      config: { access: 'shipments:change' },
      schema: {
        tags,
        summary: 'Publish shipments under a new public link (the token is shown once)',
        body: createShareLinkRequestSchema,
        response: { 200: envelopeSchema(createdShareLinkSchema) },
      },
    },
    async (request) =>
      ok(
        await createShareLink(
          ctx,
          request.tenant,
          { id: request.user.id, name: nameOf(request.user) },
          request.body,
        ),
        'Link created',
      ),
  );

  app.get(
    '/api/share-links',
    {
      config: { access: 'shipments:change' },
      schema: {
        tags,
        summary: "This workspace's public links",
        querystring: shareLinksQuerySchema,
        response: { 200: envelopeSchema(z.array(shareLinkSchema)) },
      },
    },
    async (request) =>
      ok(await listShareLinks(ctx.db, request.tenant, request.query.shipmentType, request.query.shipmentId)),
  );

  app.delete(
    '/api/share-links/:id',
    {
      config: { access: 'shipments:change' },
      schema: {
        tags,
        summary: 'Revoke a public link',
        params: idParams,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await revokeShareLink(ctx.db, request.tenant, request.params.id);
      return ok(null, 'Link revoked');
    },
  );

  app.get(
    '/api/share/:token',
    {
      config: {
        access: 'share:link',
        rateLimit: { max: ctx.config.shareLinkRateLimitPerMinute, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        summary:
          'What a public share link shows: milestones, ETA and map; references and custom fields only where the sharer chose',
        params: z.strictObject({ token: z.string() }),
        response: { 200: envelopeSchema(publicShareSchema) },
      },
    },
    async (request) => ok(await getPublicShare(ctx.db, request.shareLink)),
  );
};
