import { expect, test } from '@playwright/test';
import { MSG } from '@svp/shared';
import { PASSWORD, login, registerViaApi, uniqueEmail } from './helpers';

test('unknown addresses show "Page Not Found" with a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: MSG.dashboard.notFound })).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL('/');
});

test('the static legal pages are served', async ({ page }) => {
  await page.goto('/terms.html');
  await expect(page.getByRole('heading', { name: 'Terms & Conditions', level: 1 })).toBeVisible();
  await expect(page.getByText('Withdrawals are not processed on')).toBeVisible();
  await page.goto('/policy.html');
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the sidebar hides behind "More" and closes after navigating; unknown sections show 404', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('mobile');
    await registerViaApi(request, email);
    await login(page, '/', email, PASSWORD);
    await page.waitForURL('/dashboard');
    await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();

    const sidebar = page.getByRole('navigation', { name: 'Dashboard navigation' });
    const more = page.getByRole('button', { name: 'More' });
    await expect(more).toBeVisible();
    await expect(sidebar).not.toBeInViewport();

    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar).toBeInViewport();
    await sidebar.getByRole('link', { name: 'Top Up' }).click();
    await expect(page).toHaveURL('/dashboard/topup');
    await expect(page.getByRole('heading', { name: 'Top Up' })).toBeVisible();
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar).not.toBeInViewport();

    await page.goto('/dashboard/does-not-exist');
    await expect(page.getByRole('heading', { name: MSG.dashboard.notFound })).toBeVisible();
    await page.getByRole('link', { name: 'Back to your dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
  });

  test('at desktop width there is no "More" button and the sidebar is always shown', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const email = uniqueEmail('desktop');
    await registerViaApi(request, email);
    await login(page, '/', email, PASSWORD);
    await page.waitForURL('/dashboard');
    await expect(page.getByRole('navigation', { name: 'Dashboard navigation' })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'More' })).toBeHidden();
  });
});
