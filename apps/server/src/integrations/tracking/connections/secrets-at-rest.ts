import { count, eq, isNotNull } from 'drizzle-orm';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { carrierConnections } from '../../../db/schema/carrier-connections';
import { createSecretBox, SecretKeyMissingError } from '../../../lib/secret-box';
import { withTransaction } from '../../../lib/transaction';

export class SecretsKeyError extends Error {
  override name = 'SecretsKeyError';
}

/**
 * At start-up: refuses to go on when connections exist and no SECRETS_KEY is set (their credentials
 * could not be read), and re-encrypts under SECRETS_KEY every secret still under SECRETS_KEY_PREVIOUS,
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
  const rows = await database.db
    .select({ id: carrierConnections.id, secrets: carrierConnections.secrets })
    .from(carrierConnections)
    .where(isNotNull(carrierConnections.secrets));
  let rotated = 0;
  for (const candidate of rows) {
    if (!candidate.secrets || box.keyIdOf(candidate.secrets) === box.currentKeyId) continue;
    await withTransaction(database.pool, async ({ tx }) => {
      const [row] = await tx
        .select({ secrets: carrierConnections.secrets })
        .from(carrierConnections)
        .where(eq(carrierConnections.id, candidate.id))
        .for('update');
      if (!row?.secrets || box.keyIdOf(row.secrets) === box.currentKeyId) return;
      let plain: string;
      try {
        plain = box.open(row.secrets, candidate.id);
      } catch (err) {
        if (err instanceof SecretKeyMissingError)
          throw new SecretsKeyError(
            `carrier connection ${candidate.id}: ${err.message}. Set SECRETS_KEY_PREVIOUS to the key it was saved under.`,
          );
        throw err;
      }
      await tx
        .update(carrierConnections)
        .set({ secrets: box.seal(plain, candidate.id) })
        .where(eq(carrierConnections.id, candidate.id));
      rotated++;
    });
  }
  if (rotated > 0)
    logger.info({ rotated }, 'carrier connection secrets re-encrypted under the current SECRETS_KEY');
  return rotated;
}
