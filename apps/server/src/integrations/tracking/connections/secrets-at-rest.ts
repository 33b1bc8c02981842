import { count, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { carrierConnections } from '../../../db/schema/carrier-connections';
import { createSecretBox, SecretKeyMissingError, type SecretBox } from '../../../lib/secret-box';
import { withTransaction } from '../../../lib/transaction';

export class SecretsKeyError extends Error {
  override name = 'SecretsKeyError';
}

/**
 * At start-up: refuses to go on when connections exist and no SECRETS_KEY is set (their credentials
 * could not be read), and re-encrypts under SECRETS_KEY every secret still under SECRETS_KEY_PREVIOUS
 * (connections' credentials and their event subscriptions' secrets),
 * one row at a time, so that the previous key can be dropped at the next start. Returns how many rows
 * it re-encrypted. Safe to run from several processes at once (each row is locked and checked again).
 */
export async function prepareConnectionSecrets(
  database: { db: Database; pool: pg.Pool },
  config: Pick<Config, 'secretsKeys'>,
  logger: Pick<Logger, 'info'>,
): Promise<number> {
  if (!config.secretsKeys) {
    const [row] = await database.db.select({ n: count() }).from(carrierConnections);
    if ((row?.n ?? 0) > 0)
      throw new SecretsKeyError(
        `${String(row!.n)} carrier connection(s) exist but SECRETS_KEY is not set: their credentials cannot be read. Set SECRETS_KEY to the key they were saved under (see "Carrier and terminal connections" in the README).`,
      );
    return 0;
  }
  const box = createSecretBox(config.secretsKeys);
  let rotated = 0;
  for (const sealed of SEALED) rotated += await reseal(database, box, sealed);
  if (rotated > 0)
    logger.info({ rotated }, 'carrier connection secrets re-encrypted under the current SECRETS_KEY');
  return rotated;
}

/** The sealed columns, each bound to its row's id. */
const SEALED = [
  { table: 'carrier_connections', column: 'secrets', what: 'carrier connection' },
  { table: 'carrier_subscriptions', column: 'secret', what: 'carrier event subscription' },
] as const;

/** Re-encrypts one column's values sealed under another key than the current one, a row at a time. */
async function reseal(
  database: { db: Database; pool: pg.Pool },
  box: SecretBox,
  { table, column, what }: (typeof SEALED)[number],
): Promise<number> {
  const t = sql.identifier(table);
  const c = sql.identifier(column);
  const rows = await database.db.execute<{ id: string; sealed: string }>(
    sql`SELECT id, ${c} AS sealed FROM ${t} WHERE ${c} IS NOT NULL`,
  );
  let rotated = 0;
  for (const candidate of rows.rows) {
    if (box.keyIdOf(candidate.sealed) === box.currentKeyId) continue;
    await withTransaction(database.pool, async ({ tx }) => {
      const [row] = (
        await tx.execute<{ sealed: string | null }>(
          sql`SELECT ${c} AS sealed FROM ${t} WHERE id = ${candidate.id} FOR UPDATE`,
        )
      ).rows;
      if (!row?.sealed || box.keyIdOf(row.sealed) === box.currentKeyId) return;
      let plain: string;
      try {
        plain = box.open(row.sealed, candidate.id);
      } catch (err) {
        if (err instanceof SecretKeyMissingError)
          throw new SecretsKeyError(
            `${what} ${candidate.id}: ${err.message}. Set SECRETS_KEY_PREVIOUS to the key it was saved under.`,
          );
        throw err;
      }
      await tx.execute(
        sql`UPDATE ${t} SET ${c} = ${box.seal(plain, candidate.id)} WHERE id = ${candidate.id}`,
      );
      rotated++;
    });
  }
  return rotated;
}
