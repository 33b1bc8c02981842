import type { KarrioConfig } from '../../../config';
import type { ExpressProvider } from '../provider';
import { createDemoParcelCarrier } from './demo-parcel-carrier';
import { createKarrioProvider } from './karrio-provider';

export interface ExpressProviderRegistryOptions {
  /** The configured Karrio server (KARRIO_URL and KARRIO_API_KEY), or null. */
  karrio: KarrioConfig | null;
  fetch?: typeof fetch;
}

/**
 * Which provider answers for a parcel carrier. With a Karrio server configured it answers for every
 * carrier (Karrio itself knows which carriers it has connections for); without one the demo parcel
 * carrier does, and the UI labels its data as demo data.
 */
export function createExpressProviderRegistry(
  options: ExpressProviderRegistryOptions,
): (carrier: string) => ExpressProvider {
  const provider = options.karrio
    ? createKarrioProvider({ url: options.karrio.url, apiKey: options.karrio.apiKey, fetch: options.fetch })
    : createDemoParcelCarrier();
  return () => provider;
}
