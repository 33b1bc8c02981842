import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { EXPRESS_PRESENTATION } from './modules/express-shipments/express-presentation';
import { OCEAN_PRESENTATION } from './modules/ocean-shipments/ocean-presentation';
import type { ModePresentation } from './modules/tracking/mode-presentation';

/**
 * How each mode is presented outside its own pages (webhooks, mail, sharing, search, notifications,
 * comments), by its name: the built-in modes, and any a test registers. Filled on first use, as the
 * presentations import the features' services that in turn read this registry.
 */
let registry: Map<string, ModePresentation> | undefined;

function presentations(): Map<string, ModePresentation> {
  registry ??= new Map([OCEAN_PRESENTATION, EXPRESS_PRESENTATION].map((p) => [p.mode, p]));
  return registry;
}

/** A mode's presentation; a mode nobody registered is a programming error. */
export function modePresentation(mode: TrackingMode): ModePresentation {
  const found = presentations().get(mode);
  if (!found) throw new Error(`No tracking mode "${mode}" is registered`);
  return found;
}

/** Adds (or replaces) a mode's presentation: how a mode that is not built in joins. */
export function registerModePresentation(presentation: ModePresentation): void {
  presentations().set(presentation.mode, presentation);
}
