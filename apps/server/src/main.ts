import path from 'node:path';
import { buildApp, type App } from './app';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { runMigrations } from './db/migrate';
import { createLogger } from './lib/logger';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config);

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: path.join(config.dataDir, 'postgres'), logger });
    databaseUrl = embedded.adminUrl;
  }
  const { db, pool } = createDatabase(databaseUrl, config.databasePoolSize);

  let app: App | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await app?.close().catch((err: unknown) => logger.error({ err }, 'closing the server failed'));
    await pool.end().catch(() => undefined);
    await embedded?.stop().catch((err: unknown) => logger.error({ err }, 'stopping PostgreSQL failed'));
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await runMigrations(db);
    app = await buildApp({ config, db, logger });
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    logger.fatal({ err }, 'Tracklane failed to start');
    await pool.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    process.exit(1);
  }
  const database = embedded
    ? `embedded PostgreSQL (${path.join(config.dataDir, 'postgres')})`
    : 'DATABASE_URL';
  logger.info({ url: config.publicUrl, database }, 'Tracklane is ready');
  // The one line a person starting the product looks for.
  console.log(`\n  Tracklane is running at ${config.publicUrl}\n`);
}

void main();
