// Starts the built server for the end-to-end run on a throwaway DATA_DIR (its own embedded PostgreSQL),
// and removes that directory when the run stops it.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tracklane-e2e-'));
// As root the embedded PostgreSQL runs as the postgres user, which must be able to enter this directory.
chmodSync(dataDir, 0o755);
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

process.env.NODE_ENV = 'production';
process.env.DATA_DIR = dataDir;
delete process.env.DATABASE_URL;
process.env.LOG_LEVEL ??= 'warn';
// One "unknown" answer moves a shipment to not found, so a test sees that tab without waiting hours.
process.env.TRACKING_NOT_FOUND_ATTEMPTS ??= '1';

await import('../apps/server/dist/main.js');
