import { z } from 'zod';

/**
 * What the live map draws (dashboard, shipment detail, public share page): places and the ways
 * between them. A path is [longitude, latitude] pairs in order, drawn as great-circle segments: an
 * ocean voyage along sea lanes, port call to port call; a parcel's route from origin to destination.
 */
export const MAP_PLACE_KINDS = ['port', 'vessel', 'city', 'delivered'] as const;
export type MapPlaceKind = (typeof MAP_PLACE_KINDS)[number];

export const mapPathSchema = z.array(z.tuple([z.number(), z.number()]));
export type MapPath = z.infer<typeof mapPathSchema>;

export const mapPlaceSchema = z.object({
  kind: z.enum(MAP_PLACE_KINDS),
  name: z.string(),
  lat: z.number(),
  lon: z.number(),
});
export type MapPlace = z.infer<typeof mapPlaceSchema>;

/** One shipment on the map: where it is now, and the way it travels (null when not known). */
export const shipmentMapSchema = z.object({
  position: mapPlaceSchema.nullable(),
  route: mapPathSchema.nullable(),
});
export type ShipmentMap = z.infer<typeof shipmentMapSchema>;
