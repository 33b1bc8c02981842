import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import type { AppContext } from '../../../src/app-context';
import { AppError } from '../../../src/lib/app-error';
import { ok } from '../../../src/lib/envelope';
import { describeQuotaFollow, followWithinQuota } from '../../../src/modules/billing/shipment-quota';
import { isFavoriteOf } from '../../../src/modules/shipment-favorites/shipment-favorites.service';
import { setArchived } from '../../../src/modules/tracking/archive.service';
import { modePresentation } from '../../../src/modes';
import { inWorkspace } from '../../../src/tenancy/scope';
import { airArchiveRequestSchema, countAirTabs } from './air-features';
import { toAirShipment } from './air-presentation';
import { AIR } from './air-mode';
import { airShipments as air } from './air-schema';

const tags = ['air-shipments'];
const AWB = /^\d{3}-?\d{8}$/;
const intakeSchema = z.strictObject({
  items: z
    .array(
      z.strictObject({
        awb: z.string().regex(AWB, 'An air waybill is 11 digits'),
        airline: z.string().regex(/^[A-Z0-9]{2}$/, 'An airline is its two-character IATA code'),
      }),
    )
    .min(1)
    .max(100),
});
const any = z.unknown();

/** The air mode's own routes: intake, its list with tab counts, a detail, archive, and its v1 list. */
export const airRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/shipments/air',
    { config: { access: 'shipments:change' }, schema: { tags, body: intakeSchema } },
    async (request) => {
      const keys = request.body.items.map((i) => ({
        trackingNo: i.awb.replace('-', ''),
        reference: '',
        carrier: i.airline,
      }));
      const subscriptions = {
        mode: AIR,
        table: air,
        identity: (item: { trackingNo: string; carrier: string }) => ({
          awb: item.trackingNo,
          airline: item.carrier,
        }),
      };
      const results = await followWithinQuota(ctx, request.tenant, subscriptions, keys);
      return ok(results.map((r, i) => ({ awb: keys[i]!.trackingNo, ...describeQuotaFollow(r) })));
    },
  );

  app.get(
    '/api/shipments/air',
    {
      config: { access: 'shipments:view' },
      schema: { tags, querystring: z.object({ tab: z.enum(['active', 'archived']).default('active') }) },
    },
    async (request) => {
      const { tenant } = request;
      const rows = await ctx.db
        .select({ s: air, favorite: isFavoriteOf(AIR, air.id, tenant.userId) })
        .from(air)
        .where(and(inWorkspace(tenant, air), eq(air.tab, request.query.tab)))
        .orderBy(desc(air.createdAt), desc(air.id));
      return ok({
        rows: rows.map((r) => toAirShipment(r.s, r.favorite)),
        ...(await countAirTabs(ctx.db, tenant.workspaceId)),
      });
    },
  );

  app.get(
    '/api/shipments/air/:airShipmentId',
    {
      config: { access: 'shipments:view' },
      schema: { tags, params: z.object({ airShipmentId: z.uuid({ message: 'Shipment not found' }) }) },
    },
    async (request) => {
      const { tenant } = request;
      const [row] = await ctx.db
        .select({ s: air, favorite: isFavoriteOf(AIR, air.id, tenant.userId) })
        .from(air)
        .where(and(inWorkspace(tenant, air), eq(air.id, request.params.airShipmentId)));
      if (!row) throw new AppError('NOT_FOUND', 'Shipment not found');
      return ok(toAirShipment(row.s, row.favorite));
    },
  );

  app.post(
    '/api/shipments/air/archive',
    { config: { access: 'shipments:change' }, schema: { tags, body: airArchiveRequestSchema } },
    async (request) =>
      ok(await setArchived(ctx, request.tenant, AIR, request.body.airShipmentIds, request.body.archived)),
  );

  app.get(
    '/api/v1/shipments/air',
    { config: { access: 'key:read' }, schema: { tags: ['v1: air'], response: { 200: envelopeSchema(any) } } },
    async (request) => {
      const rows = await modePresentation(AIR).apiShipments(ctx.db, inWorkspace(request.tenant, air));
      return ok(rows.map((r) => r.shipment));
    },
  );
};
