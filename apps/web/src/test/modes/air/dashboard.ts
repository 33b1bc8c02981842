import { IconPlane } from '@tabler/icons-react';
import { dashboardSchema } from '@tracklane/shared/dashboard/dashboard.schema';
import { z } from 'zod';
import type { DashboardModeConfig } from '../../../features/dashboard/utils/modes';
import { airDetailPath, AIR_PATHS } from './paths';

/*
 * The test mode's dashboard: its own answer (air waybills, linked by their number, with customs holds
 * per airport that no product mode has), checked by its own schema and drawn by the shared dashboard.
 */

const count = z.number().int().min(0);

export const airDashboardSchema = dashboardSchema(
  ['offloaded', 'customsHold'],
  z.object({ awb: z.string() }),
).extend({
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
