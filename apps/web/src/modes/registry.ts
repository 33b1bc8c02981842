import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { SiteType } from '../config/paths';
import { registerDashboardSource } from '../lib/dashboard-api';
import { registerLiveShipmentKeys } from '../lib/live-invalidation';
import { EXPRESS_MODE } from './express/mode';
import type { ModeDefinition } from './mode-definition';
import { isSiteType, MODE_ROUTES } from './mode-routes';
import { OCEAN_MODE } from './ocean/mode';

/**
 * The composition root of the tracking modes: the one place that names every mode's definition. The
 * dashboard, the lists and the site-type switcher read a mode from here, the route table its routes
 * (mode-routes.ts, in the same order); a new mode is a folder beside ocean/ and express/, a line below
 * and one there.
 */
export const MODES: Record<TrackingMode, ModeDefinition> = {
  ocean: OCEAN_MODE,
  express: EXPRESS_MODE,
};

const registered: ModeDefinition[] = Object.values(MODES);
for (const definition of registered) {
  registerLiveShipmentKeys(definition.live);
  registerDashboardSource(definition.dashboard);
}

/**
 * Every mode, in the order the product shows them (the switcher, the menus). Read it when it is needed,
 * not into a constant at import: tests add a mode of their own (`registerModeForTests`).
 */
export const MODE_LIST: readonly ModeDefinition[] = registered;

/** The product's first mode: where a page of no mode of its own leads (a workspace switch, a "back"). */
export function firstMode(): ModeDefinition {
  return registered[0]!;
}

/**
 * The mode an answer names (a search result's `mode`, a notification's or a mention's `shipmentType`);
 * undefined for one this app does not know.
 */
export function modeOf(mode: string): ModeDefinition | undefined {
  return registered.find((definition) => definition.mode === mode);
}

/** Whether a URL's word names a mode's site type (/shipment-history/<siteType>/…). */
export { isSiteType };

/** The mode a site type (the switcher's and the URLs' word: ocean, ground) stands for. */
export function modeOfSiteType(siteType: SiteType): ModeDefinition {
  return registered.find((definition) => definition.siteType === siteType) ?? firstMode();
}

/**
 * The tests' seam: adds a mode (one that exists only in tests, of its own folder) after the product's
 * ones until the returned function removes it. Features that read the registry then show it as they
 * show ocean and express.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test mode's search result is its own
export function registerModeForTests(definition: ModeDefinition<string, any, any>): () => void {
  registered.push(definition as unknown as ModeDefinition);
  MODE_ROUTES.push(definition as unknown as ModeDefinition);
  const unregisterLive = registerLiveShipmentKeys(definition.live);
  const unregisterDashboard = registerDashboardSource(definition.dashboard);
  return () => {
    unregisterLive();
    unregisterDashboard();
    const at = registered.indexOf(definition as unknown as ModeDefinition);
    if (at >= 0) registered.splice(at, 1);
    const routedAt = MODE_ROUTES.indexOf(definition as unknown as ModeDefinition);
    if (routedAt >= 0) MODE_ROUTES.splice(routedAt, 1);
  };
}
