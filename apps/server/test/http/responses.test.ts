import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, CSRF_COOKIE, MSG } from '@svp/shared';
import { sessionOf } from '../../src/http/session.js';
import { AppError } from '../../src/http/errors.js';
import { buildTestApp, Client, registerUser, signedInUser, type TestApp } from '../helpers.js';

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'svp-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>SVP</title>');
  writeFileSync(path.join(webDist, 'assets', 'app-1a2b.js'), 'console.log(1)');
  writeFileSync(path.join(webDist, 'policy.html'), '<p>policy</p>');
  writeFileSync(path.join(webDist, 'sw.js'), "self.addEventListener('fetch', () => undefined);");
  writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{"name":"SVP Invest"}');
  writeFileSync(path.join(webDist, '.build-stamp'), 'stamp-of-the-sources');
  t = await buildTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('pages of the web app', () => {
  it('answers HEAD like GET on pages and files (HEAD health checks)', async () => {
    for (const url of ['/', '/dashboard', '/register', '/policy.html', '/assets/app-1a2b.js']) {
      const get = await t.app.inject({ method: 'GET', url });
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(get.statusCode, url).toBe(200);
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
    }
  });

  it('serves index.html for page paths, listed files as themselves, and nothing outside the build', async () => {
    expect((await t.app.inject('/staking')).body).toContain('<title>SVP</title>');
    expect((await t.app.inject('/policy.html')).body).toBe('<p>policy</p>');
    const asset = await t.app.inject('/assets/app-1a2b.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject('/dashboard')).headers['cache-control']).toBe('no-cache');
    // Not a file of the build: the page, never a file from elsewhere.
    expect((await t.app.inject('/assets/../../package.json')).body).not.toContain('"name"');
    // The build's stamp (apps/web/scripts/build-if-changed.mjs) is not a file of the app.
    expect((await t.app.inject('/.build-stamp')).body).not.toContain('stamp-of-the-sources');
  });

  it('serves the service worker and the manifest revalidated on every check, with their types', async () => {
    const sw = await t.app.inject('/sw.js');
    // A cached worker would hide a deploy: the browser must ask every time.
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    const manifest = await t.app.inject('/manifest.webmanifest');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    // The CSP lets the page register its own worker and read its own manifest (default-src 'self'), nobody else's.
    const csp = String(sw.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toMatch(/worker-src|manifest-src/);
  });

  it('never answers a page for a path in the API namespace, in any letter case', async () => {
    for (const url of ['/api/v1/nope', '/API/v1/admin/users', '/Api/v1/me', '/api/v1/me/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });
});

describe('response headers', () => {
  it('marks signed-in JSON no-store', async () => {
    const { client } = await signedInUser(t.app, '10.9.0.1');
    for (const path of [API.me, API.history, API.rewards]) {
      const res = await client.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
  });

  it('denies browser features the app does not use, on pages and API alike', async () => {
    for (const url of ['/', '/api/v1/config']) {
      const policy = String((await t.app.inject(url)).headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
        expect(policy, url).toContain(`${feature}=()`);
      }
    }
  });
});

describe('CSRF token at sign-in', () => {
  it('is replaced by a new one when the password is proven, and the old one stops working', async () => {
    const client = new Client(t.app, '10.9.0.2');
    const creds = await registerUser(client);
    const before = client.cookies.get(CSRF_COOKIE);
    expect(before).toBeTruthy();
    const login = await client.post(API.login, { email: creds.email, password: creds.password });
    expect(login.status).toBe(200);
    const after = client.cookies.get(CSRF_COOKIE);
    expect(after).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(after).not.toBe(before);
    const stale = await client.request({
      method: 'POST',
      url: '/api/v1' + API.profileUsername,
      payload: { username: 'fresh_name' },
      headers: { 'x-csrf-token': before! },
      csrf: false,
    });
    expect(stale.status).toBe(403);
    expect(stale.body.error.code).toBe('CSRF_FAILED');
  });

  it('is kept when a sign-in is refused', async () => {
    const client = new Client(t.app, '10.9.0.3');
    const creds = await registerUser(client);
    const before = client.cookies.get(CSRF_COOKIE);
    expect((await client.post(API.login, { email: creds.email, password: 'wrong-password-1' })).status).toBe(401);
    expect(client.cookies.get(CSRF_COOKIE)).toBe(before);
  });
});

describe('e-mail addresses', () => {
  it('refuses addresses with markup or punctuation that no mailbox has, with the spec message', async () => {
    const client = new Client(t.app, '10.9.0.4');
    for (const email of [
      `name@example.com'GgQ<'">x`,
      'name@example.com)(",((',
      'a<b>@example.com',
      'name@exa mple.com',
      'name@example',
      '.name@example.com',
      'na..me@example.com',
      'name@-example.com',
    ]) {
      const res = await client.post(API.register, {
        email,
        password: 'correct-horse-battery',
        walletAddress: '0x' + 'ab'.repeat(20),
      });
      expect(res.status, email).toBe(400);
      expect(res.body.error.message, email).toBe(MSG.register.emailInvalid);
    }
  });

  it('stores an address once normalised, so any spelling of it signs in', async () => {
    const client = new Client(t.app, '10.9.0.5');
    const { email } = await registerUser(client, { email: '  Mixed.Case+tag@Example.COM ' });
    expect(email).toContain('Mixed');
    const login = await client.post(API.login, {
      email: 'mixed.case+tag@example.com',
      password: 'correct-horse-battery',
    });
    expect(login.status).toBe(200);
    expect(login.body.user.email).toBe('mixed.case+tag@example.com');
  });
});

describe('the session accessor', () => {
  it('refuses with 401, not a crash, where a route reads a session it does not have', () => {
    const thrown = (() => {
      try {
        sessionOf({ session: null } as Parameters<typeof sessionOf>[0]);
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).statusCode).toBe(401);
  });
});
