import {
  intakeReferencesSchema,
  PARTY_LABELS,
  PARTY_ROLES,
  type IntakeReferences,
} from '@tracklane/shared/references/references.schema';
import { headerColumns } from './paste-table';

/*
 * A bulk import's reference columns, whatever the mode: a file's header may name the workspace's own
 * references beside the mode's columns (customer reference, PO numbers, the parties, and where the
 * mode has no booking column of its own, the booking number). Each row's references are checked as the
 * server checks them, so a bad one shows next to its row.
 */

type ReferenceField = keyof IntakeReferences;

/** Where a header names each reference field (absent: not named). */
export type ReferenceColumns = Partial<Record<ReferenceField, number>>;

// Looked for in this order, each in a cell an earlier one did not take ("Customer ref" before "Customer").
const PATTERNS: readonly (readonly [ReferenceField, RegExp])[] = [
  ['customerReference', /customer\s*ref|your\s*ref|client\s*ref/i],
  ['poNumbers', /\bp\.?o\.?\b|purchase\s*order/i],
  ['shipper', /shipper|supplier/i],
  ['consignee', /consignee/i],
  ['customer', /customer|client/i],
  ['forwarder', /forwarder/i],
];
const BOOKING: readonly [ReferenceField, RegExp] = ['bookingNumber', /booking|\bbkg\b/i];

/**
 * The headers that name a reference column, as people write them (beside the list's own labels,
 * which the export writes): a custom field called one of these is not read from that column.
 */
export const REFERENCE_HEADERS = [
  'Booking',
  'Booking number',
  'Booking no',
  'BKG',
  'Customer ref',
  'Customer reference',
  'Your ref',
  'Client ref',
  'PO',
  'PO number',
  'PO numbers',
  'Purchase order',
  'Purchase orders',
  'Shipper',
  'Supplier',
  'Consignee',
  'Customer',
  'Client',
  'Forwarder',
] as const;

const LABELS: Record<ReferenceField, string> = {
  bookingNumber: 'Booking',
  customerReference: 'Customer ref.',
  poNumbers: 'PO numbers',
  ...PARTY_LABELS,
};

/**
 * The reference columns a header row names, or null when it names none. `withBooking`: the mode has
 * no booking column of its own, so "Booking" is the booking reference.
 */
export function referenceHeader(cells: string[], withBooking: boolean): ReferenceColumns | null {
  const found = headerColumns(cells, withBooking ? [...PATTERNS, BOOKING] : PATTERNS);
  if (!found) return null;
  return Object.fromEntries(Object.entries(found).filter(([, index]) => index !== -1));
}

/** The header's cells with those the reference columns took blanked: what the mode's columns are read from. */
export const cellsLeft = (cells: string[], columns: ReferenceColumns | null) => {
  const taken = new Set(Object.values(columns ?? {}));
  return cells.map((cell, index) => (taken.has(index) ? '' : cell));
};

/** A row's references: none when its reference cells are empty, or what is wrong with one. */
export function readReferences(
  cells: string[],
  columns: ReferenceColumns | null,
): { references: IntakeReferences | undefined; error: string | null } {
  if (!columns) return { references: undefined, error: null };
  const raw: Record<string, unknown> = {};
  for (const [field, index] of Object.entries(columns) as [ReferenceField, number][]) {
    const cell = (cells[index] ?? '').trim();
    if (!cell) continue;
    // Several PO numbers share a cell, separated by commas, semicolons or bars.
    raw[field] =
      field === 'poNumbers'
        ? cell
            .split(/[,;|]/)
            .map((po) => po.trim())
            .filter(Boolean)
        : cell;
  }
  if (Object.keys(raw).length === 0) return { references: undefined, error: null };
  const parsed = intakeReferencesSchema.safeParse(raw);
  if (parsed.success) return { references: parsed.data, error: null };
  const issue = parsed.error.issues[0];
  const field = issue?.path[0] as ReferenceField | undefined;
  return {
    references: undefined,
    error: `${field ? `${LABELS[field]}: ` : ''}${issue?.message ?? 'not readable'}`,
  };
}

/** A row's references in a few words, for the preview: "PO-1, PO-2 · Shipper Acme". */
export function referencesSummary(references: IntakeReferences | undefined): string {
  if (!references) return '';
  return [
    references.bookingNumber ? `Booking ${references.bookingNumber}` : null,
    references.customerReference ? `Ref. ${references.customerReference}` : null,
    references.poNumbers?.length ? references.poNumbers.join(', ') : null,
    ...PARTY_ROLES.map((role) => (references[role] ? `${PARTY_LABELS[role]} ${references[role]}` : null)),
  ]
    .filter(Boolean)
    .join(' · ');
}
