import { expect, test, type Locator, type Page } from '@playwright/test';
import { PASSWORD, login, registerViaApi, uniqueEmail } from './helpers';

// What the walk-through saw on a phone (item 13), checked on the laid-out page at 375 px.

test.use({ viewport: { width: 375, height: 740 } });
// Ten message cards checked cell by cell: more than the default minute on a busy machine.
test.describe.configure({ timeout: 120_000 });

async function signIn(page: Page, request: Parameters<typeof registerViaApi>[0]) {
  const email = uniqueEmail('phone');
  await registerViaApi(request, email);
  await login(page, '/', email, PASSWORD);
  await page.waitForURL('/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();
}

/** How many line boxes an element's text takes: 1 when it did not wrap. */
const lineBoxes = (locator: Locator) =>
  locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });

test('the bot box: a labelled chart placeholder, then the chart; one aligned line per message', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  // Below the fold the chart is not drawn yet: its place says what will be there, not a blank grey box.
  const placeholder = page.getByTestId('bot-chart-placeholder');
  await expect(placeholder).toHaveText(/Simulated BTCUSD chart/);
  await expect(page.locator('figure canvas')).toHaveCount(0);
  await page.getByRole('figure', { name: /candlestick chart/ }).scrollIntoViewIfNeeded();
  await expect(page.locator('figure canvas').first()).toBeVisible();
  await expect(placeholder).toHaveCount(0);

  // Each message is a card (rows wider than the phone were cut off): six cells, each named after its column,
  // three to a line, every one inside the screen.
  const rows = page.getByTestId('bot-message');
  await expect(rows).toHaveCount(10);
  for (const row of await rows.all()) {
    const cells = row.getByRole('cell');
    await expect(cells).toHaveCount(6);
    const boxes = await cells.evaluateAll((tds) =>
      tds.map((td) => ({ top: Math.round(td.getBoundingClientRect().top), right: td.getBoundingClientRect().right })),
    );
    expect(new Set(boxes.map((b) => b.top)).size, 'three cells to a line').toBe(2);
    for (const box of boxes) expect(box.right).toBeLessThanOrEqual(375);
    expect(await cells.first().getAttribute('data-label')).toBe('Time');
  }
  // The page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  // The chart draws one symbol's own series (each symbol walks on its own, at its own level), chosen here.
  await page.getByLabel('Chart symbol').selectOption('DOGEUSD');
  await expect(page.getByTestId('bot-chart-symbol')).toHaveText('DOGEUSD · simulated');
});

test('top-up on a phone: the barcode at a scannable size, and whole link names', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/dashboard/topup');
  await page.getByLabel('Amount (USD)').fill('20');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();

  // "Chat bot" is one link name on one line, never "Chat" and "bot" on two.
  for (const name of ['Chat bot', 'Messaging channel']) {
    expect(await lineBoxes(page.getByRole('link', { name, exact: true })), name).toBe(1);
  }

  // Not squeezed inline (it was 299 × 30 px): on the page, down its length, two device pixels per module, not scaled.
  const barcode = page.getByRole('img', { name: /Barcode/ });
  await expect(barcode).toBeHidden();
  await page.getByRole('button', { name: 'Show barcode' }).click();
  await expect(barcode).toBeVisible();
  const box = (await barcode.boundingBox())!;
  // 450–520 modules (quiet zones included, fewer where digits pair up) at 2 px each on this 1× screen, drawn at
  // its own size (not scaled), bars 160 px long.
  expect(box.height).toBeGreaterThanOrEqual(800);
  expect(box.height).toBe(Number(await barcode.getAttribute('height')));
  expect(box.width).toBeGreaterThanOrEqual(100);
  await page.getByRole('button', { name: 'Hide barcode' }).click();
  await expect(barcode).toBeHidden();

  // On a wide screen it is drawn inline, wide enough to scan.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(barcode).toBeVisible();
  expect((await barcode.boundingBox())!.width).toBeGreaterThanOrEqual(700);
  await expect(page.getByRole('button', { name: 'Show barcode' })).toBeHidden();
});
