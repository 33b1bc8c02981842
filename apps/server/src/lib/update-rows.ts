import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';

/**
 * One UPDATE for many rows, each with its own values: `rows` are matched on `key` (a column of the
 * table, e.g. `id` or `itemId`) and given the other columns they carry, by their TypeScript names. All
 * rows carry the same columns. The values travel as one jsonb parameter (no limit on parameters, one
 * round trip), typed by the columns' own SQL types and mapped as drizzle maps them for an insert.
 *
 * @returns how many table rows were updated.
 */
export async function updateRows<T extends PgTable>(
  db: Database,
  table: T,
  key: keyof T['_']['columns'] & string,
  rows: readonly Partial<T['$inferInsert']>[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const names = Object.keys(rows[0]!);
  if (!names.includes(key)) throw new Error(`updateRows: every row needs its ${key}`);
  const used = names.map((name) => {
    const column = columns[name];
    if (!column) throw new Error(`updateRows: ${table._.name} has no column ${name}`);
    return { name, column };
  });
  // jsonb and arrays go as JSON themselves; everything else as its driver value (dates as ISO strings).
  const toJson = (column: PgColumn, value: unknown) =>
    value === null || value === undefined || column.dataType === 'json' || column.dataType === 'array'
      ? (value ?? null)
      : column.mapToDriverValue(value);
  const values = rows.map((row) =>
    Object.fromEntries(used.map(({ name, column }) => [column.name, toJson(column, (row as never)[name])])),
  );
  const recordType: SQL = sql.join(
    used.map(({ column }) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`),
    sql`, `,
  );
  const keyColumn = columns[key]!.name;
  const assignments: SQL = sql.join(
    used
      .filter(({ name }) => name !== key)
      .map(({ column }) => sql`${sql.identifier(column.name)} = v.${sql.identifier(column.name)}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    UPDATE ${table} AS t SET ${assignments}
    FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS v(${recordType})
    WHERE t.${sql.identifier(keyColumn)} = v.${sql.identifier(keyColumn)}`);
  return result.rowCount ?? 0;
}
