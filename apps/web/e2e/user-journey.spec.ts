import { expect, test } from '@playwright/test';
import { MSG } from '@svp/shared';
import { PASSWORD, login, randomWallet, storedUser, uniqueEmail } from './helpers';

test('register with the terms modal and a validation failure, count down, log in, see the dashboard, log out', async ({
  page,
}) => {
  const email = uniqueEmail('journey');
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Sign up for an account' })).toBeVisible();

  // The welcome half shows the configured referral rule behind "Show More".
  await page.getByRole('button', { name: 'Show More' }).click();
  await expect(page.getByText(/you each receive/)).toBeVisible();

  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Wallet address').fill(randomWallet());

  // One validation failure: the terms are not accepted yet.
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(MSG.register.termsRequired)).toBeVisible();

  const terms = page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ });
  await terms.click();
  const dialog = page.getByRole('dialog', { name: 'Terms and Conditions' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(terms).not.toBeChecked();

  await terms.click();
  await dialog.getByRole('button', { name: 'Agree' }).click();
  await expect(terms).toBeChecked();
  await terms.click(); // a ticked box cannot be unticked
  await expect(terms).toBeChecked();
  await expect(page.getByText(MSG.register.termsRequired)).toBeHidden();

  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(MSG.register.success)).toBeVisible();
  await expect(page.getByText(/Redirecting to the login page in/)).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveValue('');
  await expect(terms).not.toBeChecked();
  await page.waitForURL('/', { timeout: 8_000 });

  await login(page, '/', email, PASSWORD);
  await page.waitForURL('/dashboard');
  const snapshot = (await storedUser(page)) as { email: string; role: string; username: string };
  expect(snapshot).toMatchObject({ email, role: 'user' });
  await expect(page.getByRole('heading', { name: `Welcome, ${snapshot.username}!` })).toBeVisible();
  await expect(page.getByText('Not selected')).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Dashboard navigation' });
  await expect(sidebar.getByText(email)).toBeVisible();
  await expect(sidebar.getByText('Available balance')).toBeVisible();

  await sidebar.getByRole('link', { name: 'Withdraw' }).click();
  await expect(page).toHaveURL('/dashboard/withdraw');
  await expect(page.getByRole('heading', { name: 'Withdraw', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const confirm = page.getByRole('dialog', { name: MSG.logout.title });
  await expect(confirm.getByText(MSG.logout.question)).toBeVisible();
  await confirm.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('/');
  expect(await storedUser(page)).toBeNull();

  // The session is gone on the server too: the dashboard sends us back to login.
  await page.goto('/dashboard');
  await page.waitForURL('/');
});

test('a wrong password shows the server message and stays on the login page', async ({ page }) => {
  await login(page, '/', 'nobody@example.com', 'Wrong-Password-1');
  await expect(page.getByRole('alert')).toHaveText(MSG.login.invalid);
  await expect(page).toHaveURL('/');
});

test('the dashboard is closed to visitors without a session', async ({ page }) => {
  await page.goto('/dashboard/plan');
  await page.waitForURL('/');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});
