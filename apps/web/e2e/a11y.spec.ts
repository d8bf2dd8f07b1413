import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, PASSWORD, login, registerViaApi, uniqueEmail } from './helpers';

/** DESIGN §5: no axe violations of serious or critical impact, in either colour scheme. */
async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
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
  });
}
