import { z } from 'zod';
import { HORIZON_DAYS } from '../reliability/eta-accuracy';

/**
 * Who gave an ETA shown beside a shipment: `carrier` (its track-and-trace events), `terminal` (the
 * organization's terminal connection: its vessel ETA, to berth), `manual` (a member of the workspace,
 * by hand; it wins for `arrivalVO.eta`) or `tracklane` (Tracklane's own estimate: the carrier's ETA
 * corrected by this organization's measured bias for the carrier and lane; never the carrier's word).
 */
export const SHOWN_ETA_SOURCES = ['carrier', 'terminal', 'manual', 'tracklane'] as const;
export type ShownEtaSource = (typeof SHOWN_ETA_SOURCES)[number];

export const SHOWN_ETA_SOURCE_LABELS: Record<ShownEtaSource, string> = {
  carrier: 'Carrier',
  terminal: 'Terminal',
  manual: 'Set by hand',
  tracklane: 'Tracklane estimate',
};

/** What an ETA is to: the port of discharge, or the terminal's berth there. */
export const ETA_KINDS = ['port', 'berth'] as const;
export type EtaKind = (typeof ETA_KINDS)[number];

export const ETA_KIND_LABELS: Record<EtaKind, string> = { port: 'to port', berth: 'to berth' };

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
      '`carrier`: the carrier’s ETA; `terminal`: the terminal’s vessel ETA (the organization’s terminal connection); `manual`: set by hand by a member of the workspace; `tracklane`: Tracklane’s own estimate (the carrier’s ETA corrected by the organization’s measured median error for the carrier and lane).',
  }),
  kind: z.enum(ETA_KINDS).meta({
    description:
      '`port`: arrival at the port of discharge (the carrier’s ARRI event, a manual ETA, Tracklane’s estimate); `berth`: the vessel at the terminal’s berth (a terminal’s vessel ETA).',
  }),
  eta: z.string(),
  issuedAt: z.string().nullable().meta({
    description:
      'When the source gave it: the carrier’s publish time of the event; the terminal’s answer; when it was set by hand; for Tracklane’s estimate, the carrier ETA’s it corrects.',
  }),
  issuedBy: z.string().nullable().optional().meta({
    description: 'A manual ETA only: the name of the member who set it (null once they left).',
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
      description:
        'The source whose ETA `arrivalVO.eta` carries: `manual` where one is set, else the carrier’s; null when there is none.',
    }),
    estimates: z.array(shownEtaSchema).meta({
      description: 'Every source’s current ETA: carrier, terminal, manual, then Tracklane’s estimate.',
    }),
  })
  .meta({
    description:
      'The ETA by source, with its kind, when it was issued and a confidence band from the organization’s measured accuracy (ADR 0046, 0049). Empty once arrived.',
  });
export type ArrivalEstimates = z.infer<typeof arrivalEstimatesSchema>;

/** A shipment's ETA set by hand (ISO 8601 date-time), or null to clear it. */
export const manualEtaRequestSchema = z.strictObject({
  eta: z
    .string({ error: 'Give the ETA as an ISO 8601 date and time, or null to clear it.' })
    .max(40, { message: 'Give the ETA as an ISO 8601 date and time.' })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, {
      message: 'Give the ETA as an ISO 8601 date and time with its offset, e.g. 2026-12-01T08:00:00Z.',
    })
    .refine(
      (v) =>
        !Number.isNaN(Date.parse(v)) &&
        new Date(Date.UTC(+v.slice(0, 4), +v.slice(5, 7) - 1, +v.slice(8, 10))).getUTCDate() ===
          +v.slice(8, 10) &&
        +v.slice(11, 13) < 24,
      { message: 'That date and time does not exist.' },
    )
    .refine((v) => v.slice(0, 4) >= '2000' && v.slice(0, 4) <= '2099', {
      message: 'Give an ETA between 2000 and 2099.',
    })
    .nullable(),
});
export type ManualEtaRequest = z.infer<typeof manualEtaRequestSchema>;
