import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@svp.test', password: 'Admin-Pass-12345' };
export const PASSWORD = 'E2e-Password-123';

let counter = 0;

/** A unique address per call, so reruns against one database never collide. */
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

/** A valid BEP-20 address made of random hex digits. */
export function randomWallet(): string {
  const hex = Array.from({ length: 40 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  return `0x${hex}`;
}

/** Registers through the API exactly as the web client does (CSRF cookie + header, idempotency key). */
export async function registerViaApi(request: APIRequestContext, email: string, password = PASSWORD): Promise<void> {
  const csrf = await request.get('/api/v1/auth/csrf');
  expect(csrf.ok()).toBeTruthy();
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await request.post('/api/v1/auth/register', {
    headers: { 'x-csrf-token': csrfToken, 'idempotency-key': crypto.randomUUID() },
    data: { email, password, walletAddress: randomWallet(), referralCode: '' },
  });
  expect(res.status(), await res.text()).toBe(201);
}

export async function login(page: Page, path: '/' | '/admin', email: string, password: string): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Email or phone').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export async function storedUser(page: Page): Promise<unknown> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as unknown);
}

/** A POST as the web client sends it (CSRF cookie + header, fresh idempotency key), from a request context. */
export async function postJson(request: APIRequestContext, path: string, data: unknown) {
  const csrf = await request.get('/api/v1/auth/csrf');
  expect(csrf.ok()).toBeTruthy();
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return request.post(`/api/v1${path}`, {
    headers: { 'x-csrf-token': csrfToken, 'idempotency-key': crypto.randomUUID() },
    data,
  });
}

/** Moves the server's clock (exists only with ALLOW_TEST_CLOCK=1, never in production; DESIGN D11). */
export async function moveClock(request: APIRequestContext, body: { advanceDays: number } | { reset: true }) {
  const res = await postJson(request, '/test/clock', body);
  expect(res.status(), await res.text()).toBe(200);
}

/** Registers through the sign-up page, optionally with a referral link (?ref=CODE). */
export async function registerViaUi(page: Page, email: string, referralCode?: string): Promise<void> {
  await page.goto(referralCode ? `/register?ref=${encodeURIComponent(referralCode)}` : '/register');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Wallet address').fill(randomWallet());
  await page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).click();
  await page.getByRole('dialog', { name: 'Terms and Conditions' }).getByRole('button', { name: 'Agree' }).click();
  await page.getByRole('button', { name: 'Register' }).click();
}
