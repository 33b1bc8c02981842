import { validateParcelNumberInput } from '@tracklane/shared/tracking/express/parcel-number';
import {
  EXPRESS_INTAKE_MAX_ITEMS,
  type ExpressIntakeItem,
} from '@tracklane/shared/tracking/express/express-shipments.schema';
import {
  headerColumns,
  pastedRows,
  summariseBulkRows,
  unreadColumns,
  type BulkParse,
  type PastedRow,
} from '../../../lib/paste-table';
import { exportHeaders } from '../../../shipment-list/table-export';
import { resolveParcelCarrier } from './carriers';
import { EXPRESS_COLUMNS } from './columns';
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

/*
 * Express bulk intake: one parcel per line, "tracking number[, carrier]", split into cells by
 * lib/paste-table. Uploaded CSV and XLSX files go through the same parser; their first row may name
 * the columns in any order, the workspace's references and custom fields among them. The carrier is
 * one of our codes or a carrier's name; without it, the number's format tells it.
 */

export type ExpressRowCheck =
  | {
      valid: true;
      item: ExpressIntakeItem & { carrier: string };
      /** The carrier was read from the number's format, not from the row. */
      detected: boolean;
      /** The service the number encodes, when its format says. */
      service: string | null;
    }
  | { valid: false; trackingNo: string; message: string };

export interface ExpressBulkRow {
  /** 1-based line in the pasted text or the file, as the user's editor numbers it. */
  line: number;
  trackingInput: string;
  carrierInput: string;
  /** The row's cells of the custom field columns the header names, by field id (as written). */
  customCells: Record<string, string>;
  check: ExpressRowCheck;
  /** The line of the first row with the same number and carrier: this one is skipped. */
  duplicateOf: number | null;
}

/** A row that passed every check and is not a duplicate: what Submit sends, and the line it came from. */
export interface ExpressReadyRow {
  line: number;
  item: ExpressIntakeItem & { carrier: string };
}

export type ExpressBulkParse = BulkParse<ExpressBulkRow, ExpressReadyRow>;

interface ColumnMap {
  tracking: number;
  carrier: number | null;
  /** The workspace's references the header names. */
  references: ReferenceColumns | null;
  /** The workspace's custom fields the header names. */
  customFields: CustomFieldColumns | null;
}

const DEFAULT_COLUMNS = { tracking: 0, carrier: 1 };
// Looked for in this order, each in a cell an earlier one did not take ("Carrier" before "number").
const HEADER_PATTERNS = [
  ['carrier', /carrier|courier/i],
  ['tracking', /tracking|number|awb|waybill|parcel|shipment/i],
] as const;

/**
 * The headers that name the list's own columns: what its export writes for them, and the names this
 * import reads its columns and the references by. A custom field called one of these is read from the
 * export's prefixed header only ("Custom field: Tracking number"): the built-in column wins.
 */
const BUILT_IN_HEADERS = [
  ...exportHeaders(Object.values(EXPRESS_COLUMNS.columns)),
  'Tracking',
  'Tracking no',
  'AWB',
  'Waybill',
  'Parcel number',
  'Shipment number',
  'Courier',
  ...REFERENCE_HEADERS,
];

/** A carrier's name has at most this many words ("Old Dominion Freight Line"). */
const MAX_CARRIER_WORDS = 4;

/** The columns a header row names, or null when the row is data. */
function expressHeader(cells: string[], fields: readonly CustomField[]): ColumnMap | null {
  // A field's own name first ("Parcel size" is that field) unless it is a built-in column's, then the
  // references: "PO number" and "Booking number" name no tracking number.
  const customFields = customFieldHeader(cells, fields, BUILT_IN_HEADERS);
  const rest = cellsLeftByFields(cells, customFields);
  const references = referenceHeader(rest, true);
  const found = headerColumns(cellsLeft(rest, references), HEADER_PATTERNS);
  // A first cell that is a tracking number is data, whatever follows.
  if (!found || validateParcelNumberInput(cells[0] ?? '').ok) return null;
  return {
    tracking: found.tracking === -1 ? DEFAULT_COLUMNS.tracking : found.tracking,
    carrier: found.carrier === -1 ? null : found.carrier,
    references,
    customFields,
  };
}

/**
 * A line split on spaces only ("9400 1118 9922 3344 5566 77 USPS"): numbers are often written in
 * groups, so the carrier is the longest run of last words that names one, and the rest is the number.
 */
function spacedCells(words: string[]): { trackingInput: string; carrierInput: string } {
  for (let n = Math.min(MAX_CARRIER_WORDS, words.length - 1); n >= 1; n--) {
    const carrier = words.slice(-n).join(' ');
    if (resolveParcelCarrier(carrier)) {
      return { trackingInput: words.slice(0, -n).join(' '), carrierInput: carrier };
    }
  }
  return { trackingInput: words.join(' '), carrierInput: '' };
}

/**
 * The checks the server runs on each row, run before sending so that every problem shows next to its
 * row: a carrier it knows, if one is given, and a number that fits one of that carrier's formats,
 * check digit included (or, without a carrier, a format that names one).
 */
export function checkExpressRow(trackingInput: string, carrierInput: string): ExpressRowCheck {
  const given = carrierInput.trim();
  const carrier = given ? resolveParcelCarrier(given) : undefined;
  if (given && !carrier) {
    return {
      valid: false,
      trackingNo: trackingInput.trim(),
      message: `Unknown carrier ${given}: write its name or code (such as UPS or dhl_express), or leave it empty`,
    };
  }
  const check = validateParcelNumberInput(trackingInput, carrier?.code);
  if (!check.ok) return { valid: false, trackingNo: check.trackingNo, message: check.message };
  return {
    valid: true,
    item: { trackingNo: check.trackingNo, carrier: check.carrier },
    detected: !carrier,
    service: check.service ?? null,
  };
}

function expressRow({ line, cells, delimited }: PastedRow, columns: ColumnMap | null): ExpressBulkRow {
  const { trackingInput, carrierInput } = columns
    ? {
        trackingInput: cells[columns.tracking] ?? '',
        carrierInput: columns.carrier === null ? '' : (cells[columns.carrier] ?? ''),
      }
    : delimited
      ? { trackingInput: cells[0] ?? '', carrierInput: cells[1] ?? '' }
      : spacedCells(cells);
  const { references, error } = readReferences(cells, columns?.references ?? null);
  const { customFields, error: customError } = readCustomFields(cells, columns?.customFields ?? null);
  const check = checkExpressRow(trackingInput, carrierInput);
  const rowError = error ?? customError;
  return {
    line,
    trackingInput,
    carrierInput,
    customCells: Object.fromEntries(
      (columns?.customFields ?? []).map(({ field, index }) => [field.id, cells[index] ?? '']),
    ),
    check: !check.valid
      ? check
      : rowError
        ? { valid: false, trackingNo: check.item.trackingNo, message: rowError }
        : {
            ...check,
            item: {
              ...check.item,
              ...(references ? { references } : {}),
              ...(customFields ? { customFields } : {}),
            },
          },
    duplicateOf: null,
  };
}

/**
 * Reads pasted text or a CSV file's content into checked rows, duplicates marked, a header skipped;
 * `fields`: the workspace's custom fields, whose columns the header may name.
 */
export function parseExpressBulkText(text: string, fields: readonly CustomField[] = []): ExpressBulkParse {
  const pasted = pastedRows(text);
  const [first] = pasted;
  const header = first ? expressHeader(first.cells, fields) : null;
  const data = header ? pasted.slice(1) : pasted;
  const unread =
    header && first
      ? unreadColumns(first.cells, [
          header.tracking,
          header.carrier,
          ...Object.values(header.references ?? {}),
          ...(header.customFields ?? []).map((c) => c.index),
        ])
      : [];
  return summariseBulkRows(
    data.map((row) => expressRow(row, header)),
    {
      itemOf: (row) => (row.check.valid ? row.check.item : null),
      // The server tracks a number per carrier: the same number for two carriers is two parcels.
      keyOf: (item) => `${item.trackingNo}|${item.carrier}`,
      headerLine: header && first ? first.line : null,
      unreadColumns: unread,
      maxItems: EXPRESS_INTAKE_MAX_ITEMS,
    },
  );
}
