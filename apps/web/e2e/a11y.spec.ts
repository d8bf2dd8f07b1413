import { expectAccessible } from './axe';
import { MSG } from '@svp/shared';
import { expect, test, type BrowserContext } from '@playwright/test';
import {
  adminLogin,
  PASSWORD,
  login,
  moveClock,
  registerViaApi,
  uniqueEmail,
  verifyEmailFromOutbox,
  welcomeDialog,
} from './helpers';

/** A page of its own context, signed in as the admin. */
async function adminPage(context: BrowserContext) {
  const admin = await context.newPage();
  await adminLogin(admin);
  return admin;
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    // No transitions: axe must measure a dialog's colours once it is shown, not halfway through its fade-in
    // (a link in the welcome modal read 4:1 against the half-faded overlay). The app honours the setting.
    test.use({ colorScheme, reducedMotion: 'reduce' });

    test('anonymous pages', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Login' }).click(); // with the error showing
      await expectAccessible(page, 'login');

      await page.goto('/register');
      await page.getByRole('button', { name: 'Show More' }).click();
      await page.getByRole('button', { name: 'Register' }).click();
      await expectAccessible(page, 'register with errors');
      await page.getByRole('checkbox', { name: /I agree/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page, 'terms modal');

      for (const path of ['/forgetPass', '/admin', '/nowhere', '/terms.html', '/policy.html']) {
        await page.goto(path);
        await expectAccessible(page, path);
      }
    });

    test('dashboard and admin console', async ({ page, request }) => {
      const email = uniqueEmail(`a11y-${colorScheme}`);
      await registerViaApi(request, email);
      await login(page, '/', email, PASSWORD);
      await page.waitForURL('/dashboard');
      await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();
      await expectAccessible(page, 'dashboard home');
      await page.goto('/dashboard/settings');
      await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
      await expectAccessible(page, 'dashboard settings');

      await page.getByRole('button', { name: 'Profile menu' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.getByRole('menu')).toBeHidden(); // the menu's closing transition is not the modal's
      await expectAccessible(page, 'logout modal');
      await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL('/');

      await adminLogin(page);
      await expect(page.getByRole('link', { name: 'Manage Users' })).toBeVisible();
      await expectAccessible(page, 'admin console');
    });

    test('support, settings, FAQ and admin console screens', async ({ page, request, browser }) => {
      test.setTimeout(150_000); // a dozen admin screens at two widths, each scanned by axe
      const email = uniqueEmail(`a11y-support-${colorScheme}`);
      await registerViaApi(request, email);
      await login(page, '/', email, PASSWORD);
      await page.waitForURL('/dashboard');
      await page.goto('/dashboard/messages');
      await page.getByRole('button', { name: 'Send ticket' }).click();
      await expect(page.getByText(MSG.tickets.empty)).toBeVisible();
      await expectAccessible(page, 'messages with error');
      const subject = `A11y ${colorScheme} ${Date.now()}`;
      await page.getByLabel('Subject').fill(subject);
      await page.getByLabel('Message').fill('Hello support');
      await page.getByRole('button', { name: 'Send ticket' }).click();
      await page.getByTestId('ticket-row').filter({ hasText: subject }).click();
      await expect(page.getByTestId('ticket-message')).toHaveCount(1);
      await expectAccessible(page, 'messages with a thread');
      await page.goto('/dashboard/settings');
      await page.getByRole('button', { name: 'Edit' }).click();
      await expectAccessible(page, 'settings with username editor');
      await page.goto('/dashboard/reports');
      await page.getByRole('button', { name: 'What is the minimum investment?' }).click();
      await expect(page.getByText(/minimum investment is \$10/)).toBeVisible();
      await expectAccessible(page, 'FAQ and help');

      const context = await browser.newContext({ colorScheme });
      const admin = await context.newPage();
      await adminLogin(admin);
      // At desktop width, then at a phone's, where the wide tables scroll sideways.
      for (const width of [1280, 375]) {
        await admin.setViewportSize({ width, height: width === 375 ? 812 : 800 });
        for (const [path, ready] of [
          ['/dashadmin/overview', 'Overview'],
          ['/dashadmin/audit', 'Audit log'],
          ['/dashadmin/deposits', 'Flagged deposits'],
          ['/dashadmin/referrals', 'User Information Update'],
          ['/dashadmin/users', 'Manage Users'],
          ['/dashadmin/treasury', 'Treasury'],
        ] as const) {
          await admin.goto(path);
          await expect(admin.getByRole('heading', { name: ready })).toBeVisible();
          await admin.waitForLoadState('networkidle');
          await expectAccessible(admin, `${path} at ${width} px`);
        }
      }
      await admin.setViewportSize({ width: 1280, height: 800 });
      // The Treasury screen with a command's actions listed (development servers only).
      await admin.goto('/dashadmin/treasury');
      await admin.getByRole('button', { name: 'Sweep deposits' }).click();
      await expect(admin.getByTestId('treasury-run')).toBeVisible();
      await expectAccessible(admin, 'treasury with a sweep run');
      await admin.goto('/dashadmin/withdrawals');
      await admin.getByLabel('User email').fill(email);
      await admin.getByRole('button', { name: 'Fetch User Details' }).click();
      await expect(admin.getByTestId('user-fields')).toBeVisible();
      await expectAccessible(admin, 'admin user details and adjustment');
      await admin.goto('/dashadmin/tickets');
      await admin.getByTestId('admin-ticket-row').filter({ hasText: subject }).click();
      await expect(admin.getByTestId('ticket-message')).toHaveCount(1);
      await expectAccessible(admin, 'admin tickets with a thread');
      await context.close();
    });

    test('engagement screens', async ({ page, request }) => {
      const email = uniqueEmail(`a11y-coins-${colorScheme}`);
      await registerViaApi(request, email);
      await login(page, '/', email, PASSWORD);
      await page.waitForURL('/dashboard');
      await page.removeLocatorHandler(welcomeDialog(page)); // this spec looks at the modal itself
      await expect(welcomeDialog(page)).toBeVisible();
      await expect(page.getByTestId('bot-message').first()).toBeVisible();
      await expectAccessible(page, 'welcome modal');
      await welcomeDialog(page).getByRole('button', { name: 'Cancel' }).click();
      await expect(welcomeDialog(page)).toBeHidden();
      await expectAccessible(page, 'dashboard home with bot and coins');
      await page.getByRole('button', { name: 'Activate bot' }).click();
      await expect(page.getByRole('dialog').getByText(MSG.bot.hint)).toBeVisible();
      await expectAccessible(page, 'bot activation modal');

      await page.goto('/dashboard/dailytask');
      await page.getByRole('button', { name: /Tap to earn/ }).click();
      await page.getByRole('button', { name: 'Secure Coins' }).click();
      await expect(page.getByText(MSG.taps.saved).first()).toBeVisible();
      await expectAccessible(page, 'daily task');

      await page.goto('/dashboard/stakingroom');
      const convert = page.getByRole('form', { name: 'Convert' });
      await convert.getByRole('button', { name: 'Convert' }).click();
      await expect(page.getByTestId('staking-message')).toHaveText(MSG.staking.convertInvalid);
      await page.getByRole('button', { name: 'Show Leaderboard' }).click();
      await expect(page.getByTestId('leaderboard')).toBeVisible();
      await expectAccessible(page, 'staking room with message and leaderboard');
    });

    test('money screens', async ({ page, request, browser }) => {
      test.setTimeout(180_000); // two sign-ins of the admin (verifying, then the queue) and a dozen axe scans
      const email = uniqueEmail(`a11y-money-${colorScheme}`);
      await registerViaApi(request, email);
      // A withdrawal needs the address verified: its link is read on the admin Outbox, as without SMTP.
      const verifying = await browser.newContext({ colorScheme });
      await verifyEmailFromOutbox(await adminPage(verifying), page, email);
      await verifying.close();
      await login(page, '/', email, PASSWORD);
      await page.waitForURL('/dashboard');

      await page.goto('/dashboard/topup');
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await expect(page.getByText(MSG.topup.invalidAmount)).toBeVisible();
      await expectAccessible(page, 'top-up amount with error');
      await page.getByLabel('Amount (USD)').fill('100');
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
      await expectAccessible(page, 'top-up payment view');
      await page.getByRole('button', { name: 'Send test payment' }).click();
      await expect(page.getByRole('status', { name: /Credited to your balance/ })).toBeVisible();
      await expectAccessible(page, 'top-up paid');

      await page.goto('/dashboard/plan');
      const standard = page.getByRole('article', { name: 'Standard' });
      await expect(standard).toBeVisible();
      await expectAccessible(page, 'plans');
      await standard.getByRole('button', { name: /^More/ }).click();
      await expect(page.getByRole('dialog', { name: 'Standard plan' })).toBeVisible();
      await expectAccessible(page, 'plan details modal');
      await page.getByRole('dialog').getByRole('button', { name: 'Pick Plan' }).click();
      const pick = page.getByRole('dialog', { name: 'Pick the Standard plan' });
      await pick.getByRole('button', { name: 'Confirm' }).click();
      await expect(pick.getByRole('alert')).toHaveText(MSG.invest.missingPlan);
      await expectAccessible(page, 'pick plan modal with error');
      await pick.getByLabel('Duration').selectOption('45');
      await pick.getByRole('button', { name: 'Confirm' }).click();
      const started = page.getByRole('dialog', { name: 'Investment started' });
      await expect(started).toBeVisible();
      await expect(page.locator('.mantine-Notification-root')).toBeVisible();
      await expectAccessible(page, 'investment success modal and toast');
      await started.getByRole('button', { name: 'OK' }).click();

      await page.goto('/dashboard/withdraw');
      await expect(page.getByRole('button', { name: 'Open withdrawal form' })).toBeDisabled();
      await expectAccessible(page, 'withdraw before maturity');
      await page.getByRole('button', { name: 'Break investment' }).click();
      const breaking = page.getByRole('dialog', { name: 'Break investment' });
      await expect(breaking).toContainText('$1.400');
      await expectAccessible(page, 'break investment modal');
      await breaking.getByRole('button', { name: 'Confirm break' }).click();
      await expect(page.getByRole('dialog', { name: 'Withdrawal requested' })).toBeVisible();
      await expectAccessible(page, 'withdrawal success modal');
      await page.getByRole('button', { name: 'OK' }).click();
      await expect(page.getByTestId('withdrawal-row')).toContainText('Requested');
      await expectAccessible(page, 'withdrawals list');

      await page.goto('/dashboard/history');
      await expect(page.getByRole('cell').first()).toBeVisible();
      await expectAccessible(page, 'history');
      await page.goto('/dashboard/referral');
      await page.getByText('Customize', { exact: true }).click();
      await page.getByRole('button', { name: 'Save my code' }).click();
      await expect(page.getByText(MSG.referral.customInvalid)).toBeVisible();
      await expectAccessible(page, 'referral generator with error');
      await page.goto('/dashboard/settings');
      await page.getByRole('button', { name: 'Show referral code generator' }).click();
      await expect(page.getByRole('button', { name: 'Generate my code' })).toBeVisible();
      await expectAccessible(page, 'settings with referral generator');

      // A matured plan with too little earnings: the open form lists what is missing.
      await page.goto('/dashboard/plan');
      await page.getByRole('article', { name: 'Silver' }).getByRole('button', { name: 'Pick Plan' }).click();
      await page.getByLabel('Duration').selectOption('45');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('dialog', { name: 'Investment started' }).getByRole('button', { name: 'OK' }).click();
      await moveClock(request, { advanceDays: 45 });
      try {
        await login(page, '/', email, PASSWORD);
        await page.waitForURL('/dashboard');
        await page.goto('/dashboard/withdraw');
        await page.getByRole('button', { name: 'Open withdrawal form' }).click();
        await expect(page.getByText(MSG.withdraw.earningsTooLow).last()).toBeVisible();
        await expectAccessible(page, 'withdrawal form with reasons');
      } finally {
        await moveClock(request, { reset: true });
      }

      const context = await browser.newContext({ colorScheme }); // axe needs a page of its own context
      const admin = await adminPage(context);
      await admin.goto('/dashadmin/withdrawals');
      const row = admin.getByTestId('queued-withdrawal').filter({ hasText: email });
      await expect(row).toBeVisible();
      await expectAccessible(admin, 'admin withdrawal queue');
      await row.getByRole('button', { name: /^Approve/ }).click();
      await expect(row).toContainText('Approved — awaiting payment');
      await expectAccessible(admin, 'admin withdrawal queue with an approved row');
      await row.getByRole('button', { name: /^Enter payment hash/ }).click();
      const pay = admin.getByRole('dialog', { name: 'Enter payment hash' });
      await pay.getByLabel('Transaction hash').fill(`0x${'5e'.repeat(32)}`);
      await pay.getByRole('button', { name: 'Mark paid' }).click();
      await expect(pay.getByText(MSG.payoutCheck.notFound)).toBeVisible();
      await expectAccessible(admin, 'admin payment hash modal with the chain check refusal');
      await pay.getByRole('button', { name: 'Cancel' }).click();
      await expect(pay).toBeHidden();
      await row.getByRole('button', { name: /^Reject/ }).click();
      const reject = admin.getByRole('dialog', { name: 'Reject withdrawal' });
      await reject.getByRole('button', { name: 'Reject' }).click();
      await expect(reject.getByText(MSG.withdraw.reasonRequired)).toBeVisible();
      await expectAccessible(admin, 'admin reject modal with error');
      await context.close();
    });
  });
}
