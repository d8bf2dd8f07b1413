import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
// E2E_PORT lets a second run (CI in a clone, say) share the machine with another.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://127.0.0.1:${PORT}`;

// The runner evaluates this file, then each worker evaluates it again with the runner's environment:
// the variable makes them all agree on one database directory, created fresh for every run.
process.env.SVP_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'svp-e2e-'));

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: BASE_URL,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's chromium (DESIGN §6); Playwright's own browser downloads are not used.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  webServer: {
    // The server serves the built SPA from apps/web/dist: run `npm run build -w @svp/web` first.
    command: 'npx tsx apps/server/src/server.ts',
    cwd: repoRoot,
    url: `${BASE_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.SVP_E2E_DATA_DIR,
      ALLOW_TEST_CLOCK: '1',
      ADMIN_EMAIL: 'admin@svp.test',
      ADMIN_PASSWORD: 'Admin-Pass-12345',
      // The money journey needs $5 of earnings to withdraw: the referred user's bonus on the first investment.
      REFERRAL_BONUS_USD: '5',
      // The links in mails point here (the default is http://localhost:PORT, another origin for the browser).
      PUBLIC_URL: BASE_URL,
      // The whole suite signs up from one address, more than the default 20 an hour (tested through the API).
      REGISTRATIONS_PER_IP_HOUR: '1000',
      // ...and signs in from it more than 30 times in a quarter hour (45 in one run), the admin more than 10 times
      // (15 in a run): whether they fall in one window depends on the hour and on how specs move the clock.
      LOGINS_PER_IP_15_MIN: '1000',
      LOGINS_PER_ACCOUNT_15_MIN: '1000',
    },
  },
});
