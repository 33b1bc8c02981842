// Starts the built server for the end-to-end run on a throwaway DATA_DIR (its own embedded PostgreSQL),
// and removes that directory when the run stops it.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// playwright.config.ts names the directory (the tests read the demo account's password there); a
// leftover of an earlier run is removed first, so every run starts from an empty database.
const dataDir = process.env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'tracklane-e2e-'));
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
// As root the embedded PostgreSQL runs as the postgres user, which must be able to enter this directory.
chmodSync(dataDir, 0o755);
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

process.env.NODE_ENV = 'production';
process.env.DATA_DIR = dataDir;
delete process.env.DATABASE_URL;
process.env.LOG_LEVEL ??= 'warn';
// One "unknown" answer moves a shipment to not found, so a test sees that tab without waiting hours.
process.env.TRACKING_NOT_FOUND_ATTEMPTS ??= '1';
// The tests' ordinary accounts follow demo containers and parcels: they opt into demo data, which a
// real install gives the demo account only (ADR 0035).
process.env.DEMO_CARRIERS ??= 'true';
// Every test's browser and account come from one address here, unlike real users; the per-address
// API limit is tested in the server's own tests.
process.env.RATE_LIMIT_PER_MINUTE ??= '20000';
// The tests' API-made users each name their own client address through this loopback "proxy", so the
// per-address sign-up limits count them apart (e2e/support/accounts.ts); the browser's own requests
// carry no such header and stay 127.0.0.1.
process.env.TRUST_PROXY ??= 'loopback';
// Workspaces get an e-mail intake address (the intake page shows it); '' leaves intake off.
process.env.INBOUND_EMAIL_DOMAIN ??= 'in.e2e.tracklane.test';
// Feedback goes to the development mailbox, where the feedback test reads it.
process.env.SUPPORT_EMAIL ??= 'support@e2e.tracklane.test';

// Carrier connections keep their credentials under SECRETS_KEY; the run's database is thrown away, so
// a fresh key each run does. The fake carrier (support/fake-carrier.mjs) listens on this machine over
// http, which a production server refuses unless told it may.
process.env.SECRETS_KEY ??= randomBytes(32).toString('base64');
process.env.CARRIER_CONNECTIONS_ALLOW_LOCAL ??= 'true';
const { startFakeCarrier } = await import('./support/fake-carrier.mjs');
startFakeCarrier(Number(process.env.FAKE_CARRIER_PORT ?? 3918));
// And APM Terminals' Import Availability API (support/fake-terminal.mjs) on the port after it.
const { startFakeTerminal } = await import('./support/fake-terminal.mjs');
startFakeTerminal(Number(process.env.FAKE_TERMINAL_PORT ?? 3919));

await import('../apps/server/dist/main.js');
