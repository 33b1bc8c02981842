import { afterAll } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { createLogger } from '../src/lib/logger';
import { useTestDatabase } from './database';

/** The whole API on a fresh database, ready for `inject`. */
export async function useTestApp(
  overrides: Partial<Config> = {},
): Promise<{ app: App } & Awaited<ReturnType<typeof useTestDatabase>>> {
  const database = await useTestDatabase();
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
  const app = await buildApp({ config, db: database.db, logger: createLogger(config) });
  await app.ready();
  afterAll(() => app.close());
  return { app, ...database };
}
