import { z } from 'zod';
import {
  CONTAINER_STAGES,
  HOLD_KINDS,
  type ContainerStage,
  type HoldKind,
  type TerminalFacts,
} from '@tracklane/shared/terminal-availability/terminal-availability';

/**
 * APM Terminals' Import Availability answer (`GET /import-availability`, OpenAPI "APMT Track and Trace
 * - Import Availability" 1.0.1), one record per container. The published schema types every field as an
 * optional string (the weights as integers); the date-times are local with their UTC offset. Where the
 * publication is silent (the top level, the words of a hold, how "ready" and money are written) this
 * reads what a reasonable terminal system sends and refuses anything of another shape (ADR 0039).
 */

const MAX_TEXT = 200;

/** A string field, an empty one read as absent; anything but a string (or null) is not the API's shape. */
const text = z
  .string()
  .max(MAX_TEXT)
  .nullish()
  .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v.trim()));

/** A local date-time with its offset (ISO 8601), as the API's `...DateTimeLocal` fields carry them. */
const dateTime = text.refine((v) => v === null || isIsoDateTime(v), {
  message: 'is not an ISO 8601 date-time',
});

/** A date (YYYY-MM-DD), or a date-time whose calendar day is meant. */
const dateOrDateTime = text.refine((v) => v === null || /^\d{4}-\d{2}-\d{2}$/.test(v) || isIsoDateTime(v), {
  message: 'is not an ISO 8601 date',
});

function isIsoDateTime(value: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(value) &&
    !Number.isNaN(Date.parse(value))
  );
}

const yesNo = z
  .union([z.boolean(), z.string().max(20)])
  .nullish()
  .transform((v, context) => {
    if (v === undefined || v === null) return null;
    if (typeof v === 'boolean') return v;
    const word = v.trim().toLowerCase();
    if (word === '') return null;
    if (['y', 'yes', 'true', '1'].includes(word)) return true;
    if (['n', 'no', 'false', '0'].includes(word)) return false;
    context.addIssue({ code: 'custom', message: `"${v.slice(0, 20)}" is neither yes nor no` });
    return z.NEVER;
  });

/** Holds as one string ("CUSTOMS, FREIGHT") or a list of them. */
const holds = z
  .union([z.string().max(1000), z.array(z.string().max(MAX_TEXT)).max(50)])
  .nullish()
  .transform((v) => {
    const raw = v === undefined || v === null ? [] : Array.isArray(v) ? v : v.split(/[,;|]/);
    return raw.map((h) => h.trim()).filter((h) => h !== '' && !/^(none|n\/a|no holds?|-)$/i.test(h));
  });

const money = z
  .union([z.string().max(60), z.number()])
  .nullish()
  .transform((v) => (v === undefined || v === null ? null : String(v).trim() || null));

export const apmtRecordSchema = z.looseObject({
  containerId: z
    .string({ error: 'containerId is missing' })
    .min(4)
    .max(20)
    .regex(/^[A-Za-z]{4}[\s-]?\d{6,7}$/, { message: 'containerId is not a container number' }),
  billOfLading: z
    .union([text, z.array(z.string().max(MAX_TEXT)).max(20)])
    .transform((v) => (Array.isArray(v) ? (v[0]?.trim() ?? null) || null : v)),
  readyForDelivery: yesNo,
  containerState: text,
  dischargeDateTimeLocal: dateTime,
  yardLocation: text,
  containerHolds: holds,
  storagePaidThroughDate: dateOrDateTime,
  demurrageOwed: money,
  sizeTypeHeight: text,
  containerIsoCode: text,
  hazardous: text,
  facilityOutDateTimeLocal: dateTime,
  vesselName: text,
  vesselEtaDateTimeLocal: dateTime,
  shippingLine: text,
  appointment: text,
  appointmentDateTimeLocal: dateTime,
});
export type ApmtRecord = z.output<typeof apmtRecordSchema>;

/**
 * The answer: a list of records (one per container asked about that the terminal knows), or one
 * record (the published schema leaves its top level open). Read as the one its shape is, so that a
 * refusal names the field at fault.
 */
export function parseApmtAnswer(body: unknown) {
  return Array.isArray(body)
    ? z.array(apmtRecordSchema).max(500, { message: 'more than 500 records' }).safeParse(body)
    : apmtRecordSchema.safeParse(body).success
      ? z.array(apmtRecordSchema).safeParse([body])
      : apmtRecordSchema.safeParse(body);
}

/** What went wrong with an answer, first issue first, for the health view (never the whole body). */
export function describeApmtIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'unexpected content';
  const where = issue.path.length ? issue.path.join('.') : 'the answer';
  const more = error.issues.length > 1 ? ` (and ${String(error.issues.length - 1)} more)` : '';
  return `${where}: ${issue.message}${more}`.slice(0, 300);
}

/** Container numbers are compared without the spaces and dashes some systems print them with. */
export const containerKey = (value: string) => value.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

const STAGE_WORDS: Record<string, ContainerStage> = Object.fromEntries(CONTAINER_STAGES.map((s) => [s, s]));

/**
 * Which kind of hold a terminal's word names: customs and the other agencies of the state, the line
 * (freight: the carrier has not released it), else the terminal's own (fees, storage, its inspection).
 */
export function holdKindOf(name: string): HoldKind {
  if (/custom|cbp|usda|fda|fish|agri|govern|exam|douane|aduana|zoll|fiscal|\bcus\b|\bctm\b/i.test(name))
    return 'customs';
  if (/freight|line|carrier|ssl|shipping|release|\blne\b|\bfrt\b/i.test(name)) return 'line';
  return 'terminal';
}

/** The calendar day a date or local date-time names (the terminal's, as written). */
const dayOf = (value: string | null) => (value === null ? null : value.slice(0, 10));

/** "$1,234.50", "USD 120", "0.00": an amount, and its currency when the text names one. */
export function readMoney(textValue: string | null): TerminalFacts['demurrageOwed'] {
  if (textValue === null) return null;
  const currency = /\$|usd/i.test(textValue)
    ? 'USD'
    : (/\b([A-Z]{3})\b/.exec(textValue.toUpperCase())?.[1] ?? null);
  const number = textValue.replace(/[^\d.,-]/g, '').replace(/,(?=\d{3}(\D|$))/g, '');
  const amount = /^-?\d+(\.\d+)?$/.test(number) ? Number(number) : null;
  return { amount, currency, text: textValue.slice(0, 60) };
}

/** One record as the terminal facts Tracklane keeps (the rest of the record is not kept). */
export function toTerminalFacts(record: ApmtRecord, facility: string): TerminalFacts {
  const holdsByKind = Object.fromEntries(HOLD_KINDS.map((kind) => [kind, [] as string[]])) as Record<
    HoldKind,
    string[]
  >;
  for (const name of record.containerHolds) holdsByKind[holdKindOf(name)].push(name.slice(0, 60));
  const hold = (kind: HoldKind) => ({
    state: holdsByKind[kind].length > 0 ? ('held' as const) : ('none' as const),
    names: holdsByKind[kind],
  });
  return {
    facility,
    stage: record.containerState ? (STAGE_WORDS[record.containerState.toLowerCase()] ?? null) : null,
    readyForDelivery: record.readyForDelivery,
    holds: { customs: hold('customs'), line: hold('line'), terminal: hold('terminal') },
    lastFreeDay: dayOf(record.storagePaidThroughDate),
    demurrageOwed: readMoney(record.demurrageOwed),
    yardLocation: record.yardLocation,
    dischargedAt: record.dischargeDateTimeLocal,
    leftAt: record.facilityOutDateTimeLocal,
    appointmentAt: record.appointmentDateTimeLocal,
    shippingLine: record.shippingLine,
    vesselName: record.vesselName,
    vesselEta: record.vesselEtaDateTimeLocal,
  };
}
