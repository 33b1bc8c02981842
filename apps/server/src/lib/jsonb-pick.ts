import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * `column`'s jsonb object with only `keys` (NULL stays NULL): what a list row shows of a stored view,
 * so PostgreSQL sends and the driver parses those parts and not the whole view.
 */
export function jsonbPick<T extends object, K extends keyof T & string>(
  column: AnyColumn,
  keys: readonly K[],
): SQL<Pick<T, K> | null> {
  const pairs = sql.join(
    keys.map((key) => sql`${sql.raw(`'${key}'`)}, ${column}->${sql.raw(`'${key}'`)}`),
    sql`, `,
  );
  return sql<Pick<T, K> | null>`CASE WHEN ${column} IS NULL THEN NULL ELSE jsonb_build_object(${pairs}) END`;
}
