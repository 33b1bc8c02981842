import type { Logger } from 'pino';
import type { Config } from '../../config';
import { createDcsaConnections } from '../../integrations/tracking/dcsa/dcsa-config';
import { createExpressProviderRegistry } from '../../integrations/tracking/express/registry';
import { createProviderRegistry } from '../../integrations/tracking/registry';
import { createExpressMode } from '../express-shipments/express-mode';
import { createOceanMode } from '../ocean-shipments/ocean-mode';
import type { TrackingEngine } from './refresh.service';

/**
 * The one tracking engine with every mode and its configured providers: ocean through the DCSA
 * connections (else the demo carrier), express through Karrio (else the demo parcel carrier).
 */
export function createTrackingEngine(
  config: Pick<Config, 'dcsaCarriers' | 'karrio' | 'trackingNotFoundAttempts'>,
  logger: Pick<Logger, 'warn'>,
): TrackingEngine {
  return {
    modes: {
      ocean: createOceanMode(createProviderRegistry(createDcsaConnections(config.dcsaCarriers, logger))),
      express: createExpressMode(createExpressProviderRegistry({ karrio: config.karrio })),
    },
    notFoundAttempts: config.trackingNotFoundAttempts,
  };
}
