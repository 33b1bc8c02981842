import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { AppContext } from '../../app-context';
import { ok } from '../../lib/envelope';
import { allModeFeatures } from '../../modes';
import { v1Responses } from './v1-schema';

/**
 * A part of a shipment the workspace keeps beside the carrier's data (its references, its custom field
 * values), read and changed at `<shipment>/<path>` in each mode: in the app by members with shipment
 * access (changed by those who may change shipments) and under /api/v1 by keys (changed by read-write
 * keys). Another workspace's shipment is not found.
 */
export interface ShipmentPart<Answer extends z.ZodType, Body extends z.ZodType> {
  path: string;
  answer: Answer;
  /** The whole answer's envelope as the public API documents it. */
  example: unknown;
  body: Body;
  /** Summaries, given the mode's word for one shipment. */
  summary: { read: (one: string) => string; write: (one: string) => string };
  /** The public API's words for each call. */
  describe: { read: string; write: string };
  /** What a successful change says. */
  saved: string;
  read(ctx: AppContext, workspaceId: string, mode: TrackingMode, id: string): Promise<z.infer<Answer>>;
  write(
    ctx: AppContext,
    workspaceId: string,
    mode: TrackingMode,
    id: string,
    body: z.infer<Body>,
  ): Promise<z.infer<Answer>>;
}

export function shipmentPartRoutes<Answer extends z.ZodType, Body extends z.ZodType>(
  part: ShipmentPart<Answer, Body>,
): FastifyPluginAsyncZod<{ ctx: AppContext }> {
  return async (app, { ctx }) => {
    for (const { mode, routes } of allModeFeatures()) {
      // Fastify sees plain schemas; `read` and `write` are typed by the part's own schemas.
      const answer = envelopeSchema(part.answer as z.ZodType);
      const surfaces = [
        {
          url: `/api/shipments/${routes.segment}/:${routes.idParam}/${part.path}`,
          idParam: routes.idParam,
          read: 'shipments:view',
          write: 'shipments:change',
          tags: [routes.tag],
          responses: { response: { 200: answer } },
          describe: undefined,
        },
        {
          url: `/api/v1/shipments/${routes.segment}/:shipmentId/${part.path}`,
          idParam: 'shipmentId',
          read: 'key:read',
          write: 'key:write',
          tags: [`v1: ${routes.many}`],
          responses: v1Responses(answer, part.example),
          describe: part.describe,
        },
      ] as const;
      for (const surface of surfaces) {
        const params = z.object({ [surface.idParam]: z.string().max(60) });
        const idOf = (p: unknown) => (p as Record<string, string>)[surface.idParam]!;
        app.get(
          surface.url,
          {
            config: { access: surface.read },
            schema: {
              tags: surface.tags,
              summary: part.summary.read(routes.one),
              description: surface.describe?.read,
              params,
              ...surface.responses,
            },
          },
          async (request) => ok(await part.read(ctx, request.tenant.workspaceId, mode, idOf(request.params))),
        );
        app.patch(
          surface.url,
          {
            config: { access: surface.write },
            schema: {
              tags: surface.tags,
              summary: part.summary.write(routes.one),
              description: surface.describe?.write,
              params,
              body: part.body,
              ...surface.responses,
            },
          },
          async (request) =>
            ok(
              await part.write(
                ctx,
                request.tenant.workspaceId,
                mode,
                idOf(request.params),
                request.body as z.infer<Body>,
              ),
              part.saved,
            ),
        );
      }
    }
  };
}
