import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { authenticator } from 'otplib';
import { ACCOUNT_MSG } from '@svp/shared';

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
  // The home page opens the welcome-reward modal by itself while the reward is unclaimed (SPEC §4):
  // specs about other screens close it whenever it stands in the way (engagement.spec.ts claims it).
  // The modal may close by itself meanwhile (leaving the home page unmounts it): then its button is gone, and a
  // click without a timeout would wait for it until the test times out. Closed either way is all that matters.
  if (path === '/')
    await page.addLocatorHandler(welcomeDialog(page), (dialog) =>
      dialog
        .getByRole('button', { name: 'Cancel' })
        .click({ timeout: 10_000 })
        .catch(() => undefined),
    );
}

/** The welcome-reward modal of the dashboard home. */
export const welcomeDialog = (page: Page) => page.getByRole('dialog', { name: 'Claim your welcome coins' });

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

/**
 * Verifies `email` as a person does on a development server without SMTP (README "E-mail"): the admin opens the
 * Outbox, finds the welcome mail, and the user opens the link it carries in their own browser.
 */
export async function verifyEmailFromOutbox(admin: Page, user: Page, email: string): Promise<void> {
  await admin.goto('/dashadmin/outbox');
  const mail = admin.getByTestId('outbox-mail').filter({ hasText: email }).filter({ hasText: 'My Dashboard: Welcome' });
  const link = mail.getByRole('link', { name: /\/verify-email\?token=/ });
  await expect(link).toHaveCount(1);
  await user.goto((await link.getAttribute('href'))!);
  await expect(user.getByRole('status')).toHaveText(ACCOUNT_MSG.verified);
}

/** Where an admin's TOTP secret is kept for the run: a file, so a restarted worker still knows it. */
function secretFile(email: string): string {
  const dir = process.env.SVP_E2E_DATA_DIR ?? '/tmp';
  return join(dir, `totp-${email.replace(/[^a-z0-9]/gi, '_')}.txt`);
}

export function rememberedSecret(email: string): string | null {
  const file = secretFile(email);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

function stepFile(secret: string): string {
  return join(process.env.SVP_E2E_DATA_DIR ?? '/tmp', `totp-step-${secret.slice(0, 8)}.txt`);
}

interface ClockState {
  now: string;
  offsetMs: number;
}

async function serverClock(request: APIRequestContext): Promise<ClockState> {
  const res = await request.get('/api/v1/test/clock');
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as ClockState;
}

/**
 * The server accepts each 30-second TOTP step once and never an earlier one. When the test clock is at or
 * behind the last step used (a second login in the same step, or a spec reset the clock from 45 days
 * ahead), it is moved just past it, BEFORE the password step so the new session is not born expired.
 * The returned function puts the test clock back where the spec had it.
 */
export async function clockPastLastStep(
  request: APIRequestContext,
  secret: string | null,
): Promise<() => Promise<void>> {
  const before = await serverClock(request);
  const now = Date.parse(before.now);
  const last = secret && existsSync(stepFile(secret)) ? Number(readFileSync(stepFile(secret), 'utf8')) : -1;
  if (Math.floor(now / 30_000) > last) return async () => undefined;
  const moved = await postJson(request, '/test/clock', { advanceMs: (last + 1) * 30_000 - now + 1_000 });
  expect(moved.status(), await moved.text()).toBe(200);
  return async () => {
    const answer = await postJson(request, '/test/clock', { reset: true, advanceMs: before.offsetMs });
    expect(answer.status(), await answer.text()).toBe(200);
  };
}

/** The current code by the SERVER's clock (tests move it); its step is remembered as used. */
export async function totpCode(request: APIRequestContext, secret: string): Promise<string> {
  const now = Date.parse((await serverClock(request)).now);
  writeFileSync(stepFile(secret), String(Math.floor(now / 30_000)));
  return authenticator.clone({ epoch: now }).generate(secret);
}

/**
 * Logs an admin in through the UI, second factor included: on the first login it reads the key shown for
 * manual entry, enrols and acknowledges the recovery codes; later logins use the remembered key.
 * Ends on /dashadmin.
 */
export async function adminLogin(page: Page, who: { email: string; password: string } = ADMIN): Promise<void> {
  const restore = await clockPastLastStep(page.request, rememberedSecret(who.email));
  await login(page, '/admin', who.email, who.password);
  const heading = page.getByRole('heading', { name: /two-factor authentication/i });
  await expect(heading).toBeVisible();
  let secret: string | null;
  const setup = (await heading.textContent())?.startsWith('Set up');
  if (setup) {
    secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? null;
    expect(secret, 'TOTP secret shown on the set-up page').toBeTruthy();
    writeFileSync(secretFile(who.email), secret!);
  } else {
    secret = rememberedSecret(who.email);
    expect(secret, `a remembered TOTP secret for ${who.email}`).toBeTruthy();
  }
  await page.getByLabel(/^Code from your app/).fill(await totpCode(page.request, secret!));
  await page.getByRole('button', { name: 'Verify' }).click();
  if (setup) {
    await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
  }
  await page.waitForURL('/dashadmin');
  await restore();
}
