import type { KarrioConfig } from '../../../config';
import type { ModeSources } from '../sources';
import type { ExpressProvider } from '../provider';
import { createDemoParcelCarrier } from './demo-parcel-carrier';
import { createKarrioProvider } from './karrio-provider';

export interface ExpressSourcesOptions {
  /** The configured Karrio server (KARRIO_URL and KARRIO_API_KEY), or null. */
  karrio: KarrioConfig | null;
  fetch?: typeof fetch;
}

/**
 * Where parcel data comes from (ADR 0035): a configured Karrio server answers for every carrier
 * (Karrio itself knows which carriers it has connections for) and its data is shared; without one,
 * the demo parcel carrier answers for organizations that may have demo data, and nothing for others.
 */
export function createExpressSources(options: ExpressSourcesOptions): ModeSources<ExpressProvider> {
  const karrio = options.karrio
    ? createKarrioProvider({ url: options.karrio.url, apiKey: options.karrio.apiKey, fetch: options.fetch })
    : null;
  const demo = createDemoParcelCarrier();
  return {
    route(_db, _organizationId, _carrier, demoAllowed) {
      if (karrio) return Promise.resolve({ scope: 'shared', organizationId: null });
      return Promise.resolve({ scope: demoAllowed ? 'demo' : 'none', organizationId: null });
    },
    provider(item) {
      if (item.scope === 'shared') return Promise.resolve(karrio);
      if (item.scope === 'demo') return Promise.resolve(demo);
      return Promise.resolve(null);
    },
  };
}
