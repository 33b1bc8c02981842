import { createPrivateKey } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PgBoss } from 'pg-boss';
import { inject } from 'vitest';
import type { AppContext } from '../src/app-context';
import { loadConfig, type Config } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { createRealtimeHub, type RealtimeHub } from '../src/integrations/realtime/realtime-hub';
import { createFileStorage } from '../src/integrations/storage/file-storage';
import { createTrackingWithConnections } from '../src/modules/tracking/tracking-engine';
import type { OrganizationConnections } from '../src/integrations/tracking/provider';
import { startJobQueue, type JobQueue } from '../src/jobs/queue';
import { createLogger } from '../src/lib/logger';
import { loadAuthKey } from '../src/lib/password-crypto';
import { ITEMS_CHANGED_SUBSCRIBERS } from '../src/items-changed-subscribers';

/** The tests' SECRETS_KEY (32 bytes, hex): carrier connections can be created in every test app. */
export const TEST_SECRETS_KEY = '6b1f0c3e9a7d5b2c4e8f1a3d5c7b9e0f2a4c6e8b0d1f3a5c7e9b2d4f6a8c0e1f';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '100000',
      SECRETS_KEY: TEST_SECRETS_KEY,
    }),
    ...overrides,
  };
}

/** For tests that never reach a job: any attempt to enqueue fails loudly. */
const noJobs: JobQueue = {
  boss: new PgBoss('postgres://unused@127.0.0.1:1/unused'),
  send: () => Promise.reject(new Error('this test has no job queue')),
};

/** For tests without a database: nothing can listen. */
const noRealtime: RealtimeHub = {
  attach: () => {
    throw new Error('this test has no realtime hub');
  },
  attachAnonymous: () => {
    throw new Error('this test has no realtime hub');
  },
  follow: () => undefined,
  subscribe: () => () => undefined,
  listening: () => false,
  close: async () => undefined,
  size: () => 0,
};

/**
 * Everything the app needs, real parts throughout: the given database, pg-boss on it (when a URL is
 * given), the run's RSA key and a temporary upload directory. The engine asks the organizations'
 * carrier connections (none until a test adds one), or `connections` when a test gives a fake; ordinary
 * organizations get no demo data unless the test opts in (`{ demoCarriers: true }`).
 */
export async function createTestContext(
  database: DatabaseHandle & { url?: string },
  overrides: Partial<Config> = {},
  connections?: OrganizationConnections,
): Promise<AppContext> {
  const config = testConfig(overrides);
  const logger = createLogger(config);
  const jobs = database.url ? await startJobQueue(database.url, logger) : noJobs;
  const realtime = database.url ? createRealtimeHub(database.url, logger) : null;
  await realtime?.ready;
  const uploads = await mkdtemp(path.join(tmpdir(), 'tracklane-uploads-'));
  const { tracking, carrierConnections } = createTrackingWithConnections(
    { db: database.db, pool: database.pool, jobs, config, logger, onItemsChanged: ITEMS_CHANGED_SUBSCRIBERS },
    connections,
  );
  return {
    config,
    db: database.db,
    pool: database.pool,
    logger,
    jobs,
    authKey: await loadAuthKey({ pem: inject('authKeyPem'), dataDir: uploads }),
    storage: await createFileStorage(config.s3, uploads),
    realtime: realtime ?? noRealtime,
    tracking,
    carrierConnections,
  };
}

export function testAuthKeyPem(): string {
  return createPrivateKey(inject('authKeyPem')).export({ type: 'pkcs8', format: 'pem' }).toString();
}
