import { xlsxToRows } from './xlsx';

/*
 * Bulk intake, whatever the mode: the rows people paste from a spreadsheet (tabs), a CSV export (commas
 * or semicolons) or an e-mail (spaces), and the CSV and XLSX files they upload, as cells. Which cell
 * means what (container, bill of lading, tracking number, carrier) is each mode's business.
 */

/** One non-blank line of the input as cells. */
export interface PastedRow {
  /** 1-based line in the pasted text or the file, as the user's editor numbers it. */
  line: number;
  cells: string[];
  /** Split on a tab, semicolon or comma; false when only spaces separated the cells. */
  delimited: boolean;
}

/** What a mode's parser makes of the input: every row checked, and those ready to send. */
export interface BulkParse<Row, Ready> {
  rows: Row[];
  /** The line of the header row, when the first row names the columns. */
  headerLine: number | null;
  /** The header's cells that name nothing the import reads (a misspelt custom field, say). */
  unreadColumns: string[];
  ready: Ready[];
  invalidCount: number;
  duplicateCount: number;
  /** More ready rows than the server takes in one request. */
  overLimit: boolean;
}

const DELIMITERS = ['\t', ';', ','] as const;

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

/**
 * A line's cells, split on tab, semicolon or comma (in that order of preference, outside quotes).
 * Without any of them, spaces separate; past `maxCells` words the last cell keeps the rest with its
 * spaces ("MSCU1234566 MEDU12345678 Hapag Lloyd": a carrier name may have spaces).
 */
export function splitCells(line: string, maxCells = Number.POSITIVE_INFINITY): string[] {
  const delimiter = delimiterOf(line);
  if (delimiter) return splitQuoted(line, delimiter);
  const words = line.trim().split(/\s+/);
  return words.length > maxCells
    ? [...words.slice(0, maxCells - 1), words.slice(maxCells - 1).join(' ')]
    : words;
}

/** Pasted text or a CSV file's content as rows of cells: byte-order mark dropped, blank lines skipped. */
export function pastedRows(text: string, maxCells?: number): PastedRow[] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .flatMap((line, index) => {
      const cells = splitCells(line, maxCells);
      return cells.every((cell) => cell === '')
        ? []
        : [{ line: index + 1, cells, delimited: delimiterOf(line) !== null }];
    });
}

/**
 * Where a header row names each field, or null when no cell names any: the fields are looked for in
 * the order given, each in a cell no earlier field took; a field not named is -1.
 */
export function headerColumns<Field extends string>(
  cells: string[],
  patterns: readonly (readonly [Field, RegExp])[],
): Record<Field, number> | null {
  const taken: number[] = [];
  const found = {} as Record<Field, number>;
  for (const [field, pattern] of patterns) {
    const index = cells.findIndex((cell, i) => !taken.includes(i) && pattern.test(cell));
    found[field] = index;
    if (index !== -1) taken.push(index);
  }
  return taken.length === 0 ? null : found;
}

/** The header's non-empty cells at none of the `taken` columns: what the import does not read. */
export function unreadColumns(
  cells: readonly string[],
  taken: readonly (number | null | undefined)[],
): string[] {
  const read = new Set(taken);
  return cells.flatMap((cell, index) => (cell.trim() && !read.has(index) ? [cell.trim()] : []));
}

/**
 * Marks each row whose key an earlier row already has: `duplicateOf` is that first row's line. Rows
 * without a key (invalid ones) are never duplicates.
 */
export function markDuplicates<Row extends { line: number; duplicateOf: number | null }>(
  rows: Row[],
  keyOf: (row: Row) => string | null,
): Row[] {
  const firstLineOf = new Map<string, number>();
  return rows.map((row) => {
    const key = keyOf(row);
    if (key === null) return row;
    const first = firstLineOf.get(key);
    if (first === undefined) {
      firstLineOf.set(key, row.line);
      return row;
    }
    return { ...row, duplicateOf: first };
  });
}

/**
 * A mode's checked rows as a parse: duplicates marked (same key as an earlier row), and the rows
 * ready to send with the item each sends. `itemOf` is null for a row that failed its checks.
 */
export function summariseBulkRows<Row extends { line: number; duplicateOf: number | null }, Item>(
  checked: Row[],
  options: {
    itemOf: (row: Row) => Item | null;
    keyOf: (item: Item) => string;
    headerLine: number | null;
    /** The header's cells that name nothing the mode reads (none when left out). */
    unreadColumns?: string[];
    /** How many rows the server takes in one request. */
    maxItems: number;
  },
): BulkParse<Row, { line: number; item: Item }> {
  const { itemOf, keyOf } = options;
  const rows = markDuplicates(checked, (row) => {
    const item = itemOf(row);
    return item === null ? null : keyOf(item);
  });
  const ready = rows.flatMap((row) => {
    const item = itemOf(row);
    return item !== null && row.duplicateOf === null ? [{ line: row.line, item }] : [];
  });
  return {
    rows,
    headerLine: options.headerLine,
    unreadColumns: options.unreadColumns ?? [],
    ready,
    invalidCount: rows.filter((row) => itemOf(row) === null).length,
    duplicateCount: rows.filter((row) => row.duplicateOf !== null).length,
    overLimit: ready.length > options.maxItems,
  };
}

/** Old .xls workbooks are a binary format this reader does not know. */
export const isLegacyWorkbook = (fileName: string) => /\.xls$/i.test(fileName);

/**
 * An uploaded CSV or XLSX file as text the paste parser reads: a workbook's cells become tab-separated
 * lines. Throws when an .xlsx file is not a workbook.
 */
export async function readTableFile(file: File): Promise<string> {
  if (/\.xlsx$/i.test(file.name)) {
    const rows = xlsxToRows(new Uint8Array(await file.arrayBuffer()));
    return rows.map((cells) => cells.join('\t')).join('\n');
  }
  return file.text();
}
