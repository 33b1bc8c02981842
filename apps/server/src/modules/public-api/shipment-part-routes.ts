import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { AppContext } from '../../app-context';
import { ok } from '../../lib/envelope';
import { allModeFeatures } from '../../modes';
import type { ModeRoutes } from '../tracking/tracking-mode';
import { v1Responses } from './v1-schema';

/**
 * The two surfaces a shipment's own parts (references, custom field values, documents) are served on,
 * at `<shipment>/<path>`: the app's, for members with shipment access (changed by those who may change
 * shipments), and /api/v1's, for keys (changed by read-write keys).
 */
export function shipmentSurfaces(routes: ModeRoutes, path: string) {
  const surface = (
    v1: boolean,
    url: string,
    idParam: string,
    access: { read: 'shipments:view' | 'key:read'; write: 'shipments:change' | 'key:write' },
    tag: string,
  ) => ({
    v1,
    url,
    ...access,
    tags: [tag],
    params: z.object({ [idParam]: z.string().max(60) }),
    /** The shipment's id in a request's params. */
    idOf: (params: unknown) => (params as Record<string, string>)[idParam]!,
  });
  return [
    surface(
      false,
      `/api/shipments/${routes.segment}/:${routes.idParam}/${path}`,
      routes.idParam,
      { read: 'shipments:view', write: 'shipments:change' },
      routes.tag,
    ),
    surface(
      true,
      `/api/v1/shipments/${routes.segment}/:shipmentId/${path}`,
      'shipmentId',
      { read: 'key:read', write: 'key:write' },
      `v1: ${routes.many}`,
    ),
  ];
}

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
      for (const surface of shipmentSurfaces(routes, part.path)) {
        const { params, idOf } = surface;
        const responses = surface.v1 ? v1Responses(answer, part.example) : { response: { 200: answer } };
        const describe = surface.v1 ? part.describe : undefined;
        app.get(
          surface.url,
          {
            config: { access: surface.read },
            schema: {
              tags: surface.tags,
              summary: part.summary.read(routes.one),
              description: describe?.read,
              params,
              ...responses,
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
              description: describe?.write,
              params,
              body: part.body,
              ...responses,
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
