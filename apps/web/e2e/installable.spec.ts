import { expect, test, type Page } from '@playwright/test';

/**
 * The app installs from Chromium: a valid, linked manifest with its icons, a service worker that controls the
 * page, the offline page for a navigation without a network, and no API answer ever cached or answered by the
 * worker (public/sw.js).
 */

/** Every URL the service worker's caches hold, read in the page. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });

/** Opens the login page and waits until the service worker controls it (it claims the page on activation). */
async function controlledPage(page: Page) {
  await page.goto('/');
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
}

test('the manifest is linked and valid, and Chromium finds the app installable', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await request.get(href!);
  expect(res.ok()).toBeTruthy();
  expect(res.headers()['content-type']).toMatch(/application\/manifest\+json/);
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: 'SVP Invest', start_url: '/', display: 'standalone' });
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png' && i.purpose === 'any');
    expect(icon, `a ${size} PNG icon`).toBeDefined();
    const image = await request.get(icon!.src);
    expect(image.headers()['content-type']).toBe('image/png');
  }
  await controlledPage(page);
  // Chromium's own checks: the manifest parses without errors and nothing stops the install.
  const cdp = await page.context().newCDPSession(page);
  const parsed = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[] };
  expect(parsed.errors).toEqual([]);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // A test browser's context is an incognito one, where Chromium never offers an install: that is the browser's.
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
});

test('the service worker is served uncached and controls the page', async ({ page, request }) => {
  const sw = await request.get('/sw.js');
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  // Revalidated on every check, so a deploy is seen at the next navigation.
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(await sw.text()).not.toContain('__SVP_BUILD__');
  await controlledPage(page);
  const urls = await cachedUrls(page);
  expect(urls.some((url) => url.endsWith('/offline.html'))).toBe(true);
  expect(urls.some((url) => /\/assets\/index-[\w-]+\.js$/.test(url))).toBe(true);
});

test('a navigation without a network gets the offline page; online, pages come from the network', async ({
  page,
  context,
}) => {
  await controlledPage(page);
  await context.setOffline(true);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});

test('API answers never pass through the service worker nor reach its caches', async ({ page, context }) => {
  await controlledPage(page);
  const answer = page.waitForResponse((res) => res.url().includes('/api/v1/config'));
  await page.evaluate(() => fetch('/api/v1/config').then((res) => res.status));
  const res = await answer;
  expect(res.fromServiceWorker()).toBe(false);
  // Whatever spelling of the namespace: the worker leaves it to the network.
  await page.evaluate(() => fetch('/API/v1/config').then((res) => res.status));
  expect((await cachedUrls(page)).filter((url) => new URL(url).pathname.toLowerCase().startsWith('/api/'))).toEqual([]);
  // Offline, an API request fails as it would with no worker at all: nothing answers it from a cache.
  await context.setOffline(true);
  const offline = await page.evaluate(() =>
    fetch('/api/v1/config').then(
      (r) => `answered ${r.status}`,
      () => 'failed',
    ),
  );
  expect(offline).toBe('failed');
  await context.setOffline(false);
});
