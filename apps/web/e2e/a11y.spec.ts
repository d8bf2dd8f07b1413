import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { MSG } from '@svp/shared';
import { ADMIN, PASSWORD, login, moveClock, registerViaApi, uniqueEmail } from './helpers';

/** DESIGN §5: no axe violations of serious or critical impact, in either colour scheme. */
async function expectAccessible(page: Page, what: string) {
  // Modals and toasts fade in: check what people see once the (finite) transitions have finished.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')}`,
    );
  expect(bad, `${what}: ${bad.join('\n')}`).toEqual([]);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

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

      await login(page, '/admin', ADMIN.email, ADMIN.password);
      await page.waitForURL('/dashadmin');
      await expect(page.getByRole('link', { name: 'Manage Users' })).toBeVisible();
      await expectAccessible(page, 'admin console');
    });

    test('money screens', async ({ page, request, browser }) => {
      test.setTimeout(120_000);
      const email = uniqueEmail(`a11y-money-${colorScheme}`);
      await registerViaApi(request, email);
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
      await expect(page.getByTestId('withdrawal-row')).toContainText('Pending');
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
      const admin = await context.newPage();
      await login(admin, '/admin', ADMIN.email, ADMIN.password);
      await admin.waitForURL('/dashadmin');
      await admin.goto('/dashadmin/withdrawals');
      const row = admin.getByTestId('pending-withdrawal').filter({ hasText: email });
      await expect(row).toBeVisible();
      await expectAccessible(admin, 'admin withdrawal queue');
      await row.getByRole('button', { name: /^Reject/ }).click();
      const reject = admin.getByRole('dialog', { name: 'Reject withdrawal' });
      await reject.getByRole('button', { name: 'Reject' }).click();
      await expect(reject.getByText(MSG.withdraw.reasonRequired)).toBeVisible();
      await expectAccessible(admin, 'admin reject modal with error');
      await context.close();
    });
  });
}
