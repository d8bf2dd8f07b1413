import { expect, test } from '@playwright/test';
import { MSG } from '@svp/shared';
import { ADMIN, adminLogin, PASSWORD, login, registerViaApi, storedUser, uniqueEmail } from './helpers';

test('an admin logs in to the console, opens a section and logs out', async ({ page }) => {
  await adminLogin(page);
  for (const name of ['Manage Referrals', 'Manage Withdrawals', 'Manage Users', 'Admin Tickets']) {
    await expect(page.getByRole('link', { name })).toBeVisible();
  }
  expect(await storedUser(page)).toMatchObject({ email: ADMIN.email, role: 'admin' });

  await page.getByRole('link', { name: 'Manage Withdrawals' }).click();
  await expect(page.getByRole('heading', { name: 'Update User Information' })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  const confirm = page.getByRole('dialog', { name: MSG.logout.title });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL('/dashadmin/withdrawals');

  await page.getByRole('button', { name: 'Logout' }).click();
  await confirm.getByRole('button', { name: 'Logout' }).click();
  // Back on the admin login, where an admin comes in, not the user login.
  await page.waitForURL('/admin');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await storedUser(page)).toBeNull();
});

test('a user is refused at the admin login, and an admin at the user login', async ({ page, request }) => {
  const email = uniqueEmail('roles');
  await registerViaApi(request, email);

  await login(page, '/admin', email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(MSG.adminLogin.adminOnly);
  await expect(page).toHaveURL('/admin');
  expect(await storedUser(page)).toBeNull();

  await login(page, '/', ADMIN.email, ADMIN.password);
  await expect(page.getByRole('alert')).toHaveText(MSG.login.userOnly);
  await expect(page).toHaveURL('/');
  expect(await storedUser(page)).toBeNull();
});

test('a signed-in user cannot open the admin console', async ({ page, request }) => {
  const email = uniqueEmail('guard');
  await registerViaApi(request, email);
  await login(page, '/', email, PASSWORD);
  await page.waitForURL('/dashboard');
  await page.goto('/dashadmin');
  await page.waitForURL('/');
});
