import { z } from 'zod';
import { exceptionCountsSchema } from '../exceptions/exceptions.schema';
import { MAP_PLACE_KINDS, mapPathSchema } from '../tracking/shipment-map.schema';
import { arrivalEstimatesSchema } from '../tracking/ocean/eta/eta-estimates.schema';

/** Ocean: a last free day this many days ahead (after today) is "soon". */
export const LFD_SOON_DAYS = 3;
/** Ocean: the latest ETA this much later than the first one is a slip worth attention. */
export const ETA_SLIP_THRESHOLD_HOURS = 24;
/** Ocean: an active container with no answer from its carrier for this long is stale. */
export const STALE_AFTER_HOURS = 48;
/** How many shipments each attention rule and map position lists. */
export const ATTENTION_TOP_ITEMS = 5;
export const MAP_TOP_ITEMS = 10;

/** Ocean attention rules, most urgent first. */
export const OCEAN_ATTENTION_RULES = [
  'lfdPassed',
  'lfdToday',
  'lfdSoon',
  /** Held at the terminal of discharge (customs, line or terminal), by the organization's terminal connection. */
  'onHold',
  /** Ready for delivery at the terminal and held by nobody, by the organization's terminal connection. */
  'availableForPickup',
  'etaSlipped',
  'rolled',
  'arrivedNotPickedUp',
  'notFound',
  /** No data source for the carrier (no connection, no operator-wide one, no demo data): never asked. */
  'noConnection',
  'stale',
] as const;
export type OceanAttentionRule = (typeof OCEAN_ATTENTION_RULES)[number];

export const EXPRESS_ATTENTION_RULES = [
  'exception',
  'failedAttempt',
  'late',
  'awaitingPickup',
  'notFound',
  /** No data source for parcels (no Karrio, no demo data): never asked. */
  'noConnection',
] as const;
export type ExpressAttentionRule = (typeof EXPRESS_ATTENTION_RULES)[number];

/** What a detail page needs to open one shipment. */
export const oceanLinkSchema = z.object({ containerNo: z.string(), mblNo: z.string() });
export const expressLinkSchema = z.object({ expressOrderId: z.string(), expressOrderNo: z.string() });

/**
 * A piece of why a shipment needs attention: words, a calendar day (YYYY-MM-DD, a port's: a last free
 * day), an instant (ISO 8601) that the page writes as a day in the reader's time zone, or an ETA: an
 * instant with every source's estimate, when each was issued and how far to trust it
 * (`arrivalEstimates`, ADR 0046), as every ETA shown carries. Dates travel as dates so that the page
 * writes them as it writes every other (day/month/year, spec §9).
 */
export const reasonPartSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['text', 'day', 'instant']), value: z.string() }),
  z.object({
    kind: z.literal('eta'),
    value: z.string().meta({ description: 'The ETA shown (ISO 8601): the used source’s.' }),
    estimates: arrivalEstimatesSchema,
  }),
]);
export type ReasonPart = z.infer<typeof reasonPartSchema>;

/**
 * What every mode's dashboard answers (spec §3), over the mode's attention rules and the link of its
 * items; a mode extends it with panels of its own.
 */
export function dashboardSchema<Rule extends string, Link extends z.ZodType>(
  rules: readonly [Rule, ...Rule[]],
  link: Link,
) {
  const item = z.object({
    /** shipmentOverallId (ocean) or expressOrderId (express). */
    id: z.string(),
    /** The container or parcel number shown. */
    identifier: z.string(),
    link,
  });
  const count = z.number().int().min(0);
  return z.object({
    attentionVO: z.array(
      z.object({
        rule: z.enum(rules),
        label: z.string(),
        count,
        items: z.array(item.extend({ reason: z.array(reasonPartSchema) })),
      }),
    ),
    liveMapVO: z.object({
      positions: z.array(
        z.object({
          key: z.string(),
          kind: z.enum(MAP_PLACE_KINDS),
          name: z.string(),
          lat: z.number(),
          lon: z.number(),
          count,
          items: z.array(item),
        }),
      ),
      /** The routes of the shown shipments: an ocean voyage along the sea lanes, a parcel's straight. */
      legs: z.array(z.object({ path: mapPathSchema, count })),
    }),
    /** The latest check of any of the workspace's shipments; null before the first. */
    updatedTime: z.string().nullable(),
    statusBreakdown: z.array(z.object({ status: z.string(), label: z.string(), count })),
    /** Ocean: arrivals (actual, else estimated); express: deliveries (delivered, else estimated). */
    arrivals: z.object({ thisWeek: count, nextWeek: count }),
    /** Most shipments first. */
    carriers: z.array(z.object({ carrier: z.string(), name: z.string().nullable(), count })),
    /** The mode's exceptions still to work on (open or acknowledged), in all and by type. */
    exceptions: exceptionCountsSchema,
  });
}

export const oceanDashboardSchema = dashboardSchema(OCEAN_ATTENTION_RULES, oceanLinkSchema).extend({
  /**
   * Demurrage and detention across the workspace's shipments, per currency (issue 18): incurred so
   * far, and what the running clocks add in the next 7 days if nothing moves.
   */
  freeTimeMoney: z.array(
    z.object({
      currency: z.string(),
      incurred: z.number(),
      atRiskThisWeek: z.number(),
      shipments: z.number().int(),
    }),
  ),
});
export type OceanDashboard = z.infer<typeof oceanDashboardSchema>;
export const expressDashboardSchema = dashboardSchema(EXPRESS_ATTENTION_RULES, expressLinkSchema);
export type ExpressDashboard = z.infer<typeof expressDashboardSchema>;

/** Ocean status breakdown groups (issue: pre-departure, on water, at destination, completed). */
export const OCEAN_STATUS_GROUPS = ['preDeparture', 'onWater', 'atDestination', 'completed'] as const;

/** The live map's saved view: centre as [longitude, latitude], zoom, and the layers shown. */
export const mapPreferenceSchema = z.strictObject({
  view: z.strictObject({
    center: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]),
    zoom: z.number().min(0.5).max(20),
  }),
  layers: z.array(z.string().min(1).max(40)).max(20),
});
export type MapPreference = z.infer<typeof mapPreferenceSchema>;
