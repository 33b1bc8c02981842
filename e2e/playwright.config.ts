import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3917);
export const baseURL = `http://127.0.0.1:${String(port)}`;
/**
 * The e2e server's throwaway DATA_DIR, one per port, known to the tests: the demo account's generated
 * password is written there (demo-account.txt).
 */
export const dataDir = path.join(tmpdir(), `tracklane-e2e-${String(port)}`);
/** The fake DCSA carrier start-server.mjs runs beside the server (support/fake-carrier.mjs). */
export const fakeCarrierURL = `http://127.0.0.1:${String(port + 1)}`;
/** The fake APM Terminals Import Availability API beside it (support/fake-terminal.mjs). */
export const fakeTerminalURL = `http://127.0.0.1:${String(port + 2)}`;

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // A flaky test is a bug to fix, not to retry until it passes: a retry would hide it.
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Most specs drive two users or a refresh through the real server while two browsers, the server
  // and its PostgreSQL share two cores: on a slow or busy machine a two-user spec takes 25–40 s.
  timeout: 60_000,
  // Two browsers, the server and its PostgreSQL share two cores here: a page can take more than
  // Playwright's default 5 s to settle while the other worker loads one too.
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // DOM snapshots and the network log of a failed test, without the screencast: encoding every
    // frame of every test cost the two cores more than the tests themselves.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node start-server.mjs',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      FAKE_CARRIER_PORT: String(port + 1),
      FAKE_TERMINAL_PORT: String(port + 2),
    },
    url: `${baseURL}/api/health`,
    timeout: 90_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
