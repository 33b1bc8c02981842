import { z } from 'zod';
import { API_KEY_SCOPES } from '../api-keys/api-keys.schema';
import { expressListQuerySchema } from '../tracking/express/express-shipments.schema';
import { oceanListQuerySchema } from '../tracking/ocean/ocean-shipments.schema';

/** The public API's version: its routes live under /api/v1/. */
export const PUBLIC_API_VERSION = 'v1';

/** Ocean list filters of the public API (the app's, without its dashboard shortcuts). */
export const v1OceanListQuerySchema = oceanListQuerySchema.omit({ attention: true });
/** Express list filters of the public API (the app's, without its dashboard shortcuts). */
export const v1ExpressListQuerySchema = expressListQuerySchema.omit({ attention: true });

export const v1ShipmentParamsSchema = z.object({
  shipmentId: z
    .string()
    .max(60)
    .meta({ description: 'The shipment’s id (shipmentOverallId or expressOrderId)' }),
});

export const v1ArchiveResultSchema = z.object({
  shipmentId: z.string(),
  archived: z.boolean(),
});

/** What a key can learn about itself: a client's connection check. */
export const v1KeyInfoSchema = z.object({
  name: z.string(),
  prefix: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  expiresAt: z.string().nullable(),
  workspace: z.object({ id: z.string(), name: z.string() }),
});
export type V1KeyInfo = z.infer<typeof v1KeyInfoSchema>;
