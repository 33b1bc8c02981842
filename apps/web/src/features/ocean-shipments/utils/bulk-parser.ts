import {
  OCEAN_INTAKE_MAX_ITEMS,
  type OceanIntakeItem,
} from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { checkContainerNumber } from '@tracklane/shared/validation/container-number';
import { headerColumns, pastedRows, summariseBulkRows, type BulkParse } from '../../../lib/paste-table';
import { checkIntakeRow, type CheckedRow } from './intake-row';

/*
 * Ocean bulk intake: one shipment per line, "container, MBL[, carrier]", split into cells by
 * lib/paste-table. Uploaded CSV and XLSX files go through the same parser; their first row may name
 * the columns in any order.
 */

export interface BulkRow {
  /** 1-based line in the pasted text or the file, as the user's editor numbers it. */
  line: number;
  containerInput: string;
  mblInput: string;
  carrierInput: string;
  check: CheckedRow;
  /** The line of the first row with the same container and bill of lading: this one is skipped. */
  duplicateOf: number | null;
}

/** A row that passed every check and is not a duplicate: what Submit sends, and the line it came from. */
export interface ReadyRow {
  line: number;
  item: Required<OceanIntakeItem>;
}

export type OceanBulkParse = BulkParse<BulkRow, ReadyRow>;

interface ColumnMap {
  container: number;
  mbl: number;
  carrier: number | null;
}

const DEFAULT_COLUMNS: ColumnMap = { container: 0, mbl: 1, carrier: 2 };
// Looked for in this order, each in a cell an earlier one did not take.
const HEADER_PATTERNS = [
  ['carrier', /carrier|scac|shipping line/i],
  ['container', /container|cntr|equipment/i],
  ['mbl', /mbl|\bb\/?l\b|bill|lading|\bbol\b/i],
] as const;

/** Container, MBL, carrier: a fourth word and on belong to the carrier's name. */
const MAX_CELLS = 3;

/** The columns a header row names, or null when the row is data. */
function oceanHeader(cells: string[]): ColumnMap | null {
  const found = headerColumns(cells, HEADER_PATTERNS);
  if (!found) return null;
  // A data row never names a column, but a first cell that is a container number is data whatever follows.
  if (checkContainerNumber(cells[0] ?? '').valid) return null;
  return {
    container: found.container === -1 ? DEFAULT_COLUMNS.container : found.container,
    mbl: found.mbl === -1 ? DEFAULT_COLUMNS.mbl : found.mbl,
    carrier: found.carrier === -1 ? null : found.carrier,
  };
}

function oceanRow(line: number, cells: string[], columns: ColumnMap): BulkRow {
  const containerInput = cells[columns.container] ?? '';
  const mblInput = cells[columns.mbl] ?? '';
  const carrierInput = columns.carrier === null ? '' : (cells[columns.carrier] ?? '');
  return {
    line,
    containerInput,
    mblInput,
    carrierInput,
    check: checkIntakeRow(containerInput, mblInput, carrierInput),
    duplicateOf: null,
  };
}

/** Reads pasted text or a CSV file's content into checked rows, duplicates marked, a header skipped. */
export function parseBulkText(text: string): OceanBulkParse {
  const pasted = pastedRows(text, MAX_CELLS);
  const [first] = pasted;
  const header = first ? oceanHeader(first.cells) : null;
  const data = header ? pasted.slice(1) : pasted;
  const columns = header ?? DEFAULT_COLUMNS;
  return summariseBulkRows(
    data.map(({ line, cells }) => oceanRow(line, cells, columns)),
    {
      itemOf: (row) => (row.check.valid ? row.check.item : null),
      keyOf: (item) => `${item.containerNo}|${item.mblNo}`,
      headerLine: header && first ? first.line : null,
      maxItems: OCEAN_INTAKE_MAX_ITEMS,
    },
  );
}
