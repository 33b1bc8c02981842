import { z } from 'zod';

/** The two clocks: demurrage at the terminal, detention outside. */
export const CLOCK_NAMES = ['demurrage', 'detention'] as const;
export type ClockName = (typeof CLOCK_NAMES)[number];

/**
 * How free days are counted (DCSA Arrival Notice `unitOfMeasure`): CD, calendar days, or WD, working
 * days (Monday to Friday in the port's time zone; public holidays are not known to us).
 */
export const DAY_COUNTS = ['calendar', 'working'] as const;
export type DayCount = (typeof DAY_COUNTS)[number];

export const MAX_FREE_DAYS = 60;
export const MAX_TIERS = 6;
export const MAX_DAILY_RATE = 100_000;

/** One step of a tariff: `days` chargeable days at `rate` per day; null days: every day after. */
export const tariffTierSchema = z.strictObject({
  days: z
    .number()
    .int({ message: 'Days of a tier must be a whole number.' })
    .min(1, { message: 'A tier lasts at least 1 day.' })
    .max(365, { message: 'A tier lasts at most 365 days.' })
    .nullable(),
  rate: z
    .number()
    .min(0, { message: 'A daily rate cannot be negative.' })
    .max(MAX_DAILY_RATE, { message: `A daily rate is at most ${String(MAX_DAILY_RATE)}.` }),
});
export type TariffTier = z.infer<typeof tariffTierSchema>;

/** The free time and tariff of one clock (demurrage at the terminal, or detention outside). */
export const clockTermsSchema = z.strictObject({
  freeDays: z
    .number()
    .int({ message: 'Free days must be a whole number.' })
    .min(0, { message: 'Free days cannot be negative.' })
    .max(MAX_FREE_DAYS, { message: `Free days are at most ${String(MAX_FREE_DAYS)}.` }),
  dayCount: z.enum(DAY_COUNTS, { message: 'Count free days in calendar or working days.' }),
  tiers: z
    .array(tariffTierSchema)
    .min(1, { message: 'Give at least one daily rate.' })
    .max(MAX_TIERS, { message: `At most ${String(MAX_TIERS)} tiers.` })
    .refine((tiers) => tiers.slice(0, -1).every((t) => t.days !== null), {
      message: 'Only the last tier may run without an end.',
    }),
});
export type ClockTerms = z.infer<typeof clockTermsSchema>;

/**
 * Demurrage and detention terms in one currency (ISO 4217). `combined`, when the terms say so (merged
 * D&D free time): one pool of free days and one tariff from the day of discharge to the empty return,
 * in place of the two clocks' own; both clocks then end on its last free day.
 */
export const freeTimeTermsSchema = z.strictObject({
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, { message: 'Currency must be a three-letter ISO code such as USD.' }),
  demurrage: clockTermsSchema,
  detention: clockTermsSchema,
  combined: clockTermsSchema.optional(),
});
export type FreeTimeTerms = z.infer<typeof freeTimeTermsSchema>;

/**
 * What applies when a workspace has set nothing: a common shape of carrier tariffs (4 free calendar
 * days at the terminal and outside; then 75, 150, and 250 a day), marked as such wherever it shows.
 */
export const BUILT_IN_TERMS: FreeTimeTerms = {
  currency: 'USD',
  demurrage: {
    freeDays: 4,
    dayCount: 'calendar',
    tiers: [
      { days: 4, rate: 75 },
      { days: 4, rate: 150 },
      { days: null, rate: 250 },
    ],
  },
  detention: {
    freeDays: 4,
    dayCount: 'calendar',
    tiers: [
      { days: 4, rate: 75 },
      { days: 4, rate: 150 },
      { days: null, rate: 250 },
    ],
  },
};

/**
 * Where demurrage's last free day comes from, in the order one wins over the next (ADR 0039): a day
 * set by hand on the shipment, the terminal's storage-paid-through date, the carrier's last free day,
 * else the free days of the terms (the tariff).
 */
export const LAST_FREE_DAY_SOURCES = ['manual', 'terminal', 'carrier', 'tariff'] as const;
export type LastFreeDaySource = (typeof LAST_FREE_DAY_SOURCES)[number];

export const LAST_FREE_DAY_SOURCE_LABELS: Record<LastFreeDaySource, string> = {
  manual: 'set by hand',
  terminal: 'terminal',
  carrier: 'carrier',
  tariff: 'tariff',
};

/** A shipment's last free day set by hand (YYYY-MM-DD, the port's calendar), or null to remove it. */
export const manualLastFreeDayRequestSchema = z.strictObject({
  lastFreeDay: z
    .string({ error: 'Give the last free day as YYYY-MM-DD, or null to remove it.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Give the last free day as YYYY-MM-DD.' })
    .refine(
      (v) =>
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        message: 'That day does not exist.',
      },
    )
    .refine((v) => v >= '2000-01-01' && v <= '2099-12-31', {
      message: 'Give a last free day between 2000 and 2099.',
    })
    .nullable(),
});

/** Where a shipment's terms come from: its own override, its carrier's, the workspace's, or built in. */
export const TERMS_SOURCES = ['shipment', 'carrier', 'workspace', 'built_in'] as const;
export type TermsSource = (typeof TERMS_SOURCES)[number];

/** One saved set of terms of a workspace: its default (carrierScac null) or a carrier's. */
export const freeTimeDefaultSchema = z.object({
  carrierScac: z.string().nullable(),
  terms: freeTimeTermsSchema,
  updatedAt: z.string(),
});
export type FreeTimeDefault = z.infer<typeof freeTimeDefaultSchema>;

export const saveFreeTimeDefaultSchema = z.strictObject({
  carrierScac: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2,4}$/, { message: 'A carrier is named by its SCAC, 2 to 4 letters.' })
    .nullable(),
  terms: freeTimeTermsSchema,
});
export type SaveFreeTimeDefault = z.infer<typeof saveFreeTimeDefaultSchema>;

/** A shipment's override: terms, or null to go back to the carrier's or workspace's. */
export const shipmentFreeTimeRequestSchema = z.strictObject({ terms: freeTimeTermsSchema.nullable() });

/** What the detail page needs to draw both clocks itself (and project a return date). */
export const shipmentFreeTimeSchema = z.object({
  terms: freeTimeTermsSchema,
  source: z.enum(TERMS_SOURCES),
  timeZone: z.string(),
  milestones: z.object({
    discharged: z.string().nullable(),
    fullGateOut: z.string().nullable(),
    emptyReturned: z.string().nullable(),
    carrierLastFreeDay: z.string().nullable(),
    /** The terminal's storage-paid-through date, from the organization's terminal connection. */
    terminalLastFreeDay: z.string().nullable().optional(),
    /** The last free day set by hand on this shipment: it wins over every other. */
    manualLastFreeDay: z.string().nullable().optional(),
  }),
});
export type ShipmentFreeTime = z.infer<typeof shipmentFreeTimeSchema>;

export const freeTimeDefaultsResultSchema = z.object({
  /** The workspace's default first (carrierScac null), then per carrier. */
  defaults: z.array(freeTimeDefaultSchema),
  /** What applies where nothing is set. */
  builtIn: freeTimeTermsSchema,
});
export type FreeTimeDefaultsResult = z.infer<typeof freeTimeDefaultsResultSchema>;
