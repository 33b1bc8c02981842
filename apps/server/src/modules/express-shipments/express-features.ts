import { expressDashboardSchema } from '@tracklane/shared/dashboard/dashboard.schema';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { expressFavoriteRequestSchema } from '@tracklane/shared/tracking/express/express-shipments.schema';
import { expressShipments } from '../../db/schema/tracking';
import { expressDashboard } from './express-dashboard';
import type { ModeFeatures } from '../tracking/tracking-mode';
import { EXPRESS_ALERTS } from './express-alerts';
import { EXPRESS_PRESENTATION } from './express-presentation';
import { expressExceptionSubjects } from './express-exceptions';
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
  exceptions: expressExceptionSubjects,
  arrivalInView: (derived) => sql`COALESCE(${derived} ->> 'deliveredAt', ${derived} ->> 'estimatedDelivery')`,
  routes: {
    segment: 'express',
    idParam: 'expressOrderId',
    tag: 'express-shipments',
    one: 'an express shipment',
    many: 'express shipments',
    favoriteRequest: expressFavoriteRequestSchema,
    favoriteIds: (body) => (body as z.infer<typeof expressFavoriteRequestSchema>).expressOrderIds,
  },
};
