import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '@svp/shared';
import { PASSWORD, moveClock, postJson, registerViaApi, storedUser, uniqueEmail, welcomeDialog } from './helpers';

/** Logs a user in WITHOUT the helper's auto-close of the welcome modal: these specs use the modal. */
async function loginUser(page: Page, email: string) {
  await page.goto('/');
  await page.getByLabel('Email or phone').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();
}

/** Tops up through the simulated chain, as the top-up panel's test payment does. */
async function topUp(request: APIRequestContext, amount: string) {
  const quote = await postJson(request, '/topup', { amount });
  expect(quote.status(), await quote.text()).toBe(200);
  const { requestId } = (await quote.json()) as { requestId: string };
  const paid = await postJson(request, '/topup/test-payment', { requestId });
  expect(paid.status(), await paid.text()).toBe(200);
}

async function closeWelcome(page: Page) {
  await welcomeDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(welcomeDialog(page)).toBeHidden();
}

test.afterAll(async ({ request }) => {
  await moveClock(request, { reset: true });
});

test('welcome reward through the modal, then the daily bonus a day after investing', async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('coins');
  await registerViaApi(request, email);
  await loginUser(page, email);

  // The modal opens by itself while the welcome reward is unclaimed.
  const welcome = welcomeDialog(page);
  await expect(welcome).toBeVisible();
  await expect(welcome).toContainText('Complete the task');
  await expect(welcome.getByRole('link', { name: 'Telegram bot' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Claim Daily Bonus' })).toBeDisabled();
  await welcome.getByRole('button', { name: "I've Done It" }).click();
  await expect(welcome).toBeHidden();
  await expect(page.getByText(MSG.rewards.welcomeUpdated)).toBeVisible();
  await expect(page.getByTestId('coins')).toHaveText('20,000.00');
  await expect(page.getByRole('button', { name: 'Claim Welcome Coin' })).toBeHidden();

  // The bot box: labelled simulation, candles and messages; activation needs a plan.
  await expect(page.getByText(MSG.bot.simulated)).toBeVisible();
  await expect(page.getByTestId('bot-message').first()).toBeVisible();
  await page.getByRole('button', { name: 'Activate bot' }).click();
  const activate = page.getByRole('dialog', { name: 'Activate the trading bot' });
  await expect(activate.getByText(MSG.bot.hint)).toBeVisible();
  await activate.getByRole('button', { name: 'Pay $5' }).click();
  await expect(activate.getByRole('alert')).toHaveText(MSG.bot.needPlan);
  await activate.getByRole('button', { name: 'Cancel' }).click();

  // Top up, invest in Standard for $10.
  await topUp(page.request, '100');
  await page.goto('/dashboard/plan');
  await page.getByRole('article', { name: 'Standard' }).getByRole('button', { name: 'Pick Plan' }).click();
  const pick = page.getByRole('dialog', { name: 'Pick the Standard plan' });
  await pick.getByLabel('Duration').selectOption('45');
  await pick.getByLabel('Amount (USD)').fill('10');
  await pick.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('dialog', { name: 'Investment started' }).getByRole('button', { name: 'OK' }).click();

  // A day later the daily coins (1,000 × Standard's power 1) can be claimed.
  await moveClock(request, { advanceDays: 1 });
  try {
    await loginUser(page, email);
    await expect(page.getByTestId('daily-coins')).toHaveText('1,000.00');
    await page.getByRole('button', { name: 'Claim Daily Bonus' }).click();
    await expect(page.getByText(MSG.rewards.dailyClaimed)).toBeVisible();
    await expect(page.getByTestId('coins')).toHaveText('21,000.00');
    await expect(page.getByTestId('daily-coins')).toHaveText('0.00');
    await expect(page.getByRole('button', { name: 'Claim Daily Bonus' })).toBeDisabled();
  } finally {
    await moveClock(request, { reset: true });
  }
});

test('staking room: convert, buy, stake, transfer to a second user who sees it', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const emailB = uniqueEmail('stake-to');
  await registerViaApi(request, emailB);
  const b = await browser.newPage();
  await loginUser(b, emailB);
  const { username: recipient } = (await storedUser(b)) as { username: string };

  const emailA = uniqueEmail('stake-from');
  await registerViaApi(request, emailA);
  await loginUser(page, emailA);
  await closeWelcome(page);
  await topUp(page.request, '100');
  await page.goto('/dashboard/stakingroom');
  await expect(page.getByTestId('staking-balance')).toHaveText('$100.00');
  const alert = page.getByTestId('staking-alert');
  const message = page.getByTestId('staking-message');

  const convert = page.getByRole('form', { name: 'Convert' });
  await convert.getByLabel('Amount (USD)').fill('20');
  // Double clicks, as an impatient user gives them, move the money once (checked by the balances below).
  await convert.getByRole('button', { name: 'Convert' }).dblclick();
  await expect(message).toHaveText(MSG.staking.converted('20.00', true));
  await expect(page.getByTestId('staking-popup')).toBeVisible();
  await expect(page.getByTestId('staking-fund')).toHaveText('$20.00');

  const buy = page.getByRole('form', { name: 'Buy SVP' });
  await buy.getByLabel('Amount to spend (USD)').fill('10');
  await expect(buy.getByText('You get 1,000,000 SVP')).toBeVisible();
  await buy.getByRole('button', { name: 'Buy SVP' }).click();
  await expect(message).toHaveText(MSG.staking.bought('1,000,000', '10.00'));
  await expect(page.getByTestId('staking-tokens')).toHaveText('1,000,000 SVP');

  const stake = page.getByRole('form', { name: 'Stake Tokens' });
  await stake.getByLabel('Tokens to stake').fill('1000000');
  await stake.getByRole('button', { name: 'Stake' }).click();
  await expect(message).toHaveText(MSG.staking.staked);
  await expect(page.getByTestId('staking-staked')).toHaveText('1,000,000 SVP');
  await expect(page.getByTestId('stake-until')).toBeVisible();

  // An error is shown verbatim; clicking the alert dismisses it.
  await stake.getByLabel('Tokens to stake').fill('1');
  await stake.getByRole('button', { name: 'Stake' }).click();
  await expect(message).toHaveText(MSG.staking.stakeActive);
  await alert.click();
  await expect(alert).toBeHidden();

  const transfer = page.getByRole('form', { name: 'Transfer' });
  await transfer.getByLabel('Recipient username').fill(recipient);
  await transfer.getByLabel('Amount to transfer (USD)').fill('5');
  await transfer.getByRole('button', { name: 'Transfer' }).dblclick();
  await expect(message).toHaveText(MSG.staking.transferred('5.00', recipient));
  await expect(transfer.getByLabel('Recipient username')).toHaveValue('');
  await expect(page.getByTestId('staking-fund')).toHaveText('$5.00');

  await page.getByRole('button', { name: 'Show Leaderboard' }).click();
  await expect(page.getByTestId('leaderboard')).toBeVisible();
  await expect(page.getByTestId('leaderboard-me')).toContainText('Your rank #');

  await b.goto('/dashboard/stakingroom');
  await expect(b.getByTestId('staking-fund')).toHaveText('$5.00');
  await b.close();
});

test('daily task: taps add 0.25 each and Secure Coins saves them', async ({ page, request }) => {
  const email = uniqueEmail('taps');
  await registerViaApi(request, email);
  await loginUser(page, email);
  await closeWelcome(page);
  await page.goto('/dashboard/dailytask');
  await expect(page.getByTestId('total-clicks')).toHaveText('Total Clicks: 0');
  await page.getByRole('button', { name: 'Secure Coins' }).click();
  await expect(page.getByText(MSG.taps.none)).toBeVisible();
  const tap = page.getByRole('button', { name: /Tap to earn/ });
  for (let i = 0; i < 6; i++) await tap.click();
  await expect(page.getByTestId('tap-counter')).toHaveText('1.50');
  await page.getByRole('button', { name: 'Secure Coins' }).click();
  await expect(page.getByText(MSG.taps.saved)).toBeVisible();
  await expect(page.getByTestId('tap-counter')).toHaveText('0.00');
  await expect(page.getByTestId('total-clicks')).toHaveText('Total Clicks: 6');
});
