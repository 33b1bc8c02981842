import type { Logger } from 'pino';
import type { Config } from '../../config';
import { createDcsaConnections } from '../../integrations/tracking/dcsa/dcsa-config';
import { createExpressSources } from '../../integrations/tracking/express/registry';
import type { OrganizationConnections } from '../../integrations/tracking/provider';
import { createOceanSources } from '../../integrations/tracking/registry';
import { createExpressMode } from '../express-shipments/express-mode';
import { createOceanMode } from '../ocean-shipments/ocean-mode';
import type { TrackingEngine } from './refresh.service';

/**
 * The one tracking engine with every mode and its data sources (ADR 0035): ocean through each
 * organization's connections, else the operator-wide DCSA connections, else the demo carrier where
 * demo data is allowed; express through Karrio, else the demo parcel carrier where it is allowed.
 */
export function createTrackingEngine(
  config: Pick<Config, 'dcsaCarriers' | 'karrio' | 'trackingNotFoundAttempts' | 'demoCarriers'>,
  logger: Pick<Logger, 'warn'>,
  connections: OrganizationConnections,
): TrackingEngine {
  return {
    modes: {
      ocean: createOceanMode(
        createOceanSources(createDcsaConnections(config.dcsaCarriers, logger), connections),
      ),
      express: createExpressMode(createExpressSources({ karrio: config.karrio })),
    },
    notFoundAttempts: config.trackingNotFoundAttempts,
    demoCarriers: config.demoCarriers,
  };
}
