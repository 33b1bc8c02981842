import { oceanDashboardSchema } from '@tracklane/shared/dashboard/dashboard.schema';
import { oceanShipments } from '../../db/schema/tracking';
import { oceanDashboard } from './ocean-dashboard';
import type { ModeFeatures } from '../tracking/tracking-mode';
import { OCEAN_ALERTS } from './ocean-alerts';
import { OCEAN_PRESENTATION } from './ocean-presentation';
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
};
