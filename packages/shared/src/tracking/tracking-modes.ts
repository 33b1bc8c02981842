/** The modes of transport Tracklane tracks; each is a plug-in to the one tracking engine. */
export const TRACKING_MODES = ['ocean', 'express'] as const;
export type TrackingMode = (typeof TRACKING_MODES)[number];
