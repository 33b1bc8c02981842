import { z } from 'zod';

/** spec §3 Tutorial status: which first-use tutorials still show. */
export const tutorialStatusesSchema = z.object({
  singleShipment: z.object({ display: z.boolean() }),
  multipleShipments: z.object({ display: z.boolean() }),
});
export type TutorialStatuses = z.infer<typeof tutorialStatusesSchema>;
export const TUTORIALS = ['singleShipment', 'multipleShipments'] as const;
export type Tutorial = (typeof TUTORIALS)[number];

/** A new user sees every tutorial. */
export const DEFAULT_TUTORIAL_STATUSES: TutorialStatuses = {
  singleShipment: { display: true },
  multipleShipments: { display: true },
};

/** spec §7 POST /api/_api/user-journey/getTutorialsStatuses {id}: the id must be the caller's. */
export const tutorialStatusesRequestSchema = z.strictObject({ id: z.uuid({ message: 'Id is not valid' }) });

/** Turns one tutorial on or off (spec §4: "Don't show me again" sets multipleShipments display false). */
export const updateTutorialRequestSchema = z.strictObject({
  id: z.uuid({ message: 'Id is not valid' }),
  tutorial: z.enum(TUTORIALS),
  display: z.boolean(),
});

/**
 * Usage events the web app records (spec §7 user-journey/post): page views and the key actions.
 * A closed list, so the table holds what someone decided to measure and nothing else.
 */
export const USAGE_ACTIONS = [
  'page_view',
  'shipments_created',
  'feedback_sent',
  'tutorial_next',
  'tutorial_cancel',
  'tutorial_hidden',
  'tutorial_finished',
  'plan_changed',
  'checkout_started',
] as const;
export type UsageAction = (typeof USAGE_ACTIONS)[number];

const detailValue = z.union([z.string().max(200), z.number(), z.boolean(), z.null()]);

/** spec §7 POST /api/_api/user-journey/post {action, details, pageUrl}. */
export const usageEventSchema = z.strictObject({
  action: z.enum(USAGE_ACTIONS),
  details: z
    .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/), detailValue)
    .refine((d) => Object.keys(d).length <= 20, { message: 'Details may hold at most 20 fields' })
    .default({}),
  pageUrl: z.string().max(2048).regex(/^\//, { message: 'Page URL must be a path of this site' }),
});
export type UsageEvent = z.input<typeof usageEventSchema>;
