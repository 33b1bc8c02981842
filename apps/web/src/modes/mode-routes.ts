import type { SiteType } from '../config/paths';
import { EXPRESS_ROUTES } from './express/routes';
import type { ModeDefinition } from './mode-definition';
import { OCEAN_ROUTES } from './ocean/routes';

/**
 * What the route table (app/router.tsx) and the stores every page makes read of a mode: its name,
 * site type, paths and pages (each its own download). A mode's definition (mode.ts) spreads its
 * routes in; they live apart so that the code every page's entry runs, the signed-out pages' too,
 * carries none of a mode's dashboard, list or schemas (those arrive with the signed-in pages).
 */
export type ModeRoutes = Pick<ModeDefinition, 'mode' | 'siteType' | 'paths' | 'pages'>;

/**
 * Every mode's routes, in the registry's order (modes/registry.ts, which adds a test's mode here as
 * well). Read it when it is needed, not into a constant at import.
 */
export const MODE_ROUTES: ModeRoutes[] = [OCEAN_ROUTES, EXPRESS_ROUTES];

/** Whether a URL's or a stored word names a mode's site type (/shipment-history/<siteType>/…). */
export function isSiteType(value: string | undefined): value is SiteType {
  return MODE_ROUTES.some((routes) => routes.siteType === value);
}
