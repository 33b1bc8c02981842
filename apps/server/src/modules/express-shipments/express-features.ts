import { expressDashboardSchema } from '@tracklane/shared/dashboard/dashboard.schema';
import { expressShipments } from '../../db/schema/tracking';
import { expressDashboard } from './express-dashboard';
import type { ModeFeatures } from '../tracking/tracking-mode';
import { EXPRESS_ALERTS } from './express-alerts';
import { EXPRESS_PRESENTATION } from './express-presentation';
import { countExpressTabs } from './express-shipments.service';

/** What the workspace features are written over for express parcels. */
export const EXPRESS_FEATURES: ModeFeatures = {
  mode: 'express',
  table: expressShipments,
  countTabs: countExpressTabs,
  alerts: EXPRESS_ALERTS,
  dashboard: {
    summary: 'Attention cards, live map, status breakdown, deliveries and carriers of the express shipments',
    schema: expressDashboardSchema,
    build: expressDashboard,
  },
  presentation: EXPRESS_PRESENTATION,
};
