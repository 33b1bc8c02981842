import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database } from './db/client';
import type { RealtimeHub } from './integrations/realtime/realtime-hub';
import type { CarrierConnections } from './integrations/tracking/connections/connections-contract';
import type { FileStorage } from './integrations/storage/file-storage';
import type { JobQueue } from './jobs/queue';
import type { AuthKey } from './lib/password-crypto';
import type { TrackingEngine } from './modules/tracking/refresh.service';

/** What services need from the outside world, built once by main.ts (or by the test harness). */
export interface AppContext {
  config: Config;
  db: Database;
  pool: pg.Pool;
  logger: Logger;
  jobs: JobQueue;
  authKey: AuthKey;
  storage: FileStorage;
  realtime: RealtimeHub;
  /** The tracking engine's modes (ocean, express) with their providers. */
  tracking: TrackingEngine;
  /** Organizations' own carrier connections: what their settings and the engine's providers use. */
  carrierConnections: CarrierConnections;
}
