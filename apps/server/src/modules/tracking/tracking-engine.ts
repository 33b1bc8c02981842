import type { Logger } from 'pino';
import type { Config } from '../../config';
import { createDcsaConnections } from '../../integrations/tracking/dcsa/dcsa-config';
import { createExpressSources } from '../../integrations/tracking/express/registry';
import type {
  CarrierConnections,
  CarrierConnectionsDeps,
} from '../../integrations/tracking/connections/connections-contract';
import { createOrganizationConnections } from '../../integrations/tracking/connections/organization-connections';
import type { OrganizationConnections } from '../../integrations/tracking/provider';
import { createOceanSources } from '../../integrations/tracking/registry';
import { createExpressMode } from '../express-shipments/express-mode';
import { createOceanMode } from '../ocean-shipments/ocean-mode';
import { terminalsChanged } from '../ocean-shipments/terminal-availability/terminal-availability.service';
import type { ItemsChangedSubscriber } from './items-changed';
import { registerModeFeatures } from '../../modes';
import type { TrackingModeDefinition } from './tracking-mode';
import type { TrackingEngine } from './refresh.service';
import { rescopeOrganizationCarrier } from './rescope.service';

/**
 * The one tracking engine with every mode and its data sources (ADR 0035): ocean through each
 * organization's connections, else the operator-wide DCSA connections, else the demo carrier where
 * demo data is allowed, and each organization's terminal connections near the port of discharge (ADR
 * 0039); express through Karrio, else the demo parcel carrier where it is allowed.
 */
export function createTrackingEngine(
  config: Pick<Config, 'dcsaCarriers' | 'karrio' | 'trackingNotFoundAttempts' | 'demoCarriers'>,
  logger: Pick<Logger, 'warn'>,
  connections: OrganizationConnections,
  onItemsChanged: readonly ItemsChangedSubscriber[],
): TrackingEngine {
  const engine: TrackingEngine = {
    modes: {
      ocean: createOceanMode(
        createOceanSources(createDcsaConnections(config.dcsaCarriers, logger), connections),
        { connections, logger },
      ),
      express: createExpressMode(createExpressSources({ karrio: config.karrio })),
    },
    notFoundAttempts: config.trackingNotFoundAttempts,
    demoCarriers: config.demoCarriers,
    onItemsChanged,
  };
  return engine;
}

/**
 * Adds a further mode to an engine and its feature parts to the registry: the seam through which a
 * mode that is not built in joins (the test-only mode of test/modes/). Answers the function that
 * takes the mode out again.
 */
export function registerMode(tracking: TrackingEngine, definition: TrackingModeDefinition): () => void {
  const modes = tracking.modes as Record<string, TrackingModeDefinition>;
  modes[definition.mode] = definition;
  const unregister = registerModeFeatures(definition.features);
  return () => {
    unregister();
    delete modes[definition.mode];
  };
}

/**
 * The engine and the organizations' carrier connections together: the engine asks the connections for
 * providers, and a connection change re-routes that organization's shipments of the carrier
 * (rescopeOrganizationCarrier). `engineConnections` stands in for the connections the engine asks
 * (tests with a fake carrier); the settings routes always use the real ones.
 */
export function createTrackingWithConnections(
  deps: Omit<CarrierConnectionsDeps, 'onChanged' | 'config'> & {
    config: CarrierConnectionsDeps['config'] & Parameters<typeof createTrackingEngine>[0];
    /** Who hears which items changed (the composition root's list). */
    onItemsChanged: readonly ItemsChangedSubscriber[];
  },
  engineConnections?: OrganizationConnections,
): { tracking: TrackingEngine; carrierConnections: CarrierConnections } {
  const carrierConnections = createOrganizationConnections({
    ...deps,
    onChanged: async (organizationId, carrier) => {
      await rescopeOrganizationCarrier(
        { pool: deps.pool, jobs: deps.jobs, tracking },
        organizationId,
        carrier,
      );
    },
    onTerminalsChanged: async (organizationId) => {
      await terminalsChanged(
        deps,
        { connections: engineConnections ?? carrierConnections, logger: deps.logger },
        organizationId,
      );
    },
  });
  const tracking = createTrackingEngine(
    deps.config,
    deps.logger,
    engineConnections ?? carrierConnections,
    deps.onItemsChanged,
  );
  return { tracking, carrierConnections };
}
