import { expect, test, type Page } from '@playwright/test';
import { SHARED_TEXTS, type Language, type SharedTexts } from '@svp/shared';
import { TEXTS as ES } from '@svp/shared/locales/es';
import { TEXTS as RU } from '@svp/shared/locales/ru';
import { translated } from '../src/locales/translated';
import { PASSWORD, randomWallet, uniqueEmail } from './helpers';

// One investor's journey in each language, on a phone (DESIGN D19): the language picked on the sign-in page
// carries through sign-up, the account keeps it, and every screen of the walk speaks it without breaking its
// layout (Russian's and Spanish's longer words). Texts are looked up in the catalogs, so a reworded translation
// does not break the walk, and a text left in English does.

const PHONE = { width: 375, height: 740 };
test.describe.configure({ timeout: 240_000 });

const SHARED: Record<Language, SharedTexts> = { en: SHARED_TEXTS, es: ES, ru: RU };

/** The web catalog of a language, as a lookup: English text → its translation (English itself: the text). */
const catalog = (language: Language) => (english: string, values?: Record<string, string>) =>
  translated(language, english, values);

/** Nothing on the page is wider than the screen (the check investor-ux.spec.ts makes, here in every language). */
async function expectNoOverflow(page: Page, where: string) {
  const overflow = await page.evaluate(() => {
    const width = window.innerWidth;
    // Past the edge and not clipped by a box within the screen (the header's marquee scrolls inside its own).
    const clipped = (el: Element) => {
      for (let up = el.parentElement; up; up = up.parentElement) {
        const { overflowX } = getComputedStyle(up);
        if (overflowX !== 'visible' && up.getBoundingClientRect().right <= width + 1) return true;
      }
      return false;
    };
    const wide = [...document.querySelectorAll('main *, nav *, header *')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.right > width + 1 && !el.closest('[data-card-list] thead') && !clipped(el);
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${(el.textContent ?? '').slice(0, 40)}`);
    return { scroll: document.documentElement.scrollWidth - width, wide: wide.slice(0, 5) };
  });
  expect(overflow.scroll, `${where}: page scrolls sideways`).toBeLessThanOrEqual(0);
  expect(overflow.wide, `${where}: elements past the right edge`).toEqual([]);
}

for (const language of ['en', 'es', 'ru'] as const) {
  test(`an investor's journey in ${language} on a phone: sign-up, top-up, plan, withdraw page`, async ({ browser }) => {
    const t = catalog(language);
    const msg = SHARED[language].MSG;
    const context = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
    const page = await context.newPage();

    // The sign-in page, in English for an English browser; the reader picks their language there.
    await page.goto('/');
    if (language !== 'en') await page.locator('select.language-picker').selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { name: t('Welcome back') })).toBeVisible();
    await expectNoOverflow(page, `${language} sign-in`);

    // A wrong password: the server's English refusal, shown in the reader's language.
    await page.locator('input[name=email]').fill('nobody@example.com');
    await page.locator('input[name=password]').fill('Wrong-Password-1');
    await page.getByRole('button', { name: t('Login') }).click();
    await expect(page.getByRole('alert')).toHaveText(msg.login.invalid);

    // Sign-up in that language: the account keeps it.
    await page.getByRole('link', { name: t('Sign Up') }).click();
    await expect(page.getByRole('heading', { name: t('Sign up for an account') })).toBeVisible();
    await expectNoOverflow(page, `${language} sign-up`);
    const email = uniqueEmail(`lang-${language}`);
    await page.locator('input[name=email]').fill(email);
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.locator('input[name=confirmPassword]').fill(PASSWORD);
    await page.locator('input[name=walletAddress]').fill(randomWallet());
    await page.getByRole('checkbox').click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('Agree') })
      .click();
    await page.getByRole('button', { name: t('Register') }).click();
    await expect(page.getByText(msg.register.success)).toBeVisible();
    await page.waitForURL('/', { timeout: 10_000 });

    await page.locator('input[name=email]').fill(email);
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.getByRole('button', { name: t('Login') }).click();
    await page.waitForURL('/dashboard');
    const me = (await (await page.request.get('/api/v1/me')).json()) as {
      user: { language: string; username: string };
    };
    expect(me.user.language).toBe(language);
    await expect(page.getByRole('heading', { name: t('Welcome, {name}!', { name: me.user.username }) })).toBeVisible();
    // The welcome-reward dialog opens by itself on the home: closed whenever it stands in the way.
    await page.addLocatorHandler(page.getByRole('dialog', { name: t('Claim your welcome coins') }), (dialog) =>
      dialog
        .getByRole('button', { name: t('Cancel') })
        .click({ timeout: 10_000 })
        .catch(() => undefined),
    );
    await expectNoOverflow(page, `${language} dashboard`);

    // Top up $20 on the simulated chain.
    await page.goto('/dashboard/topup');
    await page.locator('input[name=amount]').fill('20');
    await page.getByRole('button', { name: t('Continue to payment') }).click();
    await expect(page.getByText('23 USDT', { exact: true })).toBeVisible();
    await expectNoOverflow(page, `${language} payment`);
    await page.getByRole('button', { name: t('Send test payment') }).click();
    await expect(page.getByRole('status', { name: new RegExp(t('Credited to your balance')) })).toBeVisible();
    await page.getByRole('button', { name: t('Done') }).click();

    // The Standard plan for $10, 45 days.
    await page.goto('/dashboard/plan');
    await expectNoOverflow(page, `${language} plans`);
    await page
      .getByRole('article', { name: 'Standard' })
      .getByRole('button', { name: t('Pick Plan') })
      .click();
    const pick = page.getByRole('dialog');
    await pick.locator('select').selectOption('45');
    await pick.getByLabel(t('Amount (USD)')).fill('10');
    await pick.getByRole('button', { name: t('Confirm') }).click();
    const started = page.getByRole('dialog', { name: t('Investment started') });
    await expect(started).toContainText(msg.invest.success);
    await expectNoOverflow(page, `${language} investment started`);
    await started.getByRole('button', { name: t('OK'), exact: true }).click();

    // The withdraw page: the plan's maturity in the reader's words.
    await page.goto('/dashboard/withdraw');
    await expect(page.getByText(msg.withdraw.notMatured(45))).toBeVisible();
    await expectNoOverflow(page, `${language} withdraw`);

    // A reload keeps the language: the account's (and this device's) choice.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByText(msg.withdraw.notMatured(45))).toBeVisible();
    await context.close();
  });
}

test('the language picked in the dashboard is the account’s: a new device opens in it', async ({ browser }) => {
  const first = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await first.newPage();
  const email = uniqueEmail('lang-switch');
  await page.goto('/register');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('input[name=confirmPassword]').fill(PASSWORD);
  await page.locator('input[name=walletAddress]').fill(randomWallet());
  await page.getByRole('checkbox').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Agree' }).click();
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL('/', { timeout: 10_000 });
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('/dashboard');
  await page.locator('header select.language-picker').selectOption('ru');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/v1/me')).json()) as { user: { language: string } }).user.language,
    )
    .toBe('ru');
  await first.close();

  // Another browser, English by its settings: the sign-in page is English, the account's Russian takes over.
  const second = await browser.newContext({ locale: 'en-US' });
  const other = await second.newPage();
  await other.goto('/');
  await expect(other.locator('html')).toHaveAttribute('lang', 'en');
  await other.locator('input[name=email]').fill(email);
  await other.locator('input[name=password]').fill(PASSWORD);
  await other.getByRole('button', { name: 'Login' }).click();
  await other.waitForURL('/dashboard');
  await expect(other.locator('html')).toHaveAttribute('lang', 'ru');
  await second.close();
});

test('a browser in Spanish opens the sign-in page in Spanish', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-ES' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { name: catalog('es')('Welcome back') })).toBeVisible();
  await context.close();
});
