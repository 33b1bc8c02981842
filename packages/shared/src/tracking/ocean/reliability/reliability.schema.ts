import { z } from 'zod';
import { tagFilterSchema } from '../../../tags/tags.schema';
import { ETA_SOURCES } from './eta-accuracy';

/** The longest period one answer covers, in months. */
export const MAX_PERIOD_MONTHS = 36;

/**
 * The public industry figure the page may show beside ours, as reference text with its source: it is
 * not measured from anyone's shipments here.
 */
export const INDUSTRY_REFERENCE = {
  text: 'Global schedule reliability was 62.8% in December 2025',
  source: 'Sea-Intelligence, Global Liner Performance report',
} as const;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const monthSchema = (what: string) =>
  z.string({ message: `Give the ${what} as a month (YYYY-MM).` }).regex(MONTH, {
    message: `Give the ${what} as a month (YYYY-MM).`,
  });
const codeSchema = (what: string) =>
  z
    .string({ message: `The ${what} is a code of 2 to 10 letters or digits.` })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,10}$/, { message: `The ${what} is a code of 2 to 10 letters or digits.` });

/** Months between two YYYY-MM values, both counted. */
export function monthsBetween(from: string, to: string): number {
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  return index(to) - index(from) + 1;
}

/** GET /api/reliability: arrivals in the months `from` to `to` (both included, UTC), narrowed by filters. */
export const reliabilityQuerySchema = z
  .strictObject({
    from: monthSchema('first month'),
    to: monthSchema('last month'),
    carrier: codeSchema('carrier').optional(),
    pol: codeSchema('port of loading').optional(),
    pod: codeSchema('port of discharge').optional(),
    tag: tagFilterSchema.optional(),
  })
  .refine((q) => q.from <= q.to, { message: 'The first month comes before the last.', path: ['to'] })
  .refine((q) => monthsBetween(q.from, q.to) <= MAX_PERIOD_MONTHS, {
    message: `Choose a period of at most ${String(MAX_PERIOD_MONTHS)} months.`,
    path: ['from'],
  });
export type ReliabilityQuery = z.infer<typeof reliabilityQuerySchema>;

/** One source's ETA as it stood some days before arrival, over the arrivals that had one then. */
export const horizonAccuracySchema = z.object({
  source: z.enum(ETA_SOURCES),
  days: z.number(),
  samples: z.number(),
  /** Mean of |arrival − ETA|, in hours; null without samples. */
  meanAbsErrorHours: z.number().nullable(),
  /** Mean of arrival − ETA (late positive), in hours: the bias; null without samples. */
  meanErrorHours: z.number().nullable(),
});
export type HorizonAccuracy = z.infer<typeof horizonAccuracySchema>;

/** The figures of one group of arrivals (a carrier, a lane, a transshipment port, a month, or all). */
export const reliabilityFiguresSchema = z.object({
  arrived: z.number(),
  /** Arrivals with an ETA issued before arrival: the ones on-time is judged for. */
  judged: z.number(),
  onTime: z.number(),
  /** onTime / judged; null when none was judged. */
  onTimeShare: z.number().nullable(),
  late: z.number(),
  avgDelayHours: z.number().nullable(),
  /** Read from delay buckets: within one bucket's width of the exact value (rollup.ts). */
  p90DelayHours: z.number().nullable(),
  rolls: z.number(),
  horizons: z.array(horizonAccuracySchema),
});
export type ReliabilityFigures = z.infer<typeof reliabilityFiguresSchema>;

export const carrierReliabilitySchema = reliabilityFiguresSchema.extend({ carrier: z.string() });
export const laneReliabilitySchema = reliabilityFiguresSchema.extend({ pol: z.string(), pod: z.string() });
export const portReliabilitySchema = reliabilityFiguresSchema.extend({ port: z.string() });
export const monthReliabilitySchema = reliabilityFiguresSchema.extend({
  /** YYYY-MM (UTC). */
  month: z.string(),
});
export type CarrierReliability = z.infer<typeof carrierReliabilitySchema>;
export type LaneReliability = z.infer<typeof laneReliabilitySchema>;
export type PortReliability = z.infer<typeof portReliabilitySchema>;
export type MonthReliability = z.infer<typeof monthReliabilitySchema>;

export const reliabilityReportSchema = z.object({
  scope: z.enum(['workspace', 'organization']),
  from: z.string(),
  to: z.string(),
  overall: reliabilityFiguresSchema,
  carriers: z.array(carrierReliabilitySchema),
  lanes: z.array(laneReliabilitySchema),
  transshipments: z.array(portReliabilitySchema),
  /** Every month of the period, in order, empty ones included. */
  months: z.array(monthReliabilitySchema),
  /** The carriers and lanes with arrivals in the period, whatever the filters: what they can choose. */
  options: z.object({
    carriers: z.array(z.string()),
    lanes: z.array(z.object({ pol: z.string(), pod: z.string() })),
  }),
});
export type ReliabilityReport = z.infer<typeof reliabilityReportSchema>;
