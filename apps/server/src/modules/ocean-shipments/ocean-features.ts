import { oceanDashboardSchema } from '@tracklane/shared/dashboard/dashboard.schema';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { oceanFavoriteRequestSchema } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { oceanShipments } from '../../db/schema/tracking';
import { oceanDashboard } from './ocean-dashboard';
import type { ModeFeatures } from '../tracking/tracking-mode';
import { OCEAN_ALERTS } from './ocean-alerts';
import { OCEAN_PRESENTATION } from './ocean-presentation';
import { oceanExceptionSubjects } from './ocean-exceptions';
import { countOceanTabs } from './ocean-shipments.service';

/** What the workspace features are written over for ocean shipments. */
export const OCEAN_FEATURES: ModeFeatures = {
  mode: 'ocean',
  table: oceanShipments,
  countTabs: countOceanTabs,
  alerts: OCEAN_ALERTS,
  dashboard: {
    summary: 'Attention cards, live map, status breakdown, arrivals and carriers of the ocean shipments',
    schema: oceanDashboardSchema,
    build: oceanDashboard,
  },
  presentation: OCEAN_PRESENTATION,
  exceptions: oceanExceptionSubjects,
  arrivalInView: (derived) =>
    sql`COALESCE(${derived} #>> '{arrivalVO,ata}', ${derived} #>> '{arrivalVO,eta}')`,
  routes: {
    segment: 'ocean',
    idParam: 'shipmentOverallId',
    tag: 'ocean-shipments',
    one: 'an ocean shipment',
    many: 'ocean shipments',
    favoriteRequest: oceanFavoriteRequestSchema,
    favoriteIds: (body) => (body as z.infer<typeof oceanFavoriteRequestSchema>).shipmentOverallIds,
  },
};
