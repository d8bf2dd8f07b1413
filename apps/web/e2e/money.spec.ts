import { expect, test, type Page } from '@playwright/test';
import { API, MSG } from '@svp/shared';
import {
  adminLogin,
  PASSWORD,
  login,
  moveClock,
  postJson,
  registerViaApi,
  registerViaUi,
  storedUser,
  uniqueEmail,
  verifyEmailFromOutbox,
} from './helpers';

/** "/dev/treasury/:command" (or "/dev/treasury/runs/:runId") with its parameter filled in. */
const pathWith = (template: string, params: Record<string, string>) =>
  template.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '');

async function loginUser(page: Page, email: string) {
  await login(page, '/', email, PASSWORD);
  await page.waitForURL('/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();
}

type Box = { x: number; y: number; width: number; height: number };

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard navigation' });

test.afterAll(async ({ request }) => {
  await moveClock(request, { reset: true }); // later spec files expect today's date
});

test('referral, top-up, plan, maturity, withdrawal, admin payout, history: the whole money journey', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);

  // User A generates a referral code.
  const emailA = uniqueEmail('referrer');
  await registerViaApi(request, emailA);
  await loginUser(page, emailA);
  await page.goto('/dashboard/referral');
  await expect(page.getByRole('heading', { name: 'Referral' })).toBeVisible();
  await page.getByRole('button', { name: 'Generate my code' }).click();
  const code = (await page.getByTestId('referral-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Za-z0-9_]+$/);
  await expect(page.getByText(`/register?ref=${code}`)).toBeVisible();

  // User B registers through the page with A's link, then logs in.
  const b = await browser.newPage();
  const emailB = uniqueEmail('referred');
  await b.goto(`/register?ref=${code}`);
  await expect(b.getByLabel('Referral code (optional)')).toHaveValue(code);
  await registerViaUi(b, emailB, code);
  await expect(b.getByText(MSG.register.success)).toBeVisible();
  // B opens the verification link of the welcome mail, read on the admin Outbox (no SMTP here).
  const admin = await browser.newPage();
  await adminLogin(admin);
  await verifyEmailFromOutbox(admin, b, emailB);
  await loginUser(b, emailB);
  const { username } = (await storedUser(b)) as { username: string };

  // Top up $100 through the panel and the simulated chain.
  await sidebar(b).getByRole('link', { name: 'Top Up' }).click();
  await b.getByLabel('Amount (USD)').fill('100');
  await b.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(b.getByText('103 USDT', { exact: true })).toBeVisible();
  await expect(b.getByRole('timer')).toHaveText(/^1[45]:\d\d$/);
  await expect(b.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expect(b.getByRole('img', { name: /Barcode/ })).toBeVisible();
  await b.getByRole('button', { name: 'Send test payment' }).click();
  const received = b.getByRole('status', { name: /Credited to your balance/ });
  await expect(received).toBeVisible();
  await expect(received.getByRole('cell', { name: '$100.00' })).toBeVisible();
  await expect(sidebar(b).getByText('$100.00')).toBeVisible();
  await b.getByRole('button', { name: 'Done' }).click();

  // Pick the Standard plan for $10.
  await sidebar(b).getByRole('link', { name: 'Plan' }).click();
  await b.getByRole('article', { name: 'Standard' }).getByRole('button', { name: 'Pick Plan' }).click();
  const pick = b.getByRole('dialog', { name: 'Pick the Standard plan' });
  await pick.getByLabel('Duration').selectOption('45');
  await pick.getByLabel('Amount (USD)').fill('10');
  await expect(pick.getByTestId('preview-withdrawal')).toHaveText('$22.50');
  await expect(pick.getByTestId('preview-profit')).toHaveText('$12.50');
  await pick.getByRole('button', { name: 'Confirm' }).click();
  const started = b.getByRole('dialog', { name: 'Investment started' });
  await expect(started).toContainText(MSG.invest.success);
  await started.getByRole('button', { name: 'OK' }).click();
  await expect(sidebar(b).getByText('$90.00')).toBeVisible();

  // Before maturity the form stays closed.
  await sidebar(b).getByRole('link', { name: 'Withdraw' }).click();
  await expect(b.getByRole('button', { name: 'Open withdrawal form' })).toBeDisabled();
  await expect(b.getByText(MSG.withdraw.notMatured(45))).toBeVisible();

  // 45 days later (sessions expire after 7 idle days, so B logs in again).
  await moveClock(request, { advanceDays: 45 });
  await b.goto('/dashboard/withdraw');
  await b.waitForURL((url) => url.pathname === '/'); // the login page, with the way back to the withdrawal page
  await loginUser(b, emailB);
  await b.goto('/dashboard/withdraw');
  await b.getByRole('button', { name: 'Open withdrawal form' }).click();
  const form = b.getByRole('region', { name: 'Withdrawal form' });
  await expect(form).toContainText('Earnings$5.00'); // B's referral bonus
  await expect(form).toContainText('You will receive$24.90'); // 22.50 + 5 − 2.60
  // On a phone the form's action stays in view above the tab bar while the figures scroll.
  await b.setViewportSize({ width: 375, height: 740 });
  const action = form.getByTestId('sticky-action');
  await expect(action).toHaveCSS('position', 'sticky');
  await form.evaluate((el) => el.scrollIntoView({ block: 'start' })); // reading the form from its top
  const tabs = (await b.getByRole('navigation', { name: 'Main destinations' }).boundingBox())!;
  const submit = (await action.getByRole('button', { name: 'Withdraw $24.90' }).boundingBox())!;
  expect(submit.y + submit.height).toBeLessThanOrEqual(tabs.y);
  await b.setViewportSize({ width: 1280, height: 800 });
  await form.getByRole('button', { name: 'Withdraw $24.90' }).click();
  const requested = b.getByRole('dialog', { name: 'Withdrawal requested' });
  await expect(requested).toContainText(MSG.withdraw.success);
  await requested.getByRole('button', { name: 'OK' }).click();
  await expect(b.getByTestId('withdrawal-row').first()).toContainText('Requested');

  // The admin approves it, and the treasury pays it (treasury.spec.ts walks through the Treasury screen; here
  // its development route runs the same command).
  await adminLogin(admin); // the admin's session ended in those 45 days (30 idle minutes)
  await admin.getByRole('link', { name: 'Manage Withdrawals' }).click();
  await expect(admin.getByRole('heading', { name: 'Update User Information' })).toBeVisible();
  const row = admin.getByTestId('queued-withdrawal').filter({ hasText: emailB });
  await expect(row).toContainText('$24.90');
  await row.getByRole('button', { name: `Approve: ${username}` }).click();
  await expect(row).toContainText('Approved — awaiting payment');
  for (const command of ['sweep', 'payouts']) {
    // Answered at once with the run's id (202); followed until it has ended.
    const run = await postJson(admin.request, pathWith(API.devTreasury, { command }), {});
    expect(run.status(), await run.text()).toBe(202);
    const { runId } = (await run.json()) as { runId: string };
    await expect
      .poll(async () => {
        const res = await admin.request.get(`/api/v1${pathWith(API.devTreasuryRun, { runId })}`);
        const { status, error } = (await res.json()) as { status: string; error?: string | null };
        return status === 'failed' ? `failed: ${error}` : status; // a failure says why
      })
      .toBe('done');
  }
  await admin.reload();
  await expect(admin.getByRole('heading', { name: 'Withdrawal queue' })).toBeVisible();
  await expect(row).toHaveCount(0);

  // B sees it paid, and the history tells the story.
  await b.reload();
  const paid = b.getByTestId('withdrawal-row').first();
  await expect(paid).toContainText('Paid');
  const txHash = await paid.getByTitle(/^0x[0-9a-f]{64}$/i).getAttribute('title');
  const shortHash = `${txHash!.slice(0, 6)}…${txHash!.slice(-4)}`;
  await expect(paid).toContainText(shortHash);
  await sidebar(b).getByRole('link', { name: 'History' }).click();
  const lines = b.getByTestId('history-line');
  // Sentences a person reads, in the assets' units, never ledger codes and signed amounts.
  for (const text of [
    /^Top-up received: \$100\.00 added to your balance \(103\.00 USDT paid, \$3\.00 fee\)/,
    /^Invested in the Standard plan for 45 days: \$10\.00 from your balance/,
    /^Referral bonus: \$5\.00 to your earnings and 100,000 SVP to your token wallet/,
    /^\$\d+\.\d\d withdrawal requested from your matured plan, to your wallet/,
    new RegExp(`^Withdrawal paid: \\$\\d+\\.\\d\\d sent to your wallet \\(transaction ${shortHash}\\)`),
  ]) {
    await expect(lines.filter({ hasText: text })).toHaveCount(1);
  }
  // The 45 days of daily coins the first visit after maturity settled make one line, not 45.
  await expect(lines.filter({ hasText: /daily coins earned for \d+ days,/ })).toHaveCount(1);
  await expect(lines.filter({ hasText: /Daily coins for|withdrawal_pending|usd\.|[-+]\d/ })).toHaveCount(0);
  await expect(b.getByRole('link', { name: 'Download CSV statement' })).toHaveAttribute('href', '/api/v1/history.csv');
  const csv = await b.request.get('/api/v1/history.csv');
  expect(csv.ok()).toBeTruthy();
  const csvText = await csv.text();
  expect(csvText.split('\n')[0]).toBe('date,transaction,kind,account,asset,amount,description,memo');
  expect(csvText).toContain('Withdrawal paid: $');

  // A was paid the referral bonus too.
  await loginUser(page, emailA);
  await page.goto('/dashboard/withdraw');
  await expect(page.getByText('Earnings', { exact: true }).locator('..')).toContainText('$5.00');

  await admin.close();
  await b.close();
});

test('a matured plan without the $5 of earnings moves to the balance and a new plan starts from it', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('no-referrals');
  await registerViaApi(request, email);
  await loginUser(page, email);
  // Top-up and plan as the web client sends them (both screens are walked through in the journey above).
  const topup = await postJson(page.request, API.topup, { amount: '10' });
  const { requestId } = (await topup.json()) as { requestId: string };
  expect((await postJson(page.request, API.topupTestPayment, { requestId })).ok()).toBeTruthy();
  const invested = await postJson(page.request, API.investments, { plan: 'standard', duration: 45, amount: '10' });
  expect(invested.status(), await invested.text()).toBe(200);

  await moveClock(request, { advanceDays: 45 });
  await page.goto('/dashboard/withdraw');
  await page.waitForURL((url) => url.pathname === '/');
  await loginUser(page, email);
  await page.goto('/dashboard/withdraw');
  await expect(page.getByText(MSG.withdraw.earningsTooLow)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Break investment' })).toHaveCount(0);
  // On a phone the actions stand one under another, full width, each label on one line.
  await page.setViewportSize({ width: 375, height: 740 });
  const boxes = () =>
    Promise.all(
      ['Open withdrawal form', 'Move to balance'].map((name) => page.getByRole('button', { name }).boundingBox()),
    );
  await expect
    .poll(async () => {
      const [open, move] = (await boxes()) as [Box, Box];
      const oneLine = open.height < 48 && move.height < 48;
      return open.x === move.x && open.width === move.width && move.y > open.y && oneLine;
    }, 'stacked, same width, one line each')
    .toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Move to balance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move to balance' });
  await expect(dialog).toContainText('To your balance$22.50');
  await dialog.getByRole('button', { name: 'Move $22.50 to balance' }).click();
  await expect(page.getByText(MSG.withdraw.movedToBalance('$22.50'))).toBeVisible();
  await expect(dialog).toBeHidden();
  const amount = (label: string) => sidebar(page).getByText(label, { exact: true }).locator('..');
  await expect(amount('Available balance')).toContainText('$22.50');
  await expect(amount('Withdrawable balance')).toContainText('$0.00');
  await expect(page.getByText(MSG.withdraw.noPlan)).toBeVisible();

  await sidebar(page).getByRole('link', { name: 'Plan' }).click();
  await page.getByRole('article', { name: 'Standard' }).getByRole('button', { name: 'Pick Plan' }).click();
  const pick = page.getByRole('dialog', { name: 'Pick the Standard plan' });
  await pick.getByLabel('Duration').selectOption('45');
  await pick.getByLabel('Amount (USD)').fill('20');
  await pick.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('dialog', { name: 'Investment started' })).toContainText(MSG.invest.success);
});
