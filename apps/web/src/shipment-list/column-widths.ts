/**
 * The widths of a table's data columns in `available` px (the table's box, less its selection and
 * actions columns), from each column's `{ min, preferred }`:
 * - room for every preferred width: those, and what is left shared in proportion to them, so that the
 *   table fills its box exactly;
 * - room between the sums of the least and the preferred widths: each column gives up the same share
 *   of what it could (its preferred less its least), so none is cut before another has given some;
 * - less room than the least widths: the least widths, and the table scrolls sideways.
 * Whole pixels; their sum is `available` whenever the least widths fit.
 */
export function fitColumnWidths(
  columns: readonly { width: { min: number; preferred: number } }[],
  available: number,
): number[] {
  const least = columns.reduce((sum, column) => sum + column.width.min, 0);
  const preferred = columns.reduce((sum, column) => sum + column.width.preferred, 0);
  if (columns.length === 0) return [];
  if (available <= least) return columns.map((column) => column.width.min);
  const exact =
    available >= preferred
      ? columns.map((column) => (column.width.preferred * available) / preferred)
      : columns.map(
          (column) =>
            column.width.min +
            ((column.width.preferred - column.width.min) * (available - least)) / (preferred - least),
        );
  // Rounded down, and the pixels that leaves spread from the first column on.
  const widths = exact.map(Math.floor);
  let left = Math.round(available) - widths.reduce((sum, width) => sum + width, 0);
  for (let i = 0; left > 0; i = (i + 1) % widths.length, left--) widths[i]! += 1;
  return widths;
}
