import path from 'node:path';
import { buildApp, type App } from './app';
import type { AppContext } from './app-context';
import { ConfigError, loadConfig, type Config } from './config';
import { createDatabase } from './db/client';
import { EmbeddedStartError, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { runMigrations } from './db/migrate';
import { startSmtpListener } from './modules/email-intake/smtp-listener';
import { createMailDelivery, startMailWorker, type MailDelivery } from './integrations/mail/mailer';
import { createRealtimeHub } from './integrations/realtime/realtime-hub';
import {
  prepareConnectionSecrets,
  SecretsKeyError,
} from './integrations/tracking/connections/secrets-at-rest';
import { createFileStorage } from './integrations/storage/file-storage';
import { scheduleHousekeeping } from './jobs/housekeeping';
import { startPlannedRouteCatchUp } from './modules/ocean-shipments/planned-route-catch-up';
import { startReliabilityJobs } from './modules/ocean-shipments/reliability/reliability.jobs';
import { startAlertJobs } from './modules/alerts/alerts.jobs';
import { startExceptionJobs } from './modules/exceptions/exceptions.jobs';
import { startCarrierSubscriptionJobs } from './modules/ocean-shipments/carrier-connections/carrier-subscriptions.jobs';
import { startJobQueue, type JobQueue } from './jobs/queue';
import { createLogger } from './lib/logger';
import { loadAuthKey } from './lib/password-crypto';
import { seedDemoAccount } from './modules/demo/seed-demo';
import { startDigestJob } from './modules/notifications/digest.service';
import { createTrackingWithConnections } from './modules/tracking/tracking-engine';
import { rescopeAll } from './modules/tracking/rescope.service';
import { startTrackingJobs } from './modules/tracking/tracking.jobs';
import { startWebhookJobs } from './modules/webhooks/webhooks.jobs';
import { startFileCleanupWorker } from './modules/files/file-cleanup';
import { ITEMS_CHANGED_SUBSCRIBERS } from './items-changed-subscribers';

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config);

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    try {
      embedded = await startEmbeddedPostgres({ dataDir: path.join(config.dataDir, 'postgres'), logger });
    } catch (err) {
      // A known cause is one line saying what to do; a stack trace would bury it.
      if (err instanceof EmbeddedStartError) console.error(`Tracklane could not start: ${err.message}`);
      else logger.fatal({ err }, 'Tracklane failed to start');
      process.exit(1);
    }
    databaseUrl = embedded.adminUrl;
  }
  const { db, pool } = createDatabase(databaseUrl, config.databasePoolSize);

  let app: App | undefined;
  let jobs: JobQueue | undefined;
  let mail: MailDelivery | undefined;
  let realtime: ReturnType<typeof createRealtimeHub> | undefined;
  let smtp: { close: () => Promise<void> } | undefined;
  let stopping = false;
  const stop = async () => {
    await app?.close().catch((err: unknown) => logger.error({ err }, 'closing the server failed'));
    await smtp?.close();
    await realtime?.close();
    await jobs?.boss.stop({ graceful: true, timeout: 10_000 }).catch(() => undefined);
    mail?.close();
    await pool.end().catch(() => undefined);
    await embedded?.stop().catch((err: unknown) => logger.error({ err }, 'stopping PostgreSQL failed'));
  };
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await runMigrations(pool);
    try {
      await prepareConnectionSecrets({ db, pool }, config, logger);
    } catch (err) {
      if (!(err instanceof SecretsKeyError)) throw err;
      console.error(`Tracklane could not start: ${err.message}`);
      await stop();
      process.exit(1);
    }
    jobs = await startJobQueue(databaseUrl, logger);
    mail = createMailDelivery({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, logger });
    await startMailWorker(jobs, mail);
    await scheduleHousekeeping(jobs, db);
    const { tracking, carrierConnections } = createTrackingWithConnections({
      db,
      pool,
      jobs,
      config,
      logger,
      onItemsChanged: ITEMS_CHANGED_SUBSCRIBERS,
    });
    await startTrackingJobs(jobs, { db, pool }, tracking, logger);
    await startDigestJob(jobs, { db, pool, jobs, config });
    await startAlertJobs(jobs, { db, pool, jobs });
    await startExceptionJobs(jobs, { db, pool });
    await startReliabilityJobs(jobs, { db });
    await startPlannedRouteCatchUp(jobs, { db, pool }, tracking);
    realtime = createRealtimeHub(databaseUrl, logger);
    await realtime.ready;
    const ctx: AppContext = {
      config,
      db,
      pool,
      logger,
      jobs,
      authKey: await loadAuthKey({ pem: config.authRsaPrivateKey, dataDir: config.dataDir }),
      storage: await createFileStorage(config.s3, path.join(config.dataDir, 'uploads')),
      realtime,
      tracking,
      carrierConnections,
    };
    await startWebhookJobs(ctx);
    await startFileCleanupWorker(jobs, ctx);
    await startCarrierSubscriptionJobs(ctx);
    if (config.seedDemo) {
      const demo = await seedDemoAccount(ctx);
      logger.info({ email: demo.email }, demo.created ? 'demo account created' : 'demo account ready');
      console.log(
        `\n  Demo account: ${demo.email}  password: ${demo.password}  (SEED_DEMO=false turns this off)`,
      );
    }
    app = await buildApp(ctx);
    await app.listen({ port: config.port, host: config.host });
    if (config.inboundEmail.smtpPort && config.inboundEmail.domain) {
      const listener = await startSmtpListener(ctx, config.inboundEmail.smtpPort, config.host);
      smtp = listener;
      logger.info({ port: listener.port }, 'e-mail intake listening');
    }
    // Shipments follow the data source their carrier routes to under this configuration (ADR 0035).
    void rescopeAll(ctx).then(
      (moved) => {
        if (moved) logger.info({ moved }, 'shipments moved to their data source');
      },
      (err: unknown) => logger.error({ err }, 'moving shipments to their data source failed'),
    );
  } catch (err) {
    logger.fatal({ err }, 'Tracklane failed to start');
    await stop();
    process.exit(1);
  }
  const database = embedded
    ? `embedded PostgreSQL (${path.join(config.dataDir, 'postgres')})`
    : 'DATABASE_URL';
  logger.info({ url: config.publicUrl, database }, 'Tracklane is ready');
  if (!config.smtpUrl) {
    logger.warn(
      `No SMTP_URL: e-mails are not sent. Codes are printed here and kept at ${config.publicUrl}/dev/mailbox (from this machine only).`,
    );
  }
  // The one line a person starting the product looks for.
  console.log(`\n  Tracklane is running at ${config.publicUrl}\n`);
}

void main();
