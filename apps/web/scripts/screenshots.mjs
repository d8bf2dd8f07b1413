// Takes screenshots of every screen at desktop (1280 px) and phone (375 px) widths, light and dark,
// into /tmp/shots. Not part of CI: run it after `npm run build -w @svp/web` and look at the pictures.
//   node apps/web/scripts/screenshots.mjs
// It starts its own server (port 3101, fresh data directory) and stops it when done.
import { chromium, request as playwrightRequest } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const PORT = Number(process.env.SHOTS_PORT ?? 3101);
const BASE = `http://127.0.0.1:${PORT}`;
const OUT = process.env.SHOTS_DIR ?? '/tmp/shots';
const ADMIN = { email: 'admin@svp.test', password: 'Admin-Pass-12345' };
const USER = { email: 'ada.lovelace@example.com', password: 'Shots-Password-1' };

function startServer() {
  const child = spawn('npx', ['tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'svp-shots-')),
      ALLOW_TEST_CLOCK: '1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    detached: true, // own process group, so stopping it also stops tsx's child
  });
  return child;
}

async function waitReady() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server on ${BASE} never became ready`);
}

async function registerUser() {
  const api = await playwrightRequest.newContext({ baseURL: BASE });
  const { csrfToken } = await (await api.get('/api/v1/auth/csrf')).json();
  const res = await api.post('/api/v1/auth/register', {
    headers: { 'x-csrf-token': csrfToken, 'idempotency-key': crypto.randomUUID() },
    data: { ...USER, walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7', referralCode: '' },
  });
  if (res.status() !== 201) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  await api.dispose();
}

async function login(page, path, who) {
  await page.goto(path);
  await page.getByLabel('Email or phone').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function shoot(browser, scheme, width) {
  const tag = `${width}-${scheme}`;
  const context = await browser.newContext({
    baseURL: BASE,
    viewport: { width, height: width < 600 ? 812 : 860 },
    colorScheme: scheme,
    reducedMotion: 'reduce', // the marquee stands still, so pictures are comparable
  });
  const page = await context.newPage();
  const snap = async (name, fullPage = true) => {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(350); // let modal and menu transitions finish
    await page.screenshot({ path: join(OUT, `${tag}-${name}.png`), fullPage });
  };

  await page.goto('/');
  await snap('01-login');
  await page.getByRole('button', { name: 'Login' }).click();
  await snap('02-login-error');

  await page.goto('/register');
  await page.getByRole('button', { name: 'Show More' }).click();
  await page.getByLabel('Confirm password', { exact: true }).fill('x');
  await page.getByRole('button', { name: 'Register' }).click();
  await snap('03-register-errors');
  await page.getByRole('checkbox', { name: /I agree/ }).click();
  await page.getByRole('dialog').waitFor();
  await snap('04-terms-modal', false);
  await page.getByRole('button', { name: 'Close', exact: true }).click();

  await page.goto('/forgetPass');
  await snap('05-forgot');
  await page.goto('/admin');
  await snap('06-admin-login');
  await page.goto('/nope');
  await snap('07-not-found');

  await login(page, '/', USER);
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { name: /^Welcome,/ }).waitFor();
  await snap('08-dashboard-home');
  if (width < 600) {
    await page.getByRole('button', { name: 'More' }).click();
    await page.waitForTimeout(400);
    await snap('09-dashboard-more-open', false);
    await page.getByRole('button', { name: 'More' }).click();
  }
  await page.goto('/dashboard/history');
  await snap('10-dashboard-history');
  await page.goto('/dashboard/settings');
  await snap('11-dashboard-settings');
  await page.goto('/dashboard/plan');
  await snap('12-dashboard-plan');
  await page.goto('/dashboard/whatever');
  await snap('13-dashboard-404');
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await snap('14-profile-menu', false);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('dialog').waitFor();
  await snap('15-logout-modal', false);
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${BASE}/`);

  await login(page, '/admin', ADMIN);
  await page.waitForURL('**/dashadmin');
  await page.getByRole('link', { name: 'Manage Users' }).waitFor();
  await snap('16-admin-settings');
  await page.getByRole('link', { name: 'Admin Tickets' }).click();
  await snap('17-admin-section');

  await page.goto('/terms.html');
  await snap('18-terms', false);
  await page.goto('/policy.html');
  await snap('19-policy', false);
  await context.close();
}

mkdirSync(OUT, { recursive: true });
const server = startServer();
try {
  await waitReady();
  await registerUser();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  for (const width of [1280, 375]) {
    for (const scheme of ['light', 'dark']) await shoot(browser, scheme, width);
  }
  await browser.close();
  console.log(`screenshots written to ${OUT}`);
} finally {
  process.kill(-server.pid, 'SIGTERM');
}
