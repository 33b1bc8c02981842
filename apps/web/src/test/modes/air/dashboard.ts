import { IconPlane } from '@tabler/icons-react';
import { reasonPartSchema } from '@tracklane/shared/dashboard/dashboard.schema';
import { MAP_PLACE_KINDS, mapPathSchema } from '@tracklane/shared/tracking/shipment-map.schema';
import { z } from 'zod';
import type { DashboardModeConfig } from '../../../features/dashboard/utils/modes';
import { airDetailPath, AIR_PATHS } from './paths';

/*
 * The test mode's dashboard: its own answer (air waybills, linked by their number, with customs holds
 * per airport that no product mode has), checked by its own schema and drawn by the shared dashboard.
 */

const count = z.number().int().min(0);
const item = z.object({ id: z.string(), identifier: z.string(), link: z.object({ awb: z.string() }) });

export const airDashboardSchema = z.object({
  attentionVO: z.array(
    z.object({
      rule: z.enum(['offloaded', 'customsHold']),
      label: z.string(),
      count,
      items: z.array(item.extend({ reason: z.array(reasonPartSchema) })),
    }),
  ),
  liveMapVO: z.object({
    positions: z.array(
      z.object({
        key: z.string(),
        kind: z.enum(MAP_PLACE_KINDS),
        name: z.string(),
        lat: z.number(),
        lon: z.number(),
        count,
        items: z.array(item),
      }),
    ),
    legs: z.array(z.object({ path: mapPathSchema, count })),
  }),
  updatedTime: z.string().nullable(),
  statusBreakdown: z.array(z.object({ status: z.string(), label: z.string(), count })),
  arrivals: z.object({ thisWeek: count, nextWeek: count }),
  carriers: z.array(z.object({ carrier: z.string(), name: z.string().nullable(), count })),
  /** Air waybills held by customs, per airport: only this mode answers it. */
  customsHolds: z.array(z.object({ airport: z.string(), held: count, releasedThisWeek: count })),
});
export type AirDashboard = z.infer<typeof airDashboardSchema>;

export const AIR_DASHBOARD: DashboardModeConfig<AirDashboard> = {
  mode: 'air',
  parse: (raw) => airDashboardSchema.parse(raw),
  title: 'Air dashboard',
  things: 'air waybills',
  Icon: IconPlane,
  listPath: AIR_PATHS.lists.active,
  newPath: AIR_PATHS.newShipment,
  addLabel: 'Add an air waybill',
  arrivalsTitle: 'Landings',
  arrivalsNote: 'Landed, else the airline’s estimate.',
  figures: [
    {
      title: 'Customs holds',
      empty: 'No air waybill is held by customs.',
      note: 'Held now, and released in the last 7 days, per airport.',
      testId: 'customs-holds',
      groups: (dashboard) =>
        dashboard.customsHolds.map((hold) => ({
          key: hold.airport,
          figures: [
            { value: `${hold.airport} ${String(hold.held)}`, label: 'Held now' },
            { value: String(hold.releasedThisWeek), label: 'Released this week' },
          ],
        })),
    },
  ],
  // Airlines go by their IATA code and their name.
  carrierName: (carrier) => (carrier.name ? `${carrier.name} (${carrier.carrier})` : carrier.carrier),
  itemPath: (link) => airDetailPath(link.awb),
};
