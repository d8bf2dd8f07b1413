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
import { post, waitReady } from './server-helpers.mjs';
import { createAdminLogin } from './admin-login.mjs';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const PORT = Number(process.env.SHOTS_PORT ?? 3101);
const BASE = `http://127.0.0.1:${PORT}`;
const OUT = process.env.SHOTS_DIR ?? '/tmp/shots';
const ADMIN = { email: 'admin@svp.test', password: 'Admin-Pass-12345' };
const PASSWORD = 'Shots-Password-1';
const REFERRER = { email: 'grace.hopper@example.com', password: PASSWORD };
const TX_HASH = `0x${'5e'.repeat(32)}`;

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
      REFERRAL_BONUS_USD: '5', // so the shots' user can withdraw at maturity (needs $5 of earnings)
    },
    detached: true, // own process group, so stopping it also stops tsx's child
  });
  return child;
}

async function registerUser(email, referralCode = '') {
  const api = await playwrightRequest.newContext({ baseURL: BASE });
  await post(api, '/auth/register', {
    email,
    password: PASSWORD,
    walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    referralCode,
  });
  return api;
}

/** A referrer with a code, so each run's user earns the $5 referral bonus when investing. */
async function createReferrer() {
  const api = await registerUser(REFERRER.email);
  await post(api, '/auth/login', REFERRER);
  const { referralCode } = await post(api, '/referral', { source: 'custom', referralCode: 'GRACE' });
  await api.dispose();
  return referralCode;
}

const moveClock = async (body) => {
  const api = await playwrightRequest.newContext({ baseURL: BASE });
  await post(api, '/test/clock', body);
  await api.dispose();
};

async function login(page, path, who) {
  await page.goto(path);
  await page.getByLabel('Email or phone').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

const adminLogin = createAdminLogin({ base: BASE, post, login, admin: ADMIN });

async function shoot(browser, scheme, width, referralCode) {
  const tag = `${width}-${scheme}`;
  const USER = { email: `ada.${tag}@example.com`, password: PASSWORD };
  await (await registerUser(USER.email, referralCode)).dispose();
  const contextOptions = {
    baseURL: BASE,
    viewport: { width, height: width < 600 ? 812 : 860 },
    colorScheme: scheme,
    reducedMotion: 'reduce', // the marquee stands still, so pictures are comparable
  };
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const snap = async (name, fullPage = true) => {
    await page.waitForLoadState('networkidle');
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0)); // fixed header and sidebar stay on top
    await page.waitForTimeout(350); // let modal and menu transitions finish
    // A page wider than the window scrolls sideways on a phone: say so, the picture may not show it.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) console.warn(`${tag}-${name}: page is ${overflow} px wider than the window`);
    await page.screenshot({ path: join(OUT, `${tag}-${name}.png`), fullPage });
  };

  // The bot chart loads when it comes near the screen (below the fold on a phone): scroll to it first.
  const showBotChart = async () => {
    await page.getByTestId('bot-simulated').scrollIntoViewIfNeeded();
    await page.locator('figure canvas').first().waitFor();
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
  const welcome = page.getByRole('dialog', { name: 'Claim your welcome coins' });
  await welcome.waitFor();
  await snap('50-welcome-modal', false);
  await welcome.getByRole('button', { name: 'Cancel' }).click();
  await welcome.waitFor({ state: 'hidden' });
  await page.getByTestId('bot-message').first().waitFor();
  await showBotChart();
  await snap('08-dashboard-home');
  await page.getByRole('button', { name: 'Activate bot' }).click();
  await page.getByRole('dialog', { name: 'Activate the trading bot' }).waitFor();
  await snap('51-bot-activation', false);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  if (width < 600) {
    await page.getByRole('button', { name: 'More' }).click();
    await page.waitForTimeout(400);
    await snap('09-dashboard-more-open', false);
    await page.getByRole('button', { name: 'More' }).click();
  }
  await page.goto('/dashboard/settings');
  await page.getByRole('button', { name: 'Show referral code generator' }).click();
  await snap('11-dashboard-settings');
  await page.getByRole('button', { name: 'Edit' }).click();
  await snap('63-settings-username-edit');
  await page.goto('/dashboard/messages');
  await page.getByRole('button', { name: 'Send ticket' }).click();
  await snap('60-messages-error');
  await page.getByLabel('Subject').fill('Please change my wallet address');
  await page.getByLabel('Message').fill('My old wallet was lost. New address: 0x5290…9EE7. Thanks!');
  await page.getByRole('button', { name: 'Send ticket' }).click();
  await page.getByTestId('ticket-row').first().click();
  await page.getByTestId('ticket-message').first().waitFor();
  await snap('61-messages-thread');
  await page.goto('/dashboard/reports');
  await page.getByRole('button', { name: 'What does the trading bot cost?' }).click();
  await snap('62-faq-help');
  await page.goto('/dashboard/referral');
  await page.getByText('Customize', { exact: true }).click();
  await snap('12-referral-customize');
  await page.getByLabel('Custom code').fill(`ada_${width}_${scheme}`);
  await page.getByRole('button', { name: 'Save my code' }).click();
  await page.getByTestId('referral-code').waitFor();
  await snap('34-referral-code');

  // Top-up: amount form with an error, payment view, paid.
  await page.goto('/dashboard/topup');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await snap('20-topup-error');
  await page.getByLabel('Amount (USD)').fill('100');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('img', { name: /QR code/ }).waitFor();
  await snap('21-topup-payment');
  await page.getByLabel('Test amount (USDT, optional)').fill('50');
  await page.getByRole('button', { name: 'Send test payment' }).click();
  await page.getByRole('status', { name: /Credited to your balance/ }).waitFor();
  await snap('22-topup-paid');

  // Daily task and staking room (SPEC §2).
  await page.goto('/dashboard/dailytask');
  for (let i = 0; i < 5; i++) await page.getByRole('button', { name: /Tap to earn/ }).click();
  await snap('52-daily-task');
  await page.goto('/dashboard/stakingroom');
  const convert = page.getByRole('form', { name: 'Convert' });
  await convert.getByLabel('Amount (USD)').fill('10');
  await convert.getByRole('button', { name: 'Convert' }).click();
  await page.getByTestId('staking-message').waitFor();
  const buy = page.getByRole('form', { name: 'Buy SVP' });
  await buy.getByLabel('Amount to spend (USD)').fill('5');
  await buy.getByRole('button', { name: 'Buy SVP' }).click();
  await page.getByTestId('staking-tokens').filter({ hasText: '500,000 SVP' }).waitFor();
  const stake = page.getByRole('form', { name: 'Stake Tokens' });
  await stake.getByLabel('Tokens to stake').fill('400000');
  await stake.getByRole('button', { name: 'Stake' }).click();
  await page.getByTestId('stake-until').waitFor();
  await page.getByRole('button', { name: 'Show Leaderboard' }).click();
  await page.getByTestId('leaderboard').waitFor();
  await snap('53-staking-room');

  // Plans: cards, details, pick with preview, success.
  await page.goto('/dashboard/plan');
  await page.getByRole('article', { name: 'Standard' }).waitFor();
  await snap('23-plans');
  await page.getByRole('button', { name: 'More about Gold' }).click();
  await snap('24-plan-details', false);
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('article', { name: 'Standard' }).getByRole('button', { name: 'Pick Plan' }).click();
  await page.getByLabel('Duration').selectOption('45');
  await page.getByLabel('Amount (USD)').fill('20');
  await snap('25-pick-plan', false);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('dialog', { name: 'Investment started' }).waitFor();
  await snap('26-invest-success', false);
  await page.getByRole('button', { name: 'OK' }).click();

  // With a plan the bot can be activated: pay $5 of the balance, then the home page's active bot box.
  await page.goto('/dashboard');
  const welcomeAgain = page.getByRole('dialog', { name: 'Claim your welcome coins' });
  await welcomeAgain.waitFor();
  await welcomeAgain.getByRole('button', { name: 'Cancel' }).click();
  await welcomeAgain.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: 'Activate bot' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Pay $5' }).click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await page.getByTestId('bot-state').filter({ hasText: 'Active' }).waitFor();
  await showBotChart();
  await snap('54-bot-active');

  await page.goto('/dashboard/withdraw');
  await page.getByRole('button', { name: 'Break investment' }).waitFor();
  await snap('27-withdraw-before-maturity');
  await page.getByRole('button', { name: 'Break investment' }).click();
  await snap('28-break-modal', false);
  await page.getByRole('button', { name: 'Cancel' }).click();

  // 45 days later: the form, the request, the admin queue, paid.
  await moveClock({ advanceDays: 45 });
  await login(page, '/', USER);
  await page.waitForURL('**/dashboard');
  await page.goto('/dashboard/withdraw');
  await page.getByRole('button', { name: 'Move to balance' }).click();
  await page.getByRole('dialog', { name: 'Move to balance' }).waitFor();
  await snap('29a-move-to-balance-modal', false);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Open withdrawal form' }).click();
  await snap('29-withdraw-form');
  await page.getByRole('button', { name: /^Withdraw \$/ }).click();
  await page.getByRole('dialog', { name: 'Withdrawal requested' }).waitFor();
  await snap('30-withdraw-success', false);
  await page.getByRole('button', { name: 'OK' }).click();

  const adminContext = await browser.newContext(contextOptions); // its own cookies and storage
  const adminPage = await adminContext.newPage();
  await adminLogin(adminPage, async (stage) => {
    if (stage !== true && stage !== 'codes') return;
    await adminPage.waitForLoadState('networkidle');
    await adminPage.waitForTimeout(350);
    const name = stage === true ? '70-admin-totp-setup' : '71-admin-recovery-codes';
    await adminPage.screenshot({ path: join(OUT, `${tag}-${name}.png`), fullPage: true });
  });
  await adminPage.goto('/dashadmin/withdrawals');
  const row = adminPage.getByTestId('pending-withdrawal').filter({ hasText: USER.email });
  await row.waitFor();
  await adminPage.waitForLoadState('networkidle');
  await adminPage.screenshot({ path: join(OUT, `${tag}-31-admin-withdrawals.png`), fullPage: true });
  await row.getByRole('button', { name: /^Mark paid/ }).click();
  await adminPage.getByLabel('Transaction hash').fill(TX_HASH);
  await adminPage.waitForTimeout(350);
  await adminPage.screenshot({ path: join(OUT, `${tag}-32-admin-pay-modal.png`) });
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Mark paid' }).click();
  await adminPage.getByRole('dialog').waitFor({ state: 'hidden' });
  await adminContext.close();

  await page.reload();
  await page.getByTestId('withdrawal-row').first().waitFor();
  await snap('33-withdrawals-paid');
  await page.goto('/dashboard/history');
  await page.getByRole('cell').first().waitFor();
  await snap('10-dashboard-history');
  await moveClock({ reset: true });
  await login(page, '/', USER);
  await page.waitForURL('**/dashboard');
  await page.goto('/dashboard/whatever');
  await snap('13-dashboard-404');
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await snap('14-profile-menu', false);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('dialog').waitFor();
  await snap('15-logout-modal', false);
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${BASE}/`);

  await adminLogin(page, async (stage) => {
    if (stage === false) await snap('72-admin-totp-verify');
  });
  await page.getByRole('link', { name: 'Manage Users' }).waitFor();
  await snap('16-admin-settings');
  await page.getByRole('link', { name: 'Admin Tickets' }).click();
  await page.getByTestId('admin-ticket-row').first().click();
  await page.getByTestId('ticket-message').first().waitFor();
  await snap('78-admin-tickets');
  await page.goto('/dashadmin/overview');
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
  await snap('73-admin-overview');
  await page.goto('/dashadmin/audit');
  await page.getByRole('heading', { name: 'Audit log' }).waitFor();
  await snap('74-admin-audit');
  await page.goto('/dashadmin/deposits');
  await page.getByTestId('flagged-deposits').waitFor();
  await snap('79-admin-flagged-deposits');
  await page.goto('/dashadmin/withdrawals');
  await page.getByLabel('User email').fill(USER.email);
  await page.getByRole('button', { name: 'Fetch User Details' }).click();
  await page.getByTestId('user-fields').waitFor();
  await snap('75-admin-user-details');
  await page.goto('/dashadmin/referrals');
  await page.getByLabel('User email').fill(USER.email);
  await page.getByRole('button', { name: 'Fetch User' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).waitFor();
  await snap('76-admin-referrals');
  await page.goto('/dashadmin/users');
  await page.getByTestId('user-row').first().waitFor();
  await page.getByRole('tab', { name: /User data/ }).waitFor();
  await snap('77-admin-users');

  await page.goto('/terms.html');
  await snap('18-terms', false);
  await page.goto('/policy.html');
  await snap('19-policy', false);
  await context.close();
}

mkdirSync(OUT, { recursive: true });
const server = startServer();
try {
  await waitReady(BASE);
  const referralCode = await createReferrer();
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
    for (const scheme of ['light', 'dark']) await shoot(browser, scheme, width, referralCode);
  }
  await browser.close();
  console.log(`screenshots written to ${OUT}`);
} finally {
  process.kill(-server.pid, 'SIGTERM');
}
