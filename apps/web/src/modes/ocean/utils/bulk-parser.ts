import {
  OCEAN_INTAKE_MAX_ITEMS,
  type OceanIntakeItem,
} from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { checkContainerNumber } from '@tracklane/shared/validation/container-number';
import {
  cellsLeft,
  readReferences,
  REFERENCE_HEADERS,
  referenceHeader,
  type ReferenceColumns,
} from '../../../lib/intake-references';
import type { CustomField } from '@tracklane/shared/custom-fields/custom-fields.schema';
import {
  cellsLeftByFields,
  customFieldHeader,
  readCustomFields,
  type CustomFieldColumns,
} from '../../../lib/intake-custom-fields';
import {
  headerColumns,
  pastedRows,
  summariseBulkRows,
  unreadColumns,
  type BulkParse,
} from '../../../lib/paste-table';
import { exportHeaders } from '../../../shipment-list/table-export';
import { resolveCarrier } from './carriers';
import { OCEAN_COLUMNS } from './columns';
import { checkIntakeRow, intakeKey, type CheckedRow } from './intake-row';

/*
 * Ocean bulk intake: one shipment per line, split into cells by lib/paste-table: "container, MBL[,
 * carrier]" for a container on its bill, "MBL[, carrier]" (or "bl MBL[ carrier]") for a bill of lading
 * alone and "booking NUMBER[ carrier]" for a booking alone (ADR 0037). Uploaded CSV and XLSX files go
 * through the same parser; their first row may name the columns in any order (container, MBL, booking,
 * carrier), and a row with no container follows its bill or booking alone. The header may also name
 * the workspace's references and custom fields (lib/intake-references, lib/intake-custom-fields), so
 * the list's export imports back.
 */

export interface BulkRow {
  /** 1-based line in the pasted text or the file, as the user's editor numbers it. */
  line: number;
  containerInput: string;
  mblInput: string;
  bookingInput: string;
  carrierInput: string;
  /** The row's cells of the custom field columns the header names, by field id (as written). */
  customCells: Record<string, string>;
  check: CheckedRow;
  /** The line of the first row with the same container and bill of lading: this one is skipped. */
  duplicateOf: number | null;
}

/** A row that passed every check and is not a duplicate: what Submit sends, and the line it came from. */
export interface ReadyRow {
  line: number;
  item: OceanIntakeItem;
}

export type OceanBulkParse = BulkParse<BulkRow, ReadyRow>;

interface ColumnMap {
  container: number | null;
  mbl: number | null;
  booking: number | null;
  carrier: number | null;
  /** The workspace's references the header names (its booking column is the mode's own). */
  references: ReferenceColumns | null;
  /** The workspace's custom fields the header names. */
  customFields: CustomFieldColumns | null;
}

const DEFAULT_COLUMNS: Omit<ColumnMap, 'references' | 'customFields'> = {
  container: 0,
  mbl: 1,
  booking: null,
  carrier: 2,
};
// Looked for in this order, each in a cell an earlier one did not take.
const HEADER_PATTERNS = [
  ['carrier', /carrier|scac|shipping line/i],
  ['container', /container|cntr|equipment/i],
  ['booking', /booking|\bbkg\b/i],
  ['mbl', /mbl|\bb\/?l\b|bill|lading|\bbol\b/i],
] as const;

/**
 * The headers that name the list's own columns: what its export writes for them, and the names this
 * import reads its columns and the references by. A custom field called one of these is read from the
 * export's prefixed header only ("Custom field: Container number"): the built-in column wins.
 */
const BUILT_IN_HEADERS = [
  ...exportHeaders(Object.values(OCEAN_COLUMNS.columns)),
  'Container number',
  'Container no',
  'Equipment',
  'MBL number',
  'Master bill of lading',
  'Bill of lading',
  'B/L',
  'BOL',
  'SCAC',
  'Shipping line',
  ...REFERENCE_HEADERS,
];

/** A first cell saying what the next one is: "bl MEDU1234567", "booking 241100123". */
const BILL_WORD = /^(bl|b\/l|mbl|bill)[:.]?$/i;
const BOOKING_WORD = /^(booking|bkg)[:.]?$/i;

/** Container, MBL, carrier: a fourth word and on belong to the carrier's name. */
const MAX_CELLS = 3;

/** The columns a header row names, or null when the row is data. */
function oceanHeader(cells: string[], fields: readonly CustomField[]): ColumnMap | null {
  // A field's own name first ("Customer code" is that field, not the customer's column), unless it is
  // a built-in column's.
  const customFields = customFieldHeader(cells, fields, BUILT_IN_HEADERS);
  const rest = cellsLeftByFields(cells, customFields);
  const references = referenceHeader(rest, false);
  const found = headerColumns(cellsLeft(rest, references), HEADER_PATTERNS);
  if (!found) return null;
  // A data row never names a column, but a first cell that is a container number is data whatever follows.
  if (checkContainerNumber(cells[0] ?? '').valid) return null;
  // Nor does a row with a number in it ("booking 241100123 MAEU" names the booking column's word).
  if (rest.some((cell) => /\d{4}/.test(cell))) return null;
  const named = (index: number) => (index === -1 ? null : index);
  // A file of bills or bookings alone names no container column; a file of containers may leave its
  // columns in the usual places.
  const alone = found.mbl !== -1 || found.booking !== -1;
  return {
    container: named(found.container) ?? (alone ? null : DEFAULT_COLUMNS.container),
    mbl: named(found.mbl) ?? (found.booking !== -1 ? null : DEFAULT_COLUMNS.mbl),
    booking: named(found.booking),
    carrier: found.carrier === -1 ? null : found.carrier,
    references,
    customFields,
  };
}

/** What a row's cells say: by the header's columns, or without one by their shape. */
function rowInput(cells: string[], header: ColumnMap | null) {
  const at = (index: number | null) => (index === null ? '' : (cells[index] ?? ''));
  if (header)
    return {
      container: at(header.container),
      mbl: at(header.mbl),
      booking: at(header.booking),
      carrier: at(header.carrier),
    };
  const [first = '', second = '', third = ''] = cells;
  if (BOOKING_WORD.test(first)) return { container: '', mbl: '', booking: second, carrier: third };
  if (BILL_WORD.test(first)) return { container: '', mbl: second, booking: '', carrier: third };
  // One number that is no container (and perhaps its carrier): a bill of lading alone.
  const alone = cells.length === 1 || (cells.length === 2 && resolveCarrier(second) !== undefined);
  if (alone && !checkContainerNumber(first).valid)
    return { container: '', mbl: first, booking: '', carrier: cells.length === 2 ? second : '' };
  return { container: first, mbl: second, booking: '', carrier: third };
}

function oceanRow(line: number, cells: string[], header: ColumnMap | null): BulkRow {
  const input = rowInput(cells, header);
  const { references, error } = readReferences(cells, header?.references ?? null);
  const custom = readCustomFields(cells, header?.customFields ?? null);
  const check = checkIntakeRow({ ...input, references, customFields: custom.customFields });
  const rowError = error ?? custom.error;
  return {
    line,
    containerInput: input.container,
    mblInput: input.mbl,
    bookingInput: input.booking,
    carrierInput: input.carrier,
    customCells: Object.fromEntries(
      (header?.customFields ?? []).map(({ field, index }) => [field.id, cells[index] ?? '']),
    ),
    check: rowError && check.valid ? { ...invalidInput(input), message: rowError } : check,
    duplicateOf: null,
  };
}

/** A row refused before its numbers were checked, as it was written. */
const invalidInput = (input: ReturnType<typeof rowInput>) => ({
  valid: false as const,
  containerNo: input.container,
  mblNo: input.mbl,
  bookingNo: input.booking,
});

/**
 * Reads pasted text or a CSV file's content into checked rows, duplicates marked, a header skipped;
 * `fields`: the workspace's custom fields, whose columns the header may name.
 */
export function parseBulkText(text: string, fields: readonly CustomField[] = []): OceanBulkParse {
  const pasted = pastedRows(text, MAX_CELLS);
  const [first] = pasted;
  const header = first ? oceanHeader(first.cells, fields) : null;
  const data = header ? pasted.slice(1) : pasted;
  const unread =
    header && first
      ? unreadColumns(first.cells, [
          header.container,
          header.mbl,
          header.booking,
          header.carrier,
          ...Object.values(header.references ?? {}),
          ...(header.customFields ?? []).map((c) => c.index),
        ])
      : [];
  return summariseBulkRows(
    data.map(({ line, cells }) => oceanRow(line, cells, header)),
    {
      itemOf: (row) => (row.check.valid ? row.check.item : null),
      keyOf: intakeKey,
      headerLine: header && first ? first.line : null,
      unreadColumns: unread,
      maxItems: OCEAN_INTAKE_MAX_ITEMS,
    },
  );
}
