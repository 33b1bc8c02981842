import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  expressIntakeOutcomeSchema,
  expressIntakeRequestSchema,
  expressListResultSchema,
  expressShipmentDetailSchema,
  parcelEventSchema,
} from '@tracklane/shared/express-shipments/express-shipments.schema';
import {
  billParamsSchema,
  oceanBillListQuerySchema,
  oceanBillListResultSchema,
  oceanBillSchema,
  oceanIntakeOutcomeSchema,
  oceanIntakeRequestSchema,
  oceanListResultSchema,
  oceanShipmentDetailSchema,
  trackingEventSchema,
} from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import {
  v1ArchiveResultSchema,
  v1ExpressListQuerySchema,
  v1KeyInfoSchema,
  v1OceanListQuerySchema,
  v1ShipmentParamsSchema,
} from '@tracklane/shared/public-api/public-api.schema';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { createExpressShipments } from '../express-shipments/express-intake.service';
import { getExpressShipment, listExpressShipments } from '../express-shipments/express-shipments.service';
import { setArchived } from '../tracking/archive.service';
import { createOceanShipments } from '../ocean-shipments/ocean-intake.service';
import { getOceanBill, listOceanBills, stopFollowingOceanBill } from '../ocean-shipments/bills.service';
import { getOceanShipmentById, listOceanShipments } from '../ocean-shipments/ocean-shipments.service';
import { getKeyInfo } from './key-info.service';
import { examples } from './examples';
import { v1Responses } from './v1-schema';

const NOT_TRACKED = 'This shipment is not tracked in this workspace.';

/**
 * The versioned public API: shipments of both modes and their events, for the workspace of the API
 * key (`Authorization: Bearer`). Every handler calls the same services as the app, with the key's
 * tenant, so the same rules hold; the access levels (`key:read`, `key:write`) are checked before. A
 * key reads as its creator: `favorite` is their own star (ADR 0033).
 */
export const publicApiRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/v1/key',
    {
      config: { access: 'key:read' },
      schema: {
        tags: ['v1: key'],
        summary: 'The key itself: its name, scope and workspace',
        description: 'A cheap way for a client to check that its key works and what it may do.',
        ...v1Responses(envelopeSchema(v1KeyInfoSchema), examples.keyInfo),
      },
    },
    async (request) => ok(await getKeyInfo(ctx.db, request.apiKey.id)),
  );

  // Ocean.
  const ocean = ['v1: ocean shipments'];
  app.get(
    '/api/v1/shipments/ocean',
    {
      config: { access: 'key:read' },
      schema: {
        tags: ocean,
        summary: 'List ocean shipments',
        description:
          'One page of the workspace’s ocean shipments (containers on a bill of lading), newest first by default. Pass `nextCursor` as `cursor` for the next page; it is null on the last one.',
        querystring: v1OceanListQuerySchema,
        ...v1Responses(envelopeSchema(oceanListResultSchema), examples.oceanList),
      },
    },
    async (request) =>
      ok(
        await listOceanShipments(ctx.db, request.tenant, {
          ...request.query,
          attention: undefined,
        }),
      ),
  );

  app.post(
    '/api/v1/shipments/ocean',
    {
      config: { access: 'key:write' },
      schema: {
        tags: ocean,
        summary: 'Add ocean shipments',
        description:
          'Adds up to 500 rows at once. A row is a container with its bill of lading (`containerNo` and `mblNo`), a bill of lading alone (`mblNo`), or a booking alone (`bookingNo`); the carrier is inferred from the bill when left out (a booking usually needs `carrierScac`). A bill or booking alone is followed (`kind` bill, `billId`): the carrier is asked which containers travel on it, and each is added as a shipment under it, those that join later too (GET /api/v1/shipments/ocean/bills/{billId}). Each row answers created, already_tracked or refused with the reason; a refused row does not stop the others.',
        body: oceanIntakeRequestSchema.meta({ example: examples.oceanIntakeRequest }),
        ...v1Responses(envelopeSchema(z.array(oceanIntakeOutcomeSchema)), examples.oceanIntake),
      },
    },
    async (request) => {
      const outcomes = await createOceanShipments(ctx, request.tenant, request.body.items);
      const created = outcomes.filter((o) => o.outcome === 'created').length;
      return ok(outcomes, `${String(created)} shipment(s) added`);
    },
  );

  app.get(
    '/api/v1/shipments/ocean/bills',
    {
      config: { access: 'key:read' },
      schema: {
        tags: ocean,
        summary: 'List followed bills of lading and bookings',
        description:
          'The bills of lading and bookings the workspace follows alone, newest first, each with its state (pending, found, not_found, completed, no_source), how many of its containers were added and which could not be (the plan’s quota). `status=waiting`: only those with no container added yet. Pass `nextCursor` as `cursor` for the next page.',
        querystring: oceanBillListQuerySchema,
        ...v1Responses(envelopeSchema(oceanBillListResultSchema), examples.oceanBills),
      },
    },
    async (request) => ok(await listOceanBills(ctx.db, request.tenant, request.query)),
  );

  app.get(
    '/api/v1/shipments/ocean/bills/:billId',
    {
      config: { access: 'key:read' },
      schema: {
        tags: ocean,
        summary: 'Get a followed bill of lading or booking',
        description:
          'The bill with its state and every container of the workspace found on it (each a shipment: GET /api/v1/shipments/ocean/{shipmentId}).',
        params: billParamsSchema,
        ...v1Responses(envelopeSchema(oceanBillSchema), examples.oceanBill),
      },
    },
    async (request) => ok(await getOceanBill(ctx.db, request.tenant, request.params.billId)),
  );

  app.delete(
    '/api/v1/shipments/ocean/bills/:billId',
    {
      config: { access: 'key:write' },
      schema: {
        tags: ocean,
        summary: 'Stop following a bill of lading or booking',
        description:
          'No more containers are added from it. The containers it added stay, as shipments of their own.',
        params: billParamsSchema,
        ...v1Responses(envelopeSchema(z.object({ billId: z.string() })), examples.oceanBillStopped),
      },
    },
    async (request) =>
      ok(
        await stopFollowingOceanBill(ctx.db, request.tenant, request.params.billId),
        'No longer following this bill',
      ),
  );

  app.get(
    '/api/v1/shipments/ocean/:shipmentId',
    {
      config: { access: 'key:read' },
      schema: {
        tags: ocean,
        summary: 'Get an ocean shipment',
        description: 'The shipment with its milestones, vessel, ETA history, rolls and every carrier event.',
        params: v1ShipmentParamsSchema,
        ...v1Responses(envelopeSchema(oceanShipmentDetailSchema), examples.oceanDetail),
      },
    },
    async (request) => ok(await getOceanShipmentById(ctx.db, request.tenant, request.params.shipmentId)),
  );

  app.get(
    '/api/v1/shipments/ocean/:shipmentId/events',
    {
      config: { access: 'key:read' },
      schema: {
        tags: ocean,
        summary: 'List an ocean shipment’s events',
        description:
          'Every carrier event stored for the container, oldest first: planned (PLN), estimated (EST) and actual (ACT). For the DCSA Track & Trace 2.2 shape, use /api/v1/dcsa/tnt/v2/events.',
        params: v1ShipmentParamsSchema,
        ...v1Responses(envelopeSchema(z.array(trackingEventSchema)), examples.oceanEvents),
      },
    },
    async (request) => {
      const detail = await getOceanShipmentById(ctx.db, request.tenant, request.params.shipmentId);
      return ok(detail.events);
    },
  );

  for (const archived of [true, false]) {
    app.post(
      `/api/v1/shipments/ocean/:shipmentId/${archived ? 'archive' : 'unarchive'}`,
      {
        config: { access: 'key:write' },
        schema: {
          tags: ocean,
          summary: archived ? 'Archive an ocean shipment' : 'Move an ocean shipment back to active',
          description: archived
            ? 'Moves the shipment to the archived list; tracking data is kept. Archiving an archived shipment changes nothing.'
            : 'Moves an archived shipment back to the active list.',
          params: v1ShipmentParamsSchema,
          ...v1Responses(
            envelopeSchema(v1ArchiveResultSchema),
            archived ? examples.archived : examples.unarchived,
          ),
        },
      },
      async (request) => {
        const { shipmentId } = request.params;
        const ids = z.uuid().safeParse(shipmentId).success ? [shipmentId] : [];
        const result = ids.length ? await setArchived(ctx, request.tenant, 'ocean', ids, archived) : null;
        if (!result?.updatedIds.length) throw new AppError('NOT_FOUND', NOT_TRACKED);
        return ok({ shipmentId, archived }, archived ? 'Archived' : 'Moved back to active');
      },
    );
  }

  // Express.
  const express = ['v1: express shipments'];
  app.get(
    '/api/v1/shipments/express',
    {
      config: { access: 'key:read' },
      schema: {
        tags: express,
        summary: 'List express shipments',
        description:
          'One page of the workspace’s parcels: the active, notFound or archived tab. Pass `nextCursor` as `cursor` for the next page.',
        querystring: v1ExpressListQuerySchema,
        ...v1Responses(envelopeSchema(expressListResultSchema), examples.expressList),
      },
    },
    async (request) =>
      ok(
        await listExpressShipments(ctx.db, request.tenant, {
          ...request.query,
          attention: undefined,
        }),
      ),
  );

  app.post(
    '/api/v1/shipments/express',
    {
      config: { access: 'key:write' },
      schema: {
        tags: express,
        summary: 'Add express shipments',
        description:
          'Adds up to 500 parcels at once by tracking number (the carrier is inferred from the number’s format when left out). Each row answers created, already_tracked or refused with the reason.',
        body: expressIntakeRequestSchema.meta({ example: examples.expressIntakeRequest }),
        ...v1Responses(envelopeSchema(z.array(expressIntakeOutcomeSchema)), examples.expressIntake),
      },
    },
    async (request) => {
      const outcomes = await createExpressShipments(ctx, request.tenant, request.body.items);
      const created = outcomes.filter((o) => o.outcome === 'created').length;
      return ok(outcomes, `${String(created)} shipment(s) added`);
    },
  );

  app.get(
    '/api/v1/shipments/express/:shipmentId',
    {
      config: { access: 'key:read' },
      schema: {
        tags: express,
        summary: 'Get an express shipment',
        description: 'The parcel with its status, places, delivery estimate history and every scan.',
        params: v1ShipmentParamsSchema,
        ...v1Responses(envelopeSchema(expressShipmentDetailSchema), examples.expressDetail),
      },
    },
    async (request) =>
      ok(await getExpressShipment(ctx.db, request.tenant, request.params.shipmentId, undefined)),
  );

  app.get(
    '/api/v1/shipments/express/:shipmentId/events',
    {
      config: { access: 'key:read' },
      schema: {
        tags: express,
        summary: 'List an express shipment’s events',
        description: 'Every scan stored for the parcel, newest first.',
        params: v1ShipmentParamsSchema,
        ...v1Responses(envelopeSchema(z.array(parcelEventSchema)), examples.expressEvents),
      },
    },
    async (request) => {
      const detail = await getExpressShipment(ctx.db, request.tenant, request.params.shipmentId, undefined);
      return ok(detail.events);
    },
  );

  for (const archived of [true, false]) {
    app.post(
      `/api/v1/shipments/express/:shipmentId/${archived ? 'archive' : 'unarchive'}`,
      {
        config: { access: 'key:write' },
        schema: {
          tags: express,
          summary: archived
            ? 'Archive an express shipment'
            : 'Move an express shipment back from the archive',
          description: archived
            ? 'Moves the parcel to the archived tab; tracking data is kept.'
            : 'Moves an archived parcel back to the active (or not-found) tab.',
          params: v1ShipmentParamsSchema,
          ...v1Responses(
            envelopeSchema(v1ArchiveResultSchema),
            archived ? examples.archived : examples.unarchived,
          ),
        },
      },
      async (request) => {
        const { shipmentId } = request.params;
        const ids = z.uuid().safeParse(shipmentId).success ? [shipmentId] : [];
        const result = ids.length ? await setArchived(ctx, request.tenant, 'express', ids, archived) : null;
        if (!result?.updatedIds.length) throw new AppError('NOT_FOUND', NOT_TRACKED);
        return ok({ shipmentId, archived }, archived ? 'Archived' : 'Moved back from the archive');
      },
    );
  }
};
