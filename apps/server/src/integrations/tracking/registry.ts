import type { ItemScope, ModeSources } from './sources';
import { createDemoCarrier } from './demo-carrier';
import type { OceanProvider, OrganizationConnections } from './provider';

const SHARED: ItemScope = { scope: 'shared', organizationId: null };
const DEMO: ItemScope = { scope: 'demo', organizationId: null };
const NONE: ItemScope = { scope: 'none', organizationId: null };

/** Organization connections of an install that has none (no organization has connected a carrier). */
export const NO_ORGANIZATION_CONNECTIONS: OrganizationConnections = {
  oceanProvider: () => Promise.resolve(null),
};

/**
 * Where ocean data comes from (ADR 0035): an organization's own enabled connection for the carrier
 * (its data is its own), else the operator-wide DCSA connection (`DCSA_CARRIERS`, shared), else the
 * demo carrier for organizations that may have demo data, else nothing.
 */
export function createOceanSources(
  operator: Map<string, OceanProvider>,
  connections: OrganizationConnections,
): ModeSources<OceanProvider> {
  const demo = createDemoCarrier();
  return {
    async route(db, organizationId, carrierScac, demoAllowed) {
      if (await connections.oceanProvider(organizationId, carrierScac.toUpperCase(), db))
        return { scope: 'organization', organizationId };
      if (operator.has(carrierScac.toUpperCase())) return SHARED;
      return demoAllowed ? DEMO : NONE;
    },
    async provider(item) {
      const scac = item.carrier.toUpperCase();
      switch (item.scope) {
        case 'organization':
          return item.organizationId ? connections.oceanProvider(item.organizationId, scac) : null;
        case 'shared':
          return operator.get(scac) ?? null;
        case 'demo':
          return demo;
        case 'none':
          return null;
      }
    },
  };
}
