import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { EXPRESS_FEATURES } from './modules/express-shipments/express-features';
import { OCEAN_FEATURES } from './modules/ocean-shipments/ocean-features';
import type { ModePresentation } from './modules/tracking/mode-presentation';
import type { ModeFeatures } from './modules/tracking/tracking-mode';

/**
 * Every mode's feature parts by its name (the `features` of its TrackingModeDefinition): the built-in
 * modes, and any a test adds through the engine's `registerMode`. A feature reads a mode's parts from
 * the mode a route, a rule or a row names. Filled on first use, as the modes' parts import the
 * features' services that in turn read this registry.
 */
let registry: Map<string, ModeFeatures> | undefined;

function registered(): Map<string, ModeFeatures> {
  registry ??= new Map([OCEAN_FEATURES, EXPRESS_FEATURES].map((features) => [features.mode, features]));
  return registry;
}

/** A registered mode's parts; a mode nobody registered is a programming error. */
export function modeFeatures(mode: TrackingMode): ModeFeatures {
  const features = registered().get(mode);
  if (!features) throw new Error(`No tracking mode "${mode}" is registered`);
  return features;
}

/** Every registered mode's parts, in registration order. */
export function allModeFeatures(): ModeFeatures[] {
  return [...registered().values()];
}

/** How a registered mode's shipments are presented outside its own pages. */
export const modePresentation = (mode: TrackingMode): ModePresentation => modeFeatures(mode).presentation;

/**
 * Adds a mode's parts: how a mode that is not built in joins. Answers the function that takes them
 * out again (test files share a worker's modules).
 */
export function registerModeFeatures(features: ModeFeatures): () => void {
  if (registered().has(features.mode)) throw new Error(`Tracking mode "${features.mode}" is registered`);
  registered().set(features.mode, features);
  return () => registered().delete(features.mode);
}
