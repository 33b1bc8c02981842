import { listSortSchema, LIST_CURSOR_MAX_LENGTH, type ColumnSort } from '../column-sorts';
import { customFieldsFieldSchema, intakeCustomFieldsSchema } from '../../custom-fields/custom-field-values';
import { z } from 'zod';
import { TRACKING_STATE_DESCRIPTION } from '../no-connection';
import { BILL_KINDS, BILL_STATE_DESCRIPTION, BILL_STATES } from './ocean-bills';
import { OCEAN_ATTENTION_RULES } from '../../dashboard/dashboard.schema';
import { CLOCK_NAMES } from '../../free-time/free-time.schema';
import { SHIPMENT_STATUSES } from './derive-shipment';
import { shipmentMapSchema } from '../shipment-map.schema';
import { favoriteFieldSchema, favoriteFilterSchema } from '../../favorites/favorites.schema';
import { customFieldFilterParamSchema } from '../../custom-fields/custom-field-filters';
import {
  companyFilterSchema,
  intakeReferencesSchema,
  referencesFieldSchema,
} from '../../references/references.schema';
import { arrivalEstimatesSchema } from './eta/eta-estimates.schema';
import { terminalAvailabilitySchema } from '../../terminal-availability/terminal-availability';
import { LAST_FREE_DAY_SOURCES } from '../../free-time/free-time.schema';

export const OCEAN_INTAKE_MAX_ITEMS = 500;
export const OCEAN_LIST_MAX_LIMIT = 200;

export const oceanIntakeItemSchema = z.object({
  containerNo: z.string().max(40, { message: 'Container number is too long' }).optional().meta({
    description:
      'ISO 6346 container number. Leave it out (or empty) to follow every container of a bill of lading or booking (ADR 0037).',
  }),
  mblNo: z.string().max(60, { message: 'Bill of lading number is too long' }).optional().meta({
    description:
      'Master bill of lading: with `containerNo`, that container on it; alone, every container the carrier names on it.',
  }),
  bookingNo: z.string().max(60, { message: 'Booking number is too long' }).optional().meta({
    description:
      'Carrier booking number, alone (without `containerNo` or `mblNo`): every container the carrier names on the booking.',
  }),
  carrierScac: z.string().max(10).optional(),
  references: intakeReferencesSchema.optional(),
  customFields: intakeCustomFieldsSchema.optional(),
});
export type OceanIntakeItem = z.infer<typeof oceanIntakeItemSchema>;

export const oceanIntakeRequestSchema = z.strictObject({
  items: z
    .array(oceanIntakeItemSchema)
    .min(1, { message: 'Add at least one shipment' })
    .max(OCEAN_INTAKE_MAX_ITEMS, {
      message: `At most ${String(OCEAN_INTAKE_MAX_ITEMS)} shipments at a time`,
    }),
});

export const oceanIntakeOutcomeSchema = z.object({
  /** `container`: a container on its bill of lading; `bill`: a bill of lading or booking alone. */
  kind: z.enum(['container', 'bill']).meta({
    description:
      '`container`: a container with its bill of lading (`shipmentOverallId`); `bill`: a bill of lading or booking followed alone (`billId`), whose containers are added as the carrier names them.',
  }),
  containerNo: z.string(),
  mblNo: z.string(),
  /** A booking followed alone: its number ('' otherwise). */
  bookingNo: z.string(),
  carrierScac: z.string().nullable(),
  outcome: z.enum(['created', 'already_tracked', 'refused']),
  /** Why it was refused, or a note (e.g. "archived": it is in the archived list). */
  message: z.string().nullable(),
  shipmentOverallId: z.string().nullable(),
  /** The bill followed (kind `bill`): GET /bills/{billId}. */
  billId: z.string().nullable(),
});
export type OceanIntakeOutcome = z.infer<typeof oceanIntakeOutcomeSchema>;

const portSchema = z.object({ locode: z.string(), name: z.string().nullable() });
const milestoneSchema = z
  .object({ time: z.string(), classifier: z.enum(['PLN', 'EST', 'ACT']), location: portSchema.nullable() })
  .nullable();

export const shipmentOverallSchema = z.object({
  shipmentOverallId: z.string(),
  emptyGateOut: milestoneSchema,
  fullGateIn: milestoneSchema,
  loaded: milestoneSchema,
  lastFreeDay: milestoneSchema,
  fullGateOut: milestoneSchema,
  emptyReturned: milestoneSchema,
  discharged: milestoneSchema,
  berthed: milestoneSchema,
});

const day = (description: string) => z.string().nullable().meta({ description });
const daysLeft = (description: string) => z.number().int().nullable().meta({ description });

/** One free-time clock of a container, as lists, exports and the API show it. */
const clockSchema = (name: string, runs: string) =>
  z
    .object({
      state: z.enum(['not_started', 'running', 'stopped']).meta({ description: `${name} clock: ${runs}.` }),
      lastFreeDay: day(
        `${name} last free day (LFD): a calendar day in the port's time zone (YYYY-MM-DD); null until it can be counted.`,
      ),
      daysLeft: daysLeft(
        `While ${name.toLowerCase()} runs: days from today (in the port's calendar) to its last free day; 0 on the day itself, negative when over.`,
      ),
      cost: z
        .number()
        .meta({ description: `${name} charged so far (in all once stopped), in \`currency\`.` }),
      lastFreeDaySource: z
        .enum(LAST_FREE_DAY_SOURCES)
        .nullable()
        .optional()
        .meta({
          description: `Who gave the ${name.toLowerCase()} last free day: \`manual\` (set by hand on the shipment), \`terminal\` (the terminal's storage-paid-through date), \`carrier\`, or \`tariff\` (counted from the terms' free days). One wins over the next in that order.`,
        }),
    })
    .meta({ description: `${name}: ${runs}.` });

/** Demurrage and detention of a container, each clock named (issue 18). */
export const oceanFreeTimeSchema = z
  .object({
    clock: z.enum(CLOCK_NAMES).nullable().meta({
      description:
        'The clock whose free time ends next: demurrage while the container is at the terminal, detention once it is out; null when neither runs. `lastFreeDay` and `daysLeft` are its.',
    }),
    lastFreeDay: day('The last free day of `clock` (YYYY-MM-DD, the port’s calendar day).'),
    daysLeft: daysLeft(
      'Days from today to the last free day of `clock`; 0 on the day itself, negative when over.',
    ),
    combined: z.boolean().meta({
      description:
        'Merged free time: one pool of free days from discharge to the empty return, so both clocks end on the same last free day.',
    }),
    demurrage: clockSchema('Demurrage', 'at the terminal, from discharge to the full gate-out'),
    detention: clockSchema('Detention', 'outside, from the full gate-out to the empty return'),
    cost: z.number().meta({ description: 'Demurrage and detention so far, in `currency`.' }),
    currency: z.string().nullable().meta({ description: 'ISO 4217 code of the terms.' }),
  })
  .meta({
    description:
      'Demurrage and detention on the workspace’s terms for the container (its own, its carrier’s, the workspace’s, or built-in), each clock with its own last free day.',
  });
export type OceanFreeTime = z.infer<typeof oceanFreeTimeSchema>;

/** A bill of lading or booking followed alone (ADR 0037), as a container found on it names it. */
export const oceanBillRefSchema = z
  .object({
    billId: z.string(),
    kind: z.enum(BILL_KINDS).meta({ description: '`bl`: a bill of lading; `booking`: a carrier booking.' }),
    reference: z.string(),
  })
  .meta({ description: 'The bill of lading or booking this container was found on, followed alone.' });
export type OceanBillRef = z.infer<typeof oceanBillRefSchema>;

export const oceanShipmentSchema = z.object({
  shipmentOverallId: z.string(),
  containerNo: z.string(),
  mblNo: z.string().meta({
    description:
      'The bill of lading; for a container a booking named before its bill of lading was known, the booking number (`referenceKind` booking).',
  }),
  referenceKind: z.enum(BILL_KINDS).meta({ description: 'What `mblNo` is: `bl` or `booking`.' }),
  /** The bill it was found on, when the workspace follows that bill alone; null otherwise. */
  bill: oceanBillRefSchema.nullable(),
  carrierScac: z.string(),
  carrierName: z.string().nullable(),
  /** Tracking state (TRACKING_STATE_DESCRIPTION). */
  state: z.string().meta({ description: TRACKING_STATE_DESCRIPTION }),
  status: z.enum(SHIPMENT_STATUSES).nullable(),
  pol: portSchema.nullable(),
  pod: portSchema.nullable(),
  vesselName: z.string().nullable(),
  departureVO: z.object({ etd: z.string().nullable(), atd: z.string().nullable() }),
  arrivalVO: z.object({ eta: z.string().nullable(), ata: z.string().nullable() }),
  // Optional: answers of servers before ETA sources (a cached page, an older API client's stub).
  arrivalEstimates: arrivalEstimatesSchema.optional(),
  shipmentOverall: shipmentOverallSchema,
  favorite: favoriteFieldSchema,
  archived: z.boolean(),
  /** The workspace's own tags on this shipment (never shown to those it is shared with). */
  tags: z.array(z.string()),
  references: referencesFieldSchema,
  customFields: customFieldsFieldSchema,
  createdAt: z.string(),
  lastCheckedAt: z.string().nullable(),
  /** Where the data comes from: "demo" data is labelled as such in the UI. */
  source: z.string().nullable(),
  /** Demurrage and detention (issue 18): both clocks, and which ends next. */
  freeTime: oceanFreeTimeSchema,
});
export type OceanShipment = z.infer<typeof oceanShipmentSchema>;

export const OCEAN_SORTS = [
  'created_desc',
  'arrival_asc',
  'arrival_desc',
  'departure_asc',
  'departure_desc',
  'container_asc',
  /** Fewest free days left first, of whichever clock runs (overdue first); none running last. */
  'free_time_asc',
  /** Most demurrage and detention so far first. */
  'cost_desc',
] as const;
/** A named sort, or a custom field's or a reference's column (column-sorts.ts). */
export type OceanSort = (typeof OCEAN_SORTS)[number] | ColumnSort;

export const oceanListQuerySchema = z.strictObject({
  status: z.enum(['active', 'archived']).default('active'),
  limit: z.coerce.number().int().min(1).max(OCEAN_LIST_MAX_LIMIT).default(50),
  cursor: z.string().max(LIST_CURSOR_MAX_LENGTH).optional(),
  sort: listSortSchema(OCEAN_SORTS, 'created_desc'),
  search: z.string().max(60).optional(),
  carrier: z.string().max(10).optional(),
  pol: z.string().max(10).optional(),
  pod: z.string().max(10).optional(),
  /** Only shipments carrying this tag (exactly as the workspace spells it). */
  tag: z.string().max(60).optional(),
  company: companyFilterSchema,
  cf: customFieldFilterParamSchema,
  favorite: favoriteFilterSchema,
  /** Exactly the shipments a dashboard attention card counts. */
  attention: z.enum(OCEAN_ATTENTION_RULES).optional(),
  /** Only the containers found on this bill (its `billId`). */
  bill: z.string().max(40).optional(),
});
export type OceanListQuery = z.infer<typeof oceanListQuerySchema>;

/**
 * A list row: the shipment, and the dashboard's attention rule it falls under, the most urgent one
 * (OCEAN_ATTENTION_RULES' order) when several apply: the one definition of each rule, as the cards
 * and the `attention` filter use it. Null for an archived shipment (the rules count active ones).
 */
export const oceanListItemSchema = oceanShipmentSchema.extend({
  attention: z.enum(OCEAN_ATTENTION_RULES).nullable().meta({
    description:
      'The most urgent dashboard attention rule this shipment falls under (rules in the order the dashboard lists them), or null.',
  }),
});
export type OceanListItem = z.infer<typeof oceanListItemSchema>;

export const oceanListResultSchema = z.object({
  items: z.array(oceanListItemSchema),
  nextCursor: z.string().nullable(),
  activeCount: z.number().int(),
  archivedCount: z.number().int(),
  // Defaults to none for answers of servers before bills (a cached page, an older API client's stub).
  billsPending: z.number().int().default(0).meta({
    description:
      'Bills of lading and bookings the workspace follows alone that await their first answer (ADR 0037): their containers join the list within moments.',
  }),
});

export const oceanArchiveRequestSchema = z.strictObject({
  shipmentOverallIds: z
    .array(z.uuid({ message: 'Shipment not found' }))
    .min(1)
    .max(OCEAN_INTAKE_MAX_ITEMS),
  archived: z.boolean(),
});

export const oceanFavoriteRequestSchema = z.strictObject({
  shipmentOverallIds: z
    .array(z.uuid({ message: 'Shipment not found' }))
    .min(1)
    .max(OCEAN_INTAKE_MAX_ITEMS),
  favorite: z.boolean(),
});

export const trackingEventSchema = z.object({
  eventType: z.string(),
  typeCode: z.string(),
  classifier: z.enum(['PLN', 'EST', 'ACT']),
  emptyIndicator: z.string().nullable(),
  location: portSchema.nullable(),
  vesselName: z.string().nullable(),
  vesselImo: z.string().nullable(),
  voyage: z.string().nullable(),
  /** DCSA transportCallSequenceNumber: tells two calls of one voyage at one port apart. */
  transportCallSequence: z.number().int().nullable(),
  eventTime: z.string(),
  eventCreatedAt: z.string(),
  receivedAt: z.string(),
  source: z.string(),
});

const vesselRefSchema = z.object({
  name: z.string().nullable(),
  imo: z.string().nullable(),
  voyage: z.string().nullable(),
});

/** One container of a bill in the workspace. */
export const oceanBillContainerSchema = z.object({
  containerNo: z.string(),
  shipmentOverallId: z.string(),
  mblNo: z.string(),
  state: z.string().meta({ description: TRACKING_STATE_DESCRIPTION }),
  status: z.enum(SHIPMENT_STATUSES).nullable(),
  archived: z.boolean(),
});

/** A bill of lading or booking the workspace follows alone (ADR 0037), without its containers. */
export const oceanBillSummarySchema = oceanBillRefSchema.extend({
  carrierScac: z.string(),
  carrierName: z.string().nullable(),
  state: z.enum(BILL_STATES).meta({ description: BILL_STATE_DESCRIPTION }),
  transportDocumentReference: z.string().nullable().meta({
    description: 'For a booking: the bill of lading the carrier’s answer named, once it did.',
  }),
  /** How many of its containers the workspace follows. */
  containerCount: z.number().int(),
  notAdded: z.array(z.string()).meta({
    description:
      'Containers the carrier named that could not be added: the plan’s quota of active shipments was reached. They are added at a later check once there is room.',
  }),
  source: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  nextCheckAt: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type OceanBillSummary = z.infer<typeof oceanBillSummarySchema>;

/** A followed bill with every container of the workspace found on it. */
export const oceanBillSchema = oceanBillSummarySchema.extend({
  containers: z.array(oceanBillContainerSchema),
});
export type OceanBill = z.infer<typeof oceanBillSchema>;

export const OCEAN_BILLS_MAX_LIMIT = 200;

export const oceanBillListQuerySchema = z.strictObject({
  /** `waiting`: only bills none of whose containers the workspace follows yet. */
  status: z.enum(['all', 'waiting']).default('all'),
  limit: z.coerce.number().int().min(1).max(OCEAN_BILLS_MAX_LIMIT).default(50),
  cursor: z.string().max(300).optional(),
});

export const billParamsSchema = z.object({ billId: z.string().max(40) });

export const oceanBillListResultSchema = z.object({
  items: z.array(oceanBillSummarySchema),
  nextCursor: z.string().nullable(),
});

export const oceanShipmentDetailSchema = oceanShipmentSchema.extend({
  /** The bill it was found on with the workspace's other containers on it (null for a shared one). */
  bill: oceanBillSchema.nullable(),
  transshipments: z.array(portSchema),
  vessel: z
    .object({ name: z.string(), imo: z.string().nullable(), voyage: z.string().nullable() })
    .nullable(),
  etaHistory: z.array(
    z.object({ eta: z.string(), classifier: z.enum(['PLN', 'EST', 'ACT']), recordedAt: z.string() }),
  ),
  rolls: z.array(
    z.object({
      port: portSchema,
      from: vesselRefSchema,
      to: vesselRefSchema,
      recordedAt: z.string(),
    }),
  ),
  events: z.array(trackingEventSchema),
  /** Where the container is and its voyage along the sea lanes, for the map. */
  map: shipmentMapSchema,
  lastError: z.string().nullable(),
  nextCheckAt: z.string().nullable(),
  /**
   * Availability at the terminal of discharge, from the organization's terminal connection (ADR
   * 0039): null when none asks about this container.
   */
  terminal: terminalAvailabilitySchema.nullable().optional(),
});
export type OceanShipmentDetail = z.infer<typeof oceanShipmentDetailSchema>;

/**
 * A container's tracking as the detail components draw it: the detail without the workspace's
 * demurrage and detention money (`freeTime`, its cost and currency) and without its organization's
 * terminal data (`terminal`) and measured ETA accuracy (`arrivalEstimates`). A shipment shared outside
 * the workspace is sent exactly this, so the sharer's money, terminal answers and measures never
 * reach a recipient.
 */
export const oceanTrackingDetailSchema = oceanShipmentDetailSchema.omit({
  freeTime: true,
  terminal: true,
  arrivalEstimates: true,
});
export type OceanTrackingDetail = z.infer<typeof oceanTrackingDetailSchema>;

export const oceanOptionsSchema = z.object({
  carriers: z.array(z.object({ scac: z.string(), name: z.string() })),
  pols: z.array(portSchema),
  pods: z.array(portSchema),
  /** The tags the workspace's ocean shipments carry, alphabetically (filters and autocomplete). */
  tags: z.array(z.string()),
});
