import {
  OCEAN_INTAKE_MAX_ITEMS,
  type OceanIntakeItem,
} from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { checkContainerNumber } from '@tracklane/shared/validation/container-number';
import { checkIntakeRow, type CheckedRow } from './intake-row';

/*
 * Bulk intake: one shipment per line, "container, MBL[, carrier]", as people paste them from a
 * spreadsheet (tabs), a CSV export (commas or semicolons) or an e-mail (spaces). The same parser reads
 * uploaded CSV files, whose first row may name the columns in any order.
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

export interface BulkParse {
  rows: BulkRow[];
  /** The line of the header row, when the first row names the columns. */
  headerLine: number | null;
  ready: ReadyRow[];
  invalidCount: number;
  duplicateCount: number;
  /** More ready rows than the server takes in one request. */
  overLimit: boolean;
}

interface ColumnMap {
  container: number;
  mbl: number;
  carrier: number | null;
}

const DEFAULT_COLUMNS: ColumnMap = { container: 0, mbl: 1, carrier: 2 };
const DELIMITERS = ['\t', ';', ','] as const;

const HEADER_PATTERNS = {
  container: /container|cntr|equipment/i,
  mbl: /mbl|\bb\/?l\b|bill|lading|\bbol\b/i,
  carrier: /carrier|scac|shipping line/i,
};

/** The first of tab, semicolon, comma that occurs outside quotes; null when the line has none. */
function delimiterOf(line: string): string | null {
  let quoted = false;
  const seen = new Set<string>();
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (DELIMITERS as readonly string[]).includes(char)) seen.add(char);
  }
  return DELIMITERS.find((delimiter) => seen.has(delimiter)) ?? null;
}

/** Splits one line on `delimiter`, honouring CSV quotes ("a, b" and "" for a quote). */
function splitQuoted(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells.map((c) => c.trim());
}

/** A line's cells. Without tab, semicolon or comma, spaces separate; a carrier name may keep its spaces. */
export function splitCells(line: string): string[] {
  const delimiter = delimiterOf(line);
  if (delimiter) return splitQuoted(line, delimiter);
  const words = line.trim().split(/\s+/);
  return words.length > 3 ? [words[0]!, words[1]!, words.slice(2).join(' ')] : words;
}

/** The columns a header row names, or null when the row is data. */
function headerColumns(cells: string[]): ColumnMap | null {
  const find = (pattern: RegExp, taken: number[]) =>
    cells.findIndex((cell, index) => !taken.includes(index) && pattern.test(cell));
  const carrier = find(HEADER_PATTERNS.carrier, []);
  const container = find(HEADER_PATTERNS.container, [carrier]);
  const mbl = find(HEADER_PATTERNS.mbl, [carrier, container]);
  if (container === -1 && mbl === -1 && carrier === -1) return null;
  // A data row never names a column, but a first cell that is a container number is data whatever follows.
  if (checkContainerNumber(cells[0] ?? '').valid) return null;
  return {
    container: container === -1 ? DEFAULT_COLUMNS.container : container,
    mbl: mbl === -1 ? DEFAULT_COLUMNS.mbl : mbl,
    carrier: carrier === -1 ? null : carrier,
  };
}

const keyOf = (row: BulkRow) =>
  row.check.valid ? `${row.check.item.containerNo}|${row.check.item.mblNo}` : null;

/** Reads pasted text or a CSV file's content into checked rows, duplicates marked, a header skipped. */
export function parseBulkText(text: string): BulkParse {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const rows: BulkRow[] = [];
  let columns = DEFAULT_COLUMNS;
  let headerLine: number | null = null;
  const firstLineOf = new Map<string, number>();

  lines.forEach((rawLine, index) => {
    const cells = splitCells(rawLine);
    if (cells.every((cell) => cell === '')) return;
    if (rows.length === 0 && headerLine === null) {
      const header = headerColumns(cells);
      if (header) {
        columns = header;
        headerLine = index + 1;
        return;
      }
    }
    const containerInput = cells[columns.container] ?? '';
    const mblInput = cells[columns.mbl] ?? '';
    const carrierInput = columns.carrier === null ? '' : (cells[columns.carrier] ?? '');
    const row: BulkRow = {
      line: index + 1,
      containerInput,
      mblInput,
      carrierInput,
      check: checkIntakeRow(containerInput, mblInput, carrierInput),
      duplicateOf: null,
    };
    const key = keyOf(row);
    if (key !== null) {
      const first = firstLineOf.get(key);
      if (first === undefined) firstLineOf.set(key, row.line);
      else row.duplicateOf = first;
    }
    rows.push(row);
  });

  const ready = rows.flatMap((row) =>
    row.check.valid && row.duplicateOf === null ? [{ line: row.line, item: row.check.item }] : [],
  );
  return {
    rows,
    headerLine,
    ready,
    invalidCount: rows.filter((row) => !row.check.valid).length,
    duplicateCount: rows.filter((row) => row.duplicateOf !== null).length,
    overLimit: ready.length > OCEAN_INTAKE_MAX_ITEMS,
  };
}
