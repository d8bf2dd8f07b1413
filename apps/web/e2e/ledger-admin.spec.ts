import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { ADMIN, PASSWORD, adminLogin, login, postJson, registerViaApi, uniqueEmail } from './helpers';

// History as a ledger (filters, details, the CSV of the view) and the admin console that opens on what matters,
// with a user's profile and ledger. Screenshots of each screen at 1280 and 375 px, light and dark, go to
// SHOTS_DIR when it is set (for a person to look at; nothing is compared).
const SHOTS = process.env.SHOTS_DIR;

async function topUp(request: APIRequestContext, amount: string) {
  const quote = await postJson(request, '/topup', { amount });
  expect(quote.status(), await quote.text()).toBe(200);
  const { requestId } = (await quote.json()) as { requestId: string };
  const paid = await postJson(request, '/topup/test-payment', { requestId });
  expect(paid.status(), await paid.text()).toBe(200);
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await page.waitForTimeout(150);
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${colorScheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.use({ colorScheme: 'light', reducedMotion: 'reduce' });

test('History is a ledger: signed amounts, balances after, filters, search, details and the CSV of the view', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(SHOTS ? 300_000 : 180_000);
  const email = uniqueEmail('ledger');
  await registerViaApi(request, email);
  await login(page, '/', email, PASSWORD);
  await page.waitForURL('/dashboard');
  // The page's own session: its request context shares the cookies.
  await topUp(page.request, '100');
  const invested = await postJson(page.request, '/investments', { plan: 'standard', duration: 45, amount: '10' });
  expect(invested.status(), await invested.text()).toBe(200);
  const converted = await postJson(page.request, '/staking/convert', { direction: 'toFund', amount: '4' });
  expect(converted.status(), await converted.text()).toBe(200);
  await page.goto('/dashboard/history');
  const rows = page.getByTestId('ledger-row');
  // The first visit loads the page's code on a busy machine: longer than an ordinary wait.
  await expect(rows).toHaveCount(3, { timeout: 30_000 });
  // Newest first, each with its signed amounts and the balance after.
  const plan = rows.filter({ hasText: 'Invested in the Standard plan for 45 days' });
  await expect(plan.getByTestId('ledger-amount')).toHaveText(['−$10.00', '+$10.00']);
  await expect(plan).toContainText('Balance: $90.00');
  await expect(rows.first()).toContainText('Balance: $86.00');

  // Kind: the top-up alone, and the CSV link exports that view.
  await page.getByRole('textbox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Top-ups' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Top-up received: $100.00 added to your balance');
  const csvLink = page.getByRole('link', { name: 'Download CSV statement' });
  await expect(csvLink).toHaveAttribute('href', '/api/v1/history.csv?kind=topups');
  const csv = await page.request.get((await csvLink.getAttribute('href'))!);
  const csvRows = (await csv.text()).trim().split('\n');
  expect(csvRows).toHaveLength(2);
  expect(csvRows[1]).toContain(',deposit,usd.balance,USD,100,');

  // The details: what it moved and its chain transaction.
  await rows.first().getByRole('button').click();
  const detail = page.getByTestId('ledger-detail');
  await expect(detail).toContainText('Balance after');
  await expect(detail.getByTestId('ledger-reference').filter({ hasText: 'Deposit transaction' })).toHaveCount(1);
  await shoot(page, 'history-detail');
  await page.getByRole('button', { name: 'Close the details' }).click();

  // Clear, then the asset and the search.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows).toHaveCount(3);
  await page.getByRole('textbox', { name: 'Asset' }).click();
  await page.getByRole('option', { name: 'SVP tokens' }).click();
  await expect(page.getByTestId('ledger-empty')).toHaveText('Nothing matches these filters.');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByLabel('Search').fill('standard');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Standard plan');
  // A date range before any of it shows nothing.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByLabel('To', { exact: true }).fill('2020-01-01');
  await expect(page.getByTestId('ledger-empty')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows).toHaveCount(3);
  await shoot(page, 'history');

  // The admin console opens on what matters, and the user's profile shows their ledger.
  const context = await browser.newContext({ colorScheme: 'light', reducedMotion: 'reduce' });
  const admin = await context.newPage();
  await adminLogin(admin, ADMIN);
  await expect(admin.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(admin.getByText('Can the platform pay?')).toBeVisible();
  await expect(admin.getByTestId('late-withdrawals')).toBeVisible();
  await expect(admin.getByRole('link', { name: 'Holdings and payouts' })).toBeVisible();
  // One click from the home: the treasury's own link is still the one the Settings list names.
  await expect(admin.getByRole('link', { name: 'Treasury' })).toHaveCount(1);
  await expect(admin.getByRole('link', { name: 'Manage Withdrawals' })).toBeVisible();
  await shoot(admin, 'admin-home');

  await admin.getByRole('link', { name: 'Open the withdrawal queue' }).click();
  await admin.getByLabel('User email').fill(email);
  await admin.getByRole('button', { name: 'Fetch User Details' }).click();
  const fields = admin.getByTestId('user-fields');
  await expect(fields.getByRole('row').filter({ hasText: 'E-mail' })).toContainText(email);
  await expect(fields.getByRole('row').filter({ hasText: 'Invested amount' })).toContainText('$10.00');
  await expect(fields).not.toContainText('createdAt');
  const ledger = admin.getByTestId('ledger-row');
  await expect(ledger).toHaveCount(3);
  await admin.getByRole('textbox', { name: 'Kind' }).click();
  await admin.getByRole('option', { name: 'Plans' }).click();
  await expect(ledger).toHaveCount(1);
  await shoot(admin, 'admin-profile');

  await admin.goto('/dashadmin/users');
  await expect(admin.getByRole('columnheader').first()).toHaveText('Email');
  await shoot(admin, 'admin-users');
  await context.close();
});
