import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { SiteType } from '../config/paths';
import { EXPRESS_MODE } from './express/mode';
import type { ModeDefinition } from './mode-definition';
import { OCEAN_MODE } from './ocean/mode';

/**
 * The composition root of the tracking modes: the one place that names every mode. The app's routes,
 * the dashboard, the lists and the site-type switcher read a mode from here; a new mode is a folder
 * beside ocean/ and express/ and a line below.
 */
export const MODES: Record<TrackingMode, ModeDefinition> = {
  ocean: OCEAN_MODE,
  express: EXPRESS_MODE,
};

/** Every mode, in the order the product shows them (the switcher, the menus). */
export const MODE_LIST: readonly ModeDefinition[] = Object.values(MODES);

/** Whether a URL's word names a mode's site type (/shipment-history/<siteType>/…). */
export function isSiteType(value: string | undefined): value is SiteType {
  return MODE_LIST.some((definition) => definition.siteType === value);
}

/** The mode a site type (the switcher's and the URLs' word: ocean, ground) stands for. */
export function modeOfSiteType(siteType: SiteType): ModeDefinition {
  return MODE_LIST.find((definition) => definition.siteType === siteType) ?? MODES.ocean;
}
