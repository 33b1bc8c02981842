import { MOBILE_BREAKPOINT_PX } from '@tracklane/shared/constants';
import { paths } from '../../../config/paths';
import { MODE_LIST } from '../../../modes/registry';

/** Where the user is in the first-shipment tutorial during this visit. */
export type TutorialProgress = 'welcome' | 'add' | 'list' | 'cancelled';
export type TutorialStep = 'welcome' | 'add' | 'list';

/** spec §2: the pages step one shows on. */
export const WELCOME_PATHS: readonly string[] = [
  paths.home,
  ...MODE_LIST.map((mode) => mode.paths.dashboard),
  paths.newShipments.create,
];
/** spec §2 /new-shipments/{siteType}: where NEXT leads, and the later steps show. */
export const NEW_SHIPMENT_PATHS: readonly string[] = MODE_LIST.map((mode) => mode.paths.newShipment);

export interface TutorialConditions {
  authenticated: boolean;
  viewportWidth: number;
  /** The multipleShipments tutorial's display flag (spec §3 Tutorial status); null while unknown. */
  display: boolean | null;
  pathname: string;
  progress: TutorialProgress;
}

/**
 * Which step shows, if any (spec §2 Tutorial tooltip): only when authenticated, the window wider than
 * 1024 px and the multipleShipments display flag on; step one on /, the dashboards and
 * /new-shipments/create, the later steps on the new-shipment page NEXT led to.
 */
export function tutorialStep(c: TutorialConditions): TutorialStep | null {
  if (!c.authenticated || c.viewportWidth <= MOBILE_BREAKPOINT_PX || c.display !== true) return null;
  const path = c.pathname.length > 1 ? c.pathname.replace(/\/+$/, '') : c.pathname;
  if (c.progress === 'welcome') return WELCOME_PATHS.includes(path) ? 'welcome' : null;
  if (c.progress === 'add' || c.progress === 'list')
    return NEW_SHIPMENT_PATHS.includes(path) ? c.progress : null;
  return null;
}
