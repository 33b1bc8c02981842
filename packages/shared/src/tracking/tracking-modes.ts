import { z } from 'zod';

/** The modes of transport Tracklane tracks; each is a plug-in to the one tracking engine. */
export const TRACKING_MODES = ['ocean', 'express'] as const;
export type TrackingMode = (typeof TRACKING_MODES)[number];

/**
 * The names of the modes a wire shape speaks of: the built-in {@link TRACKING_MODES}, or every mode a
 * server registered (its routes build their schemas over its registry, so a further mode's name is
 * accepted and answered where the built-in ones are).
 */
export type ModeNames = readonly string[];

/** "ocean or express", "ocean, express or rail": the modes a message names. */
export const modesInWords = (modes: ModeNames) =>
  modes.length > 1 ? `${modes.slice(0, -1).join(', ')} or ${modes.at(-1)!}` : (modes[0] ?? '');

/**
 * A `shipmentType` (or `mode`) field: one of `modes`. Typed as the built-in modes, whose shapes the
 * web reads; a further mode's name passes at run time where its server registered it.
 */
export const trackingModeSchema = (modes: ModeNames = TRACKING_MODES, message?: string) =>
  z.enum(modes as unknown as typeof TRACKING_MODES, message === undefined ? undefined : { message });
