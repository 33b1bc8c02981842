/**
 * Whether a database error (as thrown by pg, or wrapped by drizzle in `cause`) is a unique violation of
 * the named index: the way to tell "that name is taken" from any other failure after the write.
 */
export function isUniqueViolation(error: unknown, indexName: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const pgError = current as Error & { code?: unknown; constraint?: unknown };
    if (pgError.code === '23505' && pgError.constraint === indexName) return true;
  }
  return false;
}
