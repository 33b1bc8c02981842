import { z } from 'zod';
import { HORIZON_DAYS } from '../reliability/eta-accuracy';

/**
 * Who gave an ETA shown beside a shipment: `carrier` (its track-and-trace events, the ETA of
 * `arrivalVO`) or `tracklane` (Tracklane's own estimate: the carrier's ETA corrected by this
 * organization's measured bias for the carrier and lane; never the carrier's word).
 */
export const SHOWN_ETA_SOURCES = ['carrier', 'tracklane'] as const;
export type ShownEtaSource = (typeof SHOWN_ETA_SOURCES)[number];

export const SHOWN_ETA_SOURCE_LABELS: Record<ShownEtaSource, string> = {
  carrier: 'Carrier',
  tracklane: 'Tracklane estimate',
};

export const etaConfidenceSchema = z
  .object({
    horizonDays: z.union(HORIZON_DAYS.map((d) => z.literal(d))).meta({
      description: 'The horizon (days before arrival) whose measured errors give the band.',
    }),
    samples: z.number().int().meta({ description: 'Arrived shipments measured for the band.' }),
    from: z.string().meta({ description: '10th percentile of the measured arrivals around this ETA.' }),
    to: z.string().meta({ description: '90th percentile of the measured arrivals around this ETA.' }),
  })
  .meta({
    description:
      "Where 8 in 10 of the organization's past arrivals fell, for ETAs of this source, carrier and lane given this far out; null below 20 measured arrivals.",
  });

export const shownEtaSchema = z.object({
  source: z.enum(SHOWN_ETA_SOURCES).meta({
    description:
      '`carrier`: the carrier’s ETA; `tracklane`: Tracklane’s own estimate (the carrier’s ETA corrected by the organization’s measured median error for the carrier and lane).',
  }),
  kind: z.enum(['port']).meta({
    description: '`port`: arrival at the port of discharge (the carrier’s ARRI event; not to berth).',
  }),
  eta: z.string(),
  issuedAt: z.string().nullable().meta({
    description:
      'When the source gave it: the carrier’s publish time of the event; for Tracklane’s estimate, the carrier ETA’s it corrects.',
  }),
  biasHours: z.number().nullable().meta({
    description: 'Tracklane’s estimate only: the median error (hours, late positive) it corrects by.',
  }),
  confidence: etaConfidenceSchema.nullable(),
});
export type ShownEta = z.infer<typeof shownEtaSchema>;

export const arrivalEstimatesSchema = z
  .object({
    used: z.enum(SHOWN_ETA_SOURCES).nullable().meta({
      description: 'The source whose ETA `arrivalVO.eta` carries (the carrier’s); null when there is none.',
    }),
    estimates: z.array(shownEtaSchema).meta({ description: 'Every source’s current ETA, carrier first.' }),
  })
  .meta({
    description:
      'The ETA to the port of discharge by source, with when it was issued and a confidence band from the organization’s measured accuracy (ADR 0046). Empty once arrived.',
  });
export type ArrivalEstimates = z.infer<typeof arrivalEstimatesSchema>;
