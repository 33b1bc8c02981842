import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { ModeFeatures } from './tracking-mode';

/**
 * The modes' feature parts by name. The composition root (tracking-engine.ts) registers every mode it
 * builds; a feature reads a mode's parts from the mode a route, a rule or a row names.
 */
const registered = new Map<string, ModeFeatures>();

/** Registers a mode's parts; registering the same mode again replaces them. */
export function registerModeFeatures(features: ModeFeatures): void {
  registered.set(features.mode, features);
}

/** A registered mode's parts; a mode nobody registered is a programming error. */
export function modeFeatures(mode: TrackingMode): ModeFeatures {
  const features = registered.get(mode);
  if (!features) throw new Error(`No tracking mode "${mode}" is registered`);
  return features;
}

/** Every registered mode's parts, in registration order. */
export function allModeFeatures(): ModeFeatures[] {
  return [...registered.values()];
}
