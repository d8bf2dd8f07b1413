// The screenshots' admin login with its second factor, kept apart so screenshots.mjs stays short.
import { request as playwrightRequest } from '@playwright/test';
import { authenticator } from 'otplib';

/**
 * The admin login with its second factor: enrols on the first run (key read from the page), then codes by the
 * server's clock; a code's 30-second step is used once, so the test clock moves past the last one if needed
 * and goes back afterwards. `onStep` may take a picture of the code step before it is submitted.
 */
export function createAdminLogin({ base, post, login, admin }) {
  let adminSecret = null;
  let lastStep = -1;
  return async function adminLogin(page, onStep) {
    // Move the test clock past the last used step BEFORE the password step, so the session is not born expired.
    const api = await playwrightRequest.newContext({ baseURL: base });
    const before = await (await api.get('/api/v1/test/clock')).json();
    const start = Date.parse(before.now);
    const moved = Math.floor(start / 30_000) <= lastStep;
    if (moved) await post(api, '/test/clock', { advanceMs: (lastStep + 1) * 30_000 - start + 1000 });
    await login(page, '/admin', admin);
    const heading = page.getByRole('heading', { name: /two-factor authentication/i });
    await heading.waitFor();
    const setup = (await heading.textContent()).startsWith('Set up');
    if (setup) {
      await page.getByTestId('totp-secret').waitFor();
      adminSecret = (await page.getByTestId('totp-secret').textContent()).trim();
    }
    if (onStep) await onStep(setup);
    const now = Date.parse((await (await api.get('/api/v1/test/clock')).json()).now);
    lastStep = Math.floor(now / 30_000);
    await page.getByLabel(/^Code from your app/).fill(authenticator.clone({ epoch: now }).generate(adminSecret));
    await page.getByRole('button', { name: 'Verify' }).click();
    if (setup) {
      await page.getByTestId('recovery-codes').waitFor();
      if (onStep) await onStep('codes');
      await page.getByRole('button', { name: 'I have saved them' }).click();
    }
    await page.waitForURL('**/dashadmin');
    if (moved) await post(api, '/test/clock', { reset: true, advanceMs: before.offsetMs });
    await api.dispose();
  };
}
