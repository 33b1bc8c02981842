import { z } from 'zod';

/** One of the user's workspaces that tracks a shipment, with the shipment's id there. */
export const shipmentPlaceSchema = z.object({
  shipmentId: z.string(),
  workspaceId: z.string(),
  workspaceName: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
});
export type ShipmentPlace = z.infer<typeof shipmentPlaceSchema>;

export const oceanLocateQuerySchema = z.strictObject({
  containerNo: z.string().trim().min(1).max(40),
  mblNo: z.string().trim().min(1).max(60),
});
/** By number: each workspace follows a parcel under its own expressOrderId. */
export const expressLocateQuerySchema = z.strictObject({
  expressOrderNo: z.string().trim().min(1).max(100),
});
