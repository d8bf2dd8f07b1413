import { expect, test } from '@playwright/test';
import { ACCOUNT_MSG } from '@svp/shared';
import { expectAccessible } from './axe';
import { login, PASSWORD, postJson, registerViaApi, uniqueEmail } from './helpers';

// Settings → Security (issue 18 parts 2 and 3): this session is marked, another one can be signed out, and the
// screen, the unverified banner and the verification page are axe clean at 1280 and 375 px.

const SECTION = 'section[aria-labelledby="security-title"]';
const BANNER = '[data-testid="verify-email-banner"]';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme, reducedMotion: 'reduce' });
    securityScreenTest();
  });
}

function securityScreenTest() {
  test('sees this session, signs out another one, and the screen is accessible at 1280 and 375 px', async ({
    page,
    playwright,
    request,
    baseURL,
  }) => {
    const email = uniqueEmail('security');
    await registerViaApi(request, email);
    // Another browser, elsewhere: Firefox on Linux.
    const other = await playwright.request.newContext({ baseURL, userAgent: FIREFOX });
    const otherLogin = await postJson(other, '/auth/login', { email, password: PASSWORD });
    expect(otherLogin.status(), await otherLogin.text()).toBe(200);
    expect((await other.get('/api/v1/me')).status()).toBe(200);

    await login(page, '/', email, PASSWORD);
    await page.waitForURL('/dashboard');
    // A new account is unverified: every dashboard page says so, with "Resend".
    await expect(page.locator(BANNER)).toContainText(ACCOUNT_MSG.unverifiedBanner);

    await page.goto('/dashboard/settings');
    const section = page.locator(SECTION);
    await expect(section.getByRole('heading', { name: 'Security' })).toBeVisible();
    const rows = section.getByTestId('session-row');
    await expect(rows).toHaveCount(2);
    const mine = rows.filter({ hasText: 'This device' });
    await expect(mine).toContainText('Chrome on Linux');
    await expect(mine.getByRole('button', { name: /Sign out/ })).toHaveCount(0);
    await expect(section.getByTestId('sign-in-row')).toHaveCount(2);

    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expectAccessible(page, `security section at ${width} px`, SECTION);
      await expectAccessible(page, `unverified banner at ${width} px`, BANNER);
    }

    await rows
      .filter({ hasText: 'Firefox on Linux' })
      .getByRole('button', { name: /Sign out Firefox on Linux/ })
      .click();
    await expect(page.getByText(ACCOUNT_MSG.sessionEnded)).toBeVisible();
    await expect(rows).toHaveCount(1);
    expect((await other.get('/api/v1/me')).status()).toBe(401);
    await expect(section.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
    await other.dispose();

    // A link that is not (or no longer) valid: the page says so.
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/verify-email?token=${'x'.repeat(43)}`);
      await expect(page.getByRole('alert')).toContainText(ACCOUNT_MSG.linkInvalid);
      await expectAccessible(page, `verification page at ${width} px`);
    }
  });
}
