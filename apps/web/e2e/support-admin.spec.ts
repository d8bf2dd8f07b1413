import { expect, test, type Browser } from '@playwright/test';
import { MSG, OPERATOR_API } from '@svp/shared';
import { PASSWORD, adminLogin, login, postJson, registerViaApi, storedUser, uniqueEmail } from './helpers';

async function adminPage(browser: Browser) {
  const context = await browser.newContext(); // its own cookies and storage
  const page = await context.newPage();
  await adminLogin(page);
  return page;
}

test('a user raises a ticket, the admin replies and closes it, the user sees the reply', async ({
  page,
  request,
  browser,
}) => {
  const email = uniqueEmail('ticket');
  await registerViaApi(request, email);
  await login(page, '/', email, PASSWORD);
  await page.waitForURL('/dashboard');
  await page.goto('/dashboard/messages');

  await page.getByRole('button', { name: 'Send ticket' }).click();
  await expect(page.getByRole('alert').filter({ hasText: MSG.tickets.empty })).toBeVisible();
  const subject = `Wallet change ${Date.now()}`;
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill('Please change my wallet address.');
  await page.getByRole('button', { name: 'Send ticket' }).click();
  const row = page.getByTestId('ticket-row').filter({ hasText: subject });
  await expect(row).toContainText('open');

  const admin = await adminPage(browser);
  await admin.getByRole('link', { name: 'Admin Tickets' }).click();
  await expect(admin.getByText(MSG.tickets.selectTicket)).toBeVisible();
  await admin.getByTestId('admin-ticket-row').filter({ hasText: subject }).click();
  await expect(admin.getByTestId('ticket-message')).toHaveCount(1);
  const send = admin.getByRole('button', { name: 'Send Reply' });
  await expect(send).toBeDisabled();
  await admin.getByLabel('Reply').fill('   ');
  await expect(send).toBeDisabled();
  await admin.getByLabel('Reply').fill('Done: your new wallet is on file.');
  await send.click();
  await expect(admin.getByTestId('ticket-message')).toHaveCount(2);
  await expect(admin.getByLabel('Reply')).toHaveValue('');
  await expect(admin.getByTestId('admin-ticket-row').filter({ hasText: subject })).toContainText('pending');

  await page.reload();
  await page.getByTestId('ticket-row').filter({ hasText: subject }).click();
  const reply = page.getByTestId('ticket-message').filter({ hasText: 'Done: your new wallet is on file.' });
  await expect(reply).toContainText('Admin');

  await admin.getByRole('button', { name: 'Close ticket' }).click();
  await expect(admin.getByTestId('admin-ticket-row').filter({ hasText: subject })).toContainText('closed');
  await page.reload();
  await page.getByTestId('ticket-row').filter({ hasText: subject }).click();
  await expect(page.getByText(MSG.tickets.closed)).toBeVisible();
  await expect(page.getByLabel('Your reply')).toHaveCount(0);
  await admin.context().close();
});

test('the admin edits a phone and adjusts a balance; the user logs in by phone and sees the reason', async ({
  page,
  request,
  browser,
}) => {
  const email = uniqueEmail('support');
  await registerViaApi(request, email);
  const phone = `+1555${String(Date.now()).slice(-7)}`;
  const admin = await adminPage(browser);

  // Manage Referrals: fetch by e-mail, edit the phone, Save Changes.
  await admin.getByRole('link', { name: 'Manage Referrals' }).click();
  await admin.getByLabel('User email').fill('not-an-email');
  await expect(admin.getByText(MSG.admin.emailInvalid)).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Fetch User' })).toBeDisabled();
  await admin.getByLabel('User email').fill(email);
  await admin.getByRole('button', { name: 'Fetch User' }).click();
  await admin.getByLabel('Phone').fill(phone);
  await admin.getByRole('button', { name: 'Save Changes' }).click();
  await expect(admin.getByRole('status').filter({ hasText: MSG.admin.referralUpdated })).toBeVisible();

  // Manage Withdrawals: the re-fetched details show the phone; then a balance adjustment with a reason.
  await admin.goto('/dashadmin/withdrawals');
  await admin.getByLabel('User email').fill(email);
  await admin.getByRole('button', { name: 'Fetch User Details' }).click();
  await expect(admin.getByTestId('user-fields')).toContainText(phone);
  await admin.getByLabel('Amount').fill('7');
  await admin.getByRole('button', { name: 'Apply adjustment' }).click();
  await expect(admin.getByRole('alert').filter({ hasText: MSG.admin.adjustReasonRequired })).toBeVisible();
  await admin.getByLabel('Reason').fill('Goodwill for ticket e2e');
  const balanceRow = admin
    .getByTestId('user-fields')
    .getByRole('row')
    .filter({ has: admin.getByText('Balance', { exact: true }) });
  await expect(balanceRow).toHaveText(/^Balance\s*\$0\.00$/);
  await admin.getByRole('button', { name: 'Apply adjustment' }).click();
  await expect(admin.getByRole('status').filter({ hasText: MSG.admin.adjusted })).toBeVisible();
  // The user's table shows the new figure at once, without a reload: no reason for a second credit.
  await expect(balanceRow).toHaveText(/^Balance\s*\$7\.00$/);

  // The audit log lists both changes.
  await admin.goto('/dashadmin/audit');
  await expect(admin.getByTestId('audit-log')).toContainText('Goodwill for ticket e2e');
  await admin.context().close();

  await login(page, '/', phone, PASSWORD);
  await page.waitForURL('/dashboard');
  await page.goto('/dashboard/history');
  await expect(page.getByText(/Goodwill for ticket e2e/)).toBeVisible();
});

test('TOTP: a new admin enrols with the shown key, later logs in with a code', async ({ page, request, browser }) => {
  const email = uniqueEmail('admin2');
  await registerViaApi(request, email);
  const admin = await adminPage(browser);
  const lookup = await admin.request.get(`/api/v1/admin/users/lookup?email=${encodeURIComponent(email)}`);
  expect(lookup.ok()).toBeTruthy();
  const { id } = (await lookup.json()) as { id: string };
  const promoted = await postJson(admin.request, `/admin/users/${id}/field`, { field: 'role', value: 'admin' });
  expect(promoted.status(), await promoted.text()).toBe(200);
  // An admin without a role may use nothing in the console (DESIGN D18): support answers the tickets.
  const granted = await postJson(admin.request, OPERATOR_API.adminRoles.replace(':id', id), {
    role: 'support',
    granted: true,
  });
  expect(granted.status(), await granted.text()).toBe(200);
  await admin.context().close();

  // Enrolment: QR code and key, a wrong code is refused, then the recovery codes once.
  await login(page, '/admin', email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await page.getByLabel('Code from your app').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText(MSG.totp.invalid);
  await page.goto('/dashadmin');
  await expect(page).toHaveURL('/'); // nothing is stored before the second factor

  await adminLogin(page, { email, password: PASSWORD }); // enrols (reads the key, saves the codes)
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('/admin');

  await adminLogin(page, { email, password: PASSWORD }); // the code step, no enrolment
  await expect(page.getByRole('link', { name: 'Admin Tickets' })).toBeVisible();
});

test('an underpaid top-up is credited as received and shows on the admin’s flagged deposits', async ({
  page,
  request,
  browser,
}) => {
  const email = uniqueEmail('underpaid');
  await registerViaApi(request, email);
  await login(page, '/', email, PASSWORD);
  await page.waitForURL('/dashboard');
  const { username } = (await storedUser(page)) as { username: string };
  await page.goto('/dashboard/topup');
  await page.getByLabel('Amount (USD)').fill('50');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('53 USDT', { exact: true })).toBeVisible();
  await page.getByLabel('Test amount (USDT, optional)').fill('33');
  await page.getByRole('button', { name: 'Send test payment' }).click();
  await expect(page.getByRole('status', { name: /Credited to your balance/ })).toBeVisible();

  const admin = await adminPage(browser);
  await admin.getByRole('link', { name: 'Flagged deposits' }).click();
  await expect(admin.getByRole('heading', { name: 'Flagged deposits' })).toBeVisible();
  const row = admin.getByTestId('flagged-deposits').getByRole('row').filter({ hasText: username });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Underpaid');
  await expect(row).toContainText(email);
  await expect(row.getByRole('cell', { name: '$53.00' })).toBeVisible(); // what the request asked for
  await expect(row.getByRole('cell', { name: '$33.00' })).toBeVisible(); // what arrived
  await admin.context().close();
});
