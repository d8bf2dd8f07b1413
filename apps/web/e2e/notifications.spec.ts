import { expect, test } from '@playwright/test';
import { API } from '@svp/shared';
import { expectAccessible } from './axe';
import { PASSWORD, login, postJson, registerViaApi, uniqueEmail } from './helpers';

// A payment shows on the open top-up panel without a reload (the live stream, not the
// panel's 30-second poll), and the bell counts it and clears. The bell's list is axe clean at 1280 and 375 px.

test.use({ reducedMotion: 'reduce' });

test('a deposit shows on the open top-up panel without a reload; the bell counts it and clears', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('live');
  await registerViaApi(request, email);
  await login(page, '/', email, PASSWORD);
  await page.waitForURL('/dashboard');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  await page.goto('/dashboard/topup');
  await page.getByLabel('Amount (USD)').fill('100');
  const created = page.waitForResponse(
    (r) => r.url().endsWith(`/api/v1${API.topup}`) && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const { requestId } = (await (await created).json()) as { requestId: string };
  await expect(page.getByText('103 USDT', { exact: true })).toBeVisible();

  // The payment arrives from outside the page (as from a wallet): nothing on the page asked for it.
  const paid = await postJson(page.request, API.topupTestPayment, { requestId });
  expect(paid.ok(), await paid.text()).toBeTruthy();
  // Well within the panel's 30-second poll: the stream pushed it.
  const received = page.getByRole('status', { name: /Credited to your balance/ });
  await expect(received).toBeVisible({ timeout: 5_000 });
  await expect(received.getByRole('cell', { name: '$100.00' })).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 5_000 });

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await bell.click();
    const list = page.getByRole('dialog', { name: 'Notifications' });
    await expect(list.getByText('Deposit credited')).toBeVisible();
    await expectAccessible(page, `the bell's list at ${width} px`);
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
  }

  await bell.click();
  const list = page.getByRole('dialog', { name: 'Notifications' });
  await list.getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(list.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
});
