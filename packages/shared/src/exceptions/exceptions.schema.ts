import { z } from 'zod';
import { TRACKING_MODES } from '../tracking/tracking-modes';
import { controlCharactersMessage, hasControlCharacters } from '../validation/control-characters';

/**
 * The kinds of exception the engine raises from what it already stores (each shipment's derived view
 * and list columns). Ocean first, then parcels; `not_found` and `no_update` serve both modes.
 */
export const EXCEPTION_TYPES = [
  'rolled',
  'eta_slipped',
  'connection_at_risk',
  'transshipment_delayed',
  'port_changed',
  'sequence_changed',
  'on_hold',
  'lfd_at_risk',
  'lfd_passed',
  'empty_not_returned',
  'not_found',
  'no_update',
  'parcel_exception',
  'failed_attempt',
  'returned_to_sender',
  'late',
] as const;
export type ExceptionType = (typeof EXCEPTION_TYPES)[number];

export const EXCEPTION_TYPE_LABELS: Record<ExceptionType, string> = {
  rolled: 'Rolled to another vessel',
  eta_slipped: 'ETA slipped',
  connection_at_risk: 'Transshipment connection at risk',
  transshipment_delayed: 'Transshipment delayed',
  port_changed: 'Port omitted or added',
  sequence_changed: 'Port call sequence changed',
  on_hold: 'On hold at the terminal',
  lfd_at_risk: 'Last free day at risk',
  lfd_passed: 'Last free day passed',
  empty_not_returned: 'Empty not returned',
  not_found: 'Not found at the carrier',
  no_update: 'No update',
  parcel_exception: 'Parcel exception',
  failed_attempt: 'Failed delivery attempt',
  returned_to_sender: 'Returned to sender',
  late: 'Late against the estimate',
};

/** The thresholds the rules use (hours or days, as named). */
export const EXCEPTION_THRESHOLDS = {
  /** The latest ETA this much later than the first one. */
  etaSlipHours: 48,
  /** The next vessel leaves less than this after the box arrives at the transshipment port. */
  connectionBufferHours: 24,
  /**
   * At a transshipment port the box has reached, its next departure is now expected this much later
   * than the carrier first planned it (the wait there grew), or is this much overdue.
   */
  transshipmentDelayHours: 24,
  /** The last free day is this close (in days, today included). */
  lfdAtRiskDays: 2,
  /** The box left the terminal full this many days ago and no empty return is known. */
  emptyNotReturnedDays: 7,
  /** No answer from the carrier for this many days. */
  noUpdateDays: 3,
  /** A parcel's estimate passed this many hours ago. */
  lateHours: 24,
} as const;

/**
 * open: raised, nobody has taken it up; acknowledged: someone has; resolved: a person closed it;
 * auto_resolved: the condition cleared by itself.
 */
export const EXCEPTION_STATES = ['open', 'acknowledged', 'resolved', 'auto_resolved'] as const;
export type ExceptionState = (typeof EXCEPTION_STATES)[number];
export const ACTIVE_EXCEPTION_STATES = ['open', 'acknowledged'] as const satisfies readonly ExceptionState[];

export const EXCEPTION_ACTIONS = [
  'opened',
  'acknowledged',
  'assigned',
  'due_set',
  'noted',
  'resolved',
  'auto_resolved',
] as const;
export type ExceptionAction = (typeof EXCEPTION_ACTIONS)[number];

/** The most exceptions one bulk request may change. */
export const MAX_BULK_EXCEPTIONS = 200;
export const MAX_EXCEPTION_NOTE = 2000;

export const exceptionEventSchema = z.object({
  id: z.uuid(),
  action: z.enum(EXCEPTION_ACTIONS),
  /** Who did it; null: Tracklane itself (raised or cleared by the engine). */
  actor: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  note: z.string().nullable(),
  ownerId: z.uuid().nullable(),
  dueOn: z.string().nullable(),
  createdAt: z.string(),
});
export type ExceptionEvent = z.infer<typeof exceptionEventSchema>;

export const exceptionSchema = z.object({
  id: z.uuid(),
  type: z.enum(EXCEPTION_TYPES),
  state: z.enum(EXCEPTION_STATES),
  mode: z.enum(TRACKING_MODES),
  shipmentId: z.uuid(),
  /** Container or parcel number, and its carrier (SCAC or parcel carrier code). */
  reference: z.string(),
  carrier: z.string(),
  tags: z.array(z.string()),
  /** What the engine saw when it raised it, in words. */
  detail: z.string(),
  owner: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  dueOn: z.string().nullable(),
  openedAt: z.string(),
  /** When the condition stopped holding (null while it holds). */
  clearedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type ShipmentException = z.infer<typeof exceptionSchema>;

export const exceptionDetailSchema = exceptionSchema.extend({ events: z.array(exceptionEventSchema) });
export type ShipmentExceptionDetail = z.infer<typeof exceptionDetailSchema>;

const listOf = <T extends string>(values: readonly [T, ...T[]], what: string) =>
  z
    .union([z.enum(values), z.array(z.enum(values))], { message: `Unknown ${what}.` })
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

export const exceptionListQuerySchema = z.object({
  type: listOf(EXCEPTION_TYPES, 'exception type'),
  /** Default: the active ones (open and acknowledged). */
  state: listOf(EXCEPTION_STATES, 'exception state'),
  /** A member's id, or `none` for the unassigned. */
  owner: z.union([z.uuid({ message: 'Owner must be a member id or "none".' }), z.literal('none')]).optional(),
  carrier: z.string().trim().max(40, { message: 'Carrier is at most 40 characters.' }).optional(),
  tag: z.string().trim().max(60, { message: 'Tag is at most 60 characters.' }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type ExceptionListQuery = z.infer<typeof exceptionListQuerySchema>;

export const exceptionCountsSchema = z.object({
  /** Active (open or acknowledged) exceptions of the workspace, all types. */
  active: z.number().int(),
  byType: z.record(z.string(), z.number().int()),
});
export type ExceptionCounts = z.infer<typeof exceptionCountsSchema>;

export const exceptionListSchema = z.object({
  items: z.array(exceptionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ExceptionList = z.infer<typeof exceptionListSchema>;

const noteText = z
  .string()
  .trim()
  .min(1, { message: 'Write a note.' })
  .max(MAX_EXCEPTION_NOTE, { message: `A note is at most ${String(MAX_EXCEPTION_NOTE)} characters.` })
  // Line breaks and tabs belong in a note; other control characters do not.
  .refine((v) => !hasControlCharacters(v.replace(/[\n\t]/g, ' ')), {
    message: controlCharactersMessage('A note'),
  });

const dueOn = z.iso.date({ message: 'Due date must be a date (YYYY-MM-DD).' }).nullable();

/** One change to one exception; the fields given are applied in one transaction, in one audit row each. */
export const updateExceptionSchema = z
  .strictObject({
    /** A member id, or null to unassign. */
    ownerId: z.uuid({ message: 'Owner must be a member id.' }).nullable().optional(),
    dueOn: dueOn.optional(),
    state: z
      .enum(['acknowledged', 'resolved'], { message: 'Set the state to acknowledged or resolved.' })
      .optional(),
    note: noteText.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change.' });
export type UpdateException = z.infer<typeof updateExceptionSchema>;

export const bulkExceptionsSchema = z.strictObject({
  ids: z
    .array(z.uuid({ message: 'Each id must be an exception id.' }))
    .min(1, { message: 'Choose at least one exception.' })
    .max(MAX_BULK_EXCEPTIONS, { message: `At most ${String(MAX_BULK_EXCEPTIONS)} exceptions at once.` }),
  action: z.discriminatedUnion(
    'kind',
    [
      z.strictObject({
        kind: z.literal('assign'),
        ownerId: z.uuid({ message: 'Owner must be a member id.' }).nullable(),
      }),
      z.strictObject({ kind: z.literal('resolve') }),
    ],
    { message: 'Choose assign or resolve.' },
  ),
});
export type BulkExceptions = z.infer<typeof bulkExceptionsSchema>;

export const bulkExceptionsResultSchema = z.object({ changed: z.number().int() });
