import { expect, test, type Page } from '@playwright/test';
import { keyFacts, type KeyFactsConfig } from '@svp/shared';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PASSWORD, adminLogin, login, postJson, registerViaApi, uniqueEmail, welcomeDialog } from './helpers';

// A new investor's walk: the key facts before money goes in, phones, and feedback where one acts.

const PHONE = { width: 375, height: 740 };

// Each walk signs up, signs in and opens several screens: more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

async function signedIn(page: Page): Promise<string> {
  const email = uniqueEmail('ux');
  await registerViaApi(page.request, email);
  await login(page, '/', email, PASSWORD);
  await page.waitForURL('/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible({ timeout: 30_000 });
  await welcomeSettled(page);
  return email;
}

/**
 * The welcome-reward dialog opens by itself on the home, once per page load, once the rewards have loaded; the
 * login helper's handler closes it before each action and assertion. The button below shows the rewards have
 * loaded, and the dialog is hidden once the handler has run (it may already have, before this is called).
 */
async function welcomeSettled(page: Page) {
  await expect(page.getByRole('button', { name: 'Claim Welcome Coin' })).toBeVisible({ timeout: 30_000 });
  await expect(welcomeDialog(page)).toBeHidden();
}

/** The key-facts box shows every fact with the server's configured figures (GET /config). */
async function expectKeyFacts(page: Page, where: string) {
  const config = (await (await page.request.get('/api/v1/config')).json()) as KeyFactsConfig;
  const box = page.getByTestId('key-facts').first();
  await expect(box, where).toBeVisible();
  for (const fact of keyFacts(config)) await expect(box, `${where}: ${fact.term}`).toContainText(fact.text);
  // The rules a new investor missed, in plain words.
  await expect(box).toContainText('cannot be withdrawn to a wallet');
  await expect(box).toContainText('Sundays');
  await expect(box).toContainText('earns nothing');
}

/** Nothing on the page is wider than the screen: no sideways scrolling, no cell past the right edge. */
async function expectNoOverflow(page: Page, where: string) {
  const overflow = await page.evaluate(() => {
    const width = window.innerWidth;
    const wide = [...document.querySelectorAll('main *, nav *')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.right > width + 1 && !el.closest('[data-card-list] thead');
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 80));
    return { scroll: document.documentElement.scrollWidth - width, wide: wide.slice(0, 5) };
  });
  expect(overflow.scroll, `${where}: page scrolls sideways`).toBeLessThanOrEqual(0);
  expect(overflow.wide, `${where}: elements past the right edge`).toEqual([]);
}

/** Every table of the page is a list of cards: rows as blocks, each cell named after its column. */
async function expectCardLists(page: Page, where: string) {
  const tables = page.locator('[data-card-list] table');
  await expect(tables.first(), `${where}: a table`).toBeVisible();
  const count = await tables.count();
  expect(count, `${where}: a table`).toBeGreaterThan(0);
  for (const table of await tables.all()) {
    const rows = table.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    expect(await rows.first().evaluate((tr) => getComputedStyle(tr).display), where).not.toBe('table-row');
    await expect(table.locator('thead')).toHaveCSS('position', 'absolute');
    const named = await table
      .locator('tbody td')
      .evaluateAll((cells) => cells.filter((td) => (td as HTMLElement).dataset.label).length);
    expect(named, `${where}: cells named after their columns`).toBeGreaterThan(0);
  }
}

/** A 1× screenshot of the element, centred in the screen (the fixed header and tab bar cover the edges). */
async function shot(locator: import('@playwright/test').Locator, file: string) {
  await expect.poll(() => locator.evaluate((el) => !(el instanceof HTMLImageElement) || el.complete)).toBe(true);
  await locator.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await locator.screenshot({ path: file });
}

/** A new investor's payment view for a $20 top-up; answers the deposit address it shows. */
async function paymentView(page: Page): Promise<string> {
  await signedIn(page);
  await page.goto('/dashboard/topup');
  await page.getByLabel('Amount (USD)').fill('20');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  return (await page.getByTestId('deposit-address').textContent())!.trim();
}

/** The phone's "Show barcode": the barcode drawn on the page. */
async function showBarcode(page: Page) {
  await page.getByRole('button', { name: 'Show barcode' }).click();
  const barcode = page.getByRole('img', { name: /Barcode/ });
  await expect(barcode).toBeVisible();
  return barcode;
}

function zbar(file: string): string {
  return execFileSync('zbarimg', ['--quiet', '--raw', file], { encoding: 'utf8' }).trim();
}

test('the key facts stand on the sign-up page and in the terms, before any money', async ({ page }) => {
  await page.goto('/register');
  await expectKeyFacts(page, 'sign-up page');
  // Not behind "Show More": visible as the page opens.
  await expect(page.getByRole('button', { name: 'Show More' })).toBeVisible();
  await page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).click();
  const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
  await expect(terms.getByTestId('key-facts')).toBeVisible();
  await terms.getByRole('button', { name: 'Close', exact: true }).click();

  const html = await (await page.request.get('/terms.html')).text();
  expect(html).toContain('cannot be withdrawn to a wallet');
  expect(html).toContain('every later withdrawal needs');
  expect(html).toContain('it earns nothing');
});

test('the key facts on the top-up page, the plan dialog and the bot activation', async ({ page }) => {
  await signedIn(page);
  await page.goto('/dashboard/topup');
  await expect(page.getByRole('heading', { name: 'Top Up', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expectKeyFacts(page, 'top-up page');

  await page.goto('/dashboard/plan');
  await page.getByRole('button', { name: 'Pick Plan' }).first().click();
  const plan = page.getByRole('dialog', { name: /^Pick the/ });
  await expect(plan).toBeVisible();
  await expectKeyFacts(page, 'plan dialog');
  await plan.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/dashboard');
  await welcomeSettled(page);
  await page
    .getByRole('button', { name: /Activate/ })
    .first()
    .click();
  const bot = page.getByRole('dialog', { name: 'Activate the trading bot' });
  await expect(bot).toBeVisible();
  await expectKeyFacts(page, 'bot activation');
});

test('"Total earned" counts all earnings ever credited and says what they are', async ({ page }) => {
  await signedIn(page);
  const stat = page.getByTestId('home-stats');
  await expect(stat).toContainText('Total earned');
  await expect(stat).toContainText('Referral bonuses and credits, all time');
  const me = (await (await page.request.get('/api/v1/me')).json()) as { user: { earnedTotal: string } };
  expect(me.user.earnedTotal).toBe('0');
});

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: PHONE });

  test('tables are card lists, nothing past the edge; tab bar; figures two by two', async ({ page }) => {
    await signedIn(page);
    // The home: four figures in two rows of two, the bot's messages as cards, the tab bar at the foot.
    const cards = page.getByTestId('home-stats').locator(':scope > *');
    const tops = await cards.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size, 'two rows').toBe(2);
    const tabs = page.getByRole('navigation', { name: 'Main destinations' });
    await expect(tabs).toBeVisible();
    await expect(tabs.getByRole('link', { name: 'Top Up' })).toBeVisible();
    await page.getByRole('figure', { name: /candlestick chart/ }).scrollIntoViewIfNeeded();
    await expectCardLists(page, 'home (bot messages)');
    await expectNoOverflow(page, 'home');

    for (const path of ['/dashboard/topup', '/dashboard/plan', '/dashboard/withdraw', '/dashboard/settings']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
      await expectNoOverflow(page, path);
    }

    // The top-up's action stays in view above the tab bar while the key facts are read.
    await page.goto('/dashboard/topup');
    const action = page.getByTestId('sticky-action');
    await expect(action).toHaveCSS('position', 'sticky');
    const bar = (await tabs.boundingBox())!;
    const button = (await action.getByRole('button', { name: 'Continue to payment' }).boundingBox())!;
    expect(button.y + button.height).toBeLessThanOrEqual(bar.y);
  });

  test('the admin users table is a card list on a phone', async ({ page }) => {
    await registerViaApi(page.request, uniqueEmail('listed'));
    await adminLogin(page);
    await page.goto('/dashadmin/users');
    await expectCardLists(page, 'admin users');
    await expectNoOverflow(page, 'admin users');
  });

  test('the barcode and the QR code read at 1× with zbarimg; the plain address first', async ({ page }) => {
    const address = await paymentView(page);
    const dir = mkdtempSync(join(tmpdir(), 'svp-zbar-'));

    // The QR code holds the address alone by default; the payment request is the other choice.
    const qr = page.getByRole('img', { name: 'QR code of the deposit address' });
    await expect(qr).toBeVisible();
    await shot(qr, join(dir, 'qr-address.png'));
    expect(zbar(join(dir, 'qr-address.png'))).toBe(address);
    await page.getByText('Payment request', { exact: true }).click();
    const request = page.getByRole('img', { name: /QR code of the payment request/ });
    await expect(request).toBeVisible();
    await shot(request, join(dir, 'qr-request.png'));
    expect(zbar(join(dir, 'qr-request.png'))).toMatch(
      new RegExp(`^ethereum:0x[0-9a-fA-F]{40}@\\d+/transfer\\?address=${address}`, 'i'),
    );

    // The barcode, on the page itself (not a full-screen dialog), read from a 1× screenshot. A scanner needs two
    // pixels per module (zbar reads none at one), so at 1× it is about 1,000 px long: read on a screen tall
    // enough to hold it, or the fixed tab bar would cover part of it in the shot.
    const barcode = await showBarcode(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectNoOverflow(page, 'payment view');
    await page.setViewportSize({ width: PHONE.width, height: 1280 });
    await shot(barcode, join(dir, 'barcode.png'));
    expect(zbar(join(dir, 'barcode.png'))).toBe(address);
  });

  test.describe('on a 2× phone screen', () => {
    test.use({ deviceScaleFactor: 2 });

    test('the whole barcode is in view between the top bar and the tab bar, and reads', async ({ page }) => {
      const address = await paymentView(page);
      const barcode = await showBarcode(page);
      await barcode.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      // One CSS pixel per module is two device pixels here: the code fits the screen a phone shows.
      const box = (await barcode.boundingBox())!;
      const top = (await page.getByRole('banner').boundingBox())!;
      const tabs = (await page.getByRole('navigation', { name: 'Main destinations' }).boundingBox())!;
      expect(box.y, 'below the top bar').toBeGreaterThanOrEqual(top.y + top.height);
      expect(box.y + box.height, 'above the tab bar').toBeLessThanOrEqual(tabs.y);
      const file = join(mkdtempSync(join(tmpdir(), 'svp-zbar-')), 'barcode-2x.png');
      await barcode.screenshot({ path: file, scale: 'device' });
      expect(zbar(file)).toBe(address);
    });
  });
});

test('a session that ends on a page: the login page says so and sign-in goes back there', async ({ page }) => {
  const email = await signedIn(page);
  await page.goto('/dashboard/topup');
  await expect(page.getByRole('heading', { name: 'Top Up', level: 1 })).toBeVisible();
  // The session ends on the server (signed out elsewhere): the next request answers 401.
  const out = await postJson(page.request, '/auth/logout', {});
  expect(out.ok(), await out.text()).toBeTruthy();
  // The page learns it on its next request: the live stream's reconnect, at once, or the next screen's data.
  const ended = (url: URL) => url.pathname === '/' && url.searchParams.get('session') === 'ended';
  await page
    .getByRole('link', { name: 'History' })
    .first()
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await page.waitForURL(ended);
  await expect(page.getByTestId('session-ended')).toHaveText(/Your session has ended/);
  // Back to the page the session ended on: the top-up, or the history if the click came first.
  const back = new URL(page.url()).searchParams.get('next');
  expect(['/dashboard/topup', '/dashboard/history']).toContain(back);
  await page.getByLabel('Email or phone').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(back!);

  // Only a path inside the dashboard: another site is never a destination.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/?session=ended&next=//evil.example/steal');
  await page.getByLabel('Email or phone').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('/dashboard');
});
