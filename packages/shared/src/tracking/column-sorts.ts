import { z } from 'zod';

/*
 * A list's sort by one of the workspace's own columns (ADR 0054), the same in every mode and the
 * public API, beside the mode's named sorts (`created_desc`, …): `cf.<fieldId>.<asc|desc>` sorts by a
 * custom field, `ref.<reference>.<asc|desc>` by a reference (booking, customer reference, PO numbers,
 * a party's company name). Shipments without a value come last in both directions; ties go by id.
 */

/** The references a list sorts by, as `ref.<key>` names them. */
export const REFERENCE_SORT_KEYS = [
  'booking',
  'customer_reference',
  'po_numbers',
  'shipper',
  'consignee',
  'customer',
  'forwarder',
] as const;
export type ReferenceSortKey = (typeof REFERENCE_SORT_KEYS)[number];

export type SortDirection = 'asc' | 'desc';

/** A column sort as written in the `sort` parameter. */
export type ColumnSort = `cf.${string}.${SortDirection}` | `ref.${ReferenceSortKey}.${SortDirection}`;

/** A column sort read: which column and which way. */
export type ParsedColumnSort =
  | { kind: 'cf'; fieldId: string; direction: SortDirection }
  | { kind: 'ref'; key: ReferenceSortKey; direction: SortDirection };

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const COLUMN_SORT = new RegExp(`^(?:cf\\.(${UUID})|ref\\.(${REFERENCE_SORT_KEYS.join('|')}))\\.(asc|desc)$`);

/** The column sort `text` writes, or null when it is not one. */
export function parseColumnSort(text: string): ParsedColumnSort | null {
  const m = COLUMN_SORT.exec(text);
  if (!m) return null;
  const direction = m[3] as SortDirection;
  return m[1]
    ? { kind: 'cf', fieldId: m[1].toLowerCase(), direction }
    : { kind: 'ref', key: m[2] as ReferenceSortKey, direction };
}

export const isColumnSort = (text: string): text is ColumnSort => parseColumnSort(text) !== null;

/** The `sort` a column's header asks for. */
export const customFieldSort = (fieldId: string, direction: SortDirection): ColumnSort =>
  `cf.${fieldId}.${direction}`;
export const referenceSort = (key: ReferenceSortKey, direction: SortDirection): ColumnSort =>
  `ref.${key}.${direction}`;

export const sortMessage = (named: readonly string[]) =>
  `Sort by one of ${named.join(', ')}, by a custom field (cf.<fieldId>.asc or .desc) or by a reference (ref.<${REFERENCE_SORT_KEYS.join('|')}>.asc or .desc).`;

/** A list's `sort` parameter: one of the mode's named sorts, or a column sort. */
export function listSortSchema<const Named extends readonly [string, ...string[]]>(
  named: Named,
  defaultSort: Named[number],
) {
  const message = sortMessage(named);
  return (
    z
      .string({ message })
      .max(80, { message })
      .refine((text) => (named as readonly string[]).includes(text) || isColumnSort(text), { message })
      .transform((text): Named[number] | ColumnSort => text)
      // One of `named`: TypeScript cannot see it through zod's NoUndefined of a generic.
      .default(defaultSort as never)
      .meta({
        description: `${sortMessage(named)} Shipments without a value of the sorted column come last, ascending or descending; equal values go by shipment id.`,
        examples: [defaultSort, 'ref.booking.asc'],
      })
  );
}

/**
 * A list cursor's longest form: a text sort value is at most SORT_TEXT_LENGTH characters (of up to 4
 * bytes), with the row id and the sort's name, base64url-encoded.
 */
export const SORT_TEXT_LENGTH = 100;
export const LIST_CURSOR_MAX_LENGTH = 1000;
