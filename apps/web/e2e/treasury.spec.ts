import { expect, test, type Page } from '@playwright/test';
import { API, MSG, withdrawalListSchema } from '@svp/shared';
import {
  adminLogin,
  login,
  PASSWORD,
  postJson,
  registerViaApi,
  storedUser,
  uniqueEmail,
  verifyEmailFromOutbox,
} from './helpers';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard navigation' });

/** The user's withdrawals as the API answers them (for the hash the chain produced). */
async function withdrawals(page: Page) {
  const res = await page.request.get(`/api/v1${API.withdrawals}`);
  expect(res.ok()).toBeTruthy();
  return withdrawalListSchema.parse(await res.json()).withdrawals;
}

test('a withdrawal is requested, approved, paid by the treasury and shown paid with its transaction', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);

  // A user tops up $100 on the simulated chain, invests $10 and breaks the investment: a $1.400 withdrawal.
  const email = uniqueEmail('treasury');
  await registerViaApi(request, email);
  // Withdrawals need a verified e-mail (the product's default): the user opens the welcome mail's link, read on
  // the admin's Outbox as a person does without SMTP. The admin signs in first: its code step may move the test
  // clock past the last code used, which would end a user's session opened before.
  const context = await browser.newContext();
  const admin = await context.newPage();
  await adminLogin(admin);
  await verifyEmailFromOutbox(admin, page, email);
  await login(page, '/', email, PASSWORD);
  await page.waitForURL('/dashboard');
  const { username } = (await storedUser(page)) as { username: string };
  const topup = await postJson(page.request, API.topup, { amount: '100' });
  const { requestId } = (await topup.json()) as { requestId: string };
  expect((await postJson(page.request, API.topupTestPayment, { requestId })).ok()).toBeTruthy();
  const invested = await postJson(page.request, API.investments, { plan: 'standard', duration: 45, amount: '10' });
  expect(invested.status(), await invested.text()).toBe(200);
  await sidebar(page).getByRole('link', { name: 'Withdraw' }).click();
  await page.getByRole('button', { name: 'Break investment' }).click();
  await page.getByRole('dialog', { name: 'Break investment' }).getByRole('button', { name: 'Confirm break' }).click();
  await page.getByRole('dialog', { name: 'Withdrawal requested' }).getByRole('button', { name: 'OK' }).click();
  const mine = page.getByTestId('withdrawal-row').first();
  await expect(mine).toContainText('Requested');

  // The admin approves it: the step that hands it to the treasury. A hand-entered hash the chain does not
  // have is refused with the chain check's reason.
  await admin.goto('/dashadmin');
  await admin.getByRole('link', { name: 'Manage Withdrawals' }).click();
  const row = admin.getByTestId('queued-withdrawal').filter({ hasText: email });
  await expect(row).toContainText('$1.400');
  await expect(row.getByRole('button', { name: `Enter payment hash: ${username}` })).toHaveCount(0);
  await row.getByRole('button', { name: `Approve: ${username}` }).click();
  await expect(row).toContainText('Approved — awaiting payment');
  await row.getByRole('button', { name: `Enter payment hash: ${username}` }).click();
  const pay = admin.getByRole('dialog', { name: 'Enter payment hash' });
  await pay.getByLabel('Transaction hash').fill(`0x${'5e'.repeat(32)}`);
  await pay.getByRole('button', { name: 'Mark paid' }).click();
  await expect(pay.getByText(MSG.payoutCheck.notFound)).toBeVisible();
  await pay.getByRole('button', { name: 'Cancel' }).click();
  await expect(pay).toBeHidden();

  await page.reload();
  await expect(mine).toContainText('Approved — being paid');

  // On the Treasury screen (development server): sweep the deposits into the treasury, then send the payouts.
  await admin.goto('/dashadmin');
  await admin.getByRole('link', { name: 'Treasury' }).click();
  await expect(admin.getByRole('heading', { name: 'Treasury', level: 1 })).toBeVisible();
  await expect(admin.getByTestId('treasury-owed')).toBeVisible();
  // What users could withdraw now is told apart from what active plans hold.
  await expect(admin.getByTestId('treasury-owed-available')).toContainText('Withdrawable by users now');
  await expect(admin.getByTestId('treasury-owed-in-plans')).toContainText('Locked in active plans');
  const dev = admin.getByRole('region', { name: 'Development' });
  await dev.getByRole('button', { name: 'Sweep deposits' }).click();
  await expect(dev.getByTestId('treasury-run')).toContainText('Sweep deposits:', { timeout: 30_000 });
  await dev.getByRole('button', { name: 'Send payouts' }).click();
  // The server answers at once; the card follows the run until it has ended.
  await expect(dev.getByTestId('treasury-run')).toContainText('Send payouts:', { timeout: 30_000 });

  // The server ran the watcher once after sending: the withdrawal is paid, with the transaction that paid it.
  const [paid] = (await withdrawals(page)).filter((w) => w.status === 'paid');
  expect(paid?.txHash, 'the paid withdrawal carries its transaction hash').toMatch(/^0x[0-9a-f]{64}$/i);
  const txHash = paid!.txHash!;
  const short = `${txHash.slice(0, 6)}…${txHash.slice(-4)}`;
  await expect(dev.getByTestId('treasury-action').filter({ hasText: short })).toContainText('Payout');
  await expect(admin.getByTestId('treasury-holdings')).not.toContainText(MSG.treasury.notRefreshed);

  await admin.goto('/dashadmin/withdrawals');
  await expect(admin.getByRole('heading', { name: 'Withdrawal queue' })).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.reload();
  await expect(mine).toContainText('Paid');
  await expect(mine).toContainText(short);
  await expect(mine.getByTitle(txHash)).toBeVisible();
  await expect(mine.getByRole('button', { name: `Copy transaction hash ${short}` })).toBeVisible();
  await context.close();
});
