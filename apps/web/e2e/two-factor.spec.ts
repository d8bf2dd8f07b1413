import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { MSG, TWO_FACTOR_MSG } from '@svp/shared';
import {
  adminLogin,
  clockPastLastStep,
  login,
  PASSWORD,
  postJson,
  registerViaApi,
  storedUser,
  totpCode,
  uniqueEmail,
} from './helpers';

const CARD = 'section[aria-labelledby="two-factor-title"]';

/** At 1280 and 375 px, in both colour schemes (the app follows the system's, as a11y.spec.ts checks). */
async function checkAtBothWidths(page: Page, what: string, card = CARD) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expect(page.locator(card)).toBeVisible();
      await expectAccessible(page, `${what} at ${width} px, ${colorScheme}`, card);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

test.use({ reducedMotion: 'reduce' });

test('a user turns on two-factor sign-in in Settings, then signs in with the password and a code', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('two-factor');
  await registerViaApi(request, email);
  await login(page, '/', email, PASSWORD);
  await page.waitForURL('/dashboard');
  await page.goto('/dashboard/settings');

  const card = page.locator(CARD);
  await expect(card.getByTestId('two-factor-status')).toHaveText('Off');
  await checkAtBothWidths(page, 'two-factor card, off');

  await card.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const secret = (await card.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(card.getByRole('img', { name: /QR code/ })).toBeVisible();
  await checkAtBothWidths(page, 'two-factor enrolment');

  await card.getByLabel('Code from your app').fill('000000');
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByRole('alert')).toHaveText(MSG.totp.invalid);
  await card.getByLabel('Code from your app').fill(await totpCode(page.request, secret));
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await expect(card.getByText(TWO_FACTOR_MSG.enabled)).toBeVisible();
  await checkAtBothWidths(page, 'recovery codes');
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByTestId('two-factor-status')).toHaveText('On');
  await expect(card.getByTestId('recovery-codes')).toBeHidden();
  await checkAtBothWidths(page, 'two-factor card, on');

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: MSG.logout.title }).getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('/');

  // The code just used is spent: if the server's clock is still in its step, it moves past it first.
  const restore = await clockPastLastStep(page.request, secret);
  await login(page, '/', email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page.getByText(TWO_FACTOR_MSG.signInRequired)).toBeVisible();
  expect(await storedUser(page)).toBeNull();
  // The password alone opens nothing.
  expect((await page.request.get('/api/v1/me')).status()).toBe(401);

  await page.getByLabel('Code from your app or a recovery code').fill(await totpCode(page.request, secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('/dashboard');
  expect(await storedUser(page)).toMatchObject({ email });
  await restore();
});

test("an admin resets a user's second factor from the user screen; the password alone signs in again", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('two-factor-reset');
  await registerViaApi(request, email);
  expect((await postJson(request, '/auth/login', { email, password: PASSWORD })).status()).toBe(200);
  const { secret } = (await (await postJson(request, '/two-factor/setup', {})).json()) as { secret: string };
  const confirmed = await postJson(request, '/two-factor/confirm', { code: await totpCode(request, secret) });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  await adminLogin(page);
  await page.goto('/dashadmin/withdrawals');
  await page.getByLabel('User email').fill(email);
  await page.getByRole('button', { name: 'Fetch User Details' }).click();
  const card = page.locator('section[aria-labelledby="user-two-factor-title"]');
  await expect(card.getByTestId('user-two-factor-status')).toHaveText('On');
  await checkAtBothWidths(page, 'admin two-factor reset', 'section[aria-labelledby="user-two-factor-title"]');
  await card.getByRole('button', { name: 'Reset two-factor authentication' }).click();
  await expect(card.getByText(TWO_FACTOR_MSG.resetConfirm)).toBeVisible();
  await card.getByRole('button', { name: 'Confirm reset' }).click();
  await expect(card.getByRole('status')).toHaveText(TWO_FACTOR_MSG.reset);
  await expect(card.getByTestId('user-two-factor-status')).toHaveText('Off');

  const again = await postJson(request, '/auth/login', { email, password: PASSWORD });
  expect(((await again.json()) as { user?: { email: string } }).user?.email).toBe(email);
});
