import { createDemoCarrier } from './demo-carrier';
import type { OceanProvider } from './provider';

/**
 * Which provider answers for a carrier. Carriers without a configured real connection are served by
 * the demo carrier, whose data the UI labels as demo data.
 */
export function createProviderRegistry(
  connections: Map<string, OceanProvider> = new Map(),
): (carrierScac: string) => OceanProvider {
  const demo = createDemoCarrier();
  return (carrierScac) => connections.get(carrierScac.toUpperCase()) ?? demo;
}
