import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@svp/shared';
import { ConfigError, loadConfig } from '../../src/config.js';
import { buildTestApp, Client, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('system routes', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('serves the OpenAPI document with the auth routes and the docs page', async () => {
    const doc = (await t.app.inject('/api/v1/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/auth/register', '/api/v1/auth/login', '/api/v1/me']),
    );
    const docs = await t.app.inject('/api/docs/');
    expect(docs.statusCode).toBe(200);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject('/api/v1/config');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBeDefined();
    expect(res.headers['x-request-id']).toBeDefined();
  });

  it('sends the same security headers on errors, unknown routes and the web app', async () => {
    const expected = (await t.app.inject('/api/v1/config')).headers;
    for (const url of ['/api/v1/nothing-here', '/api/v1/me', '/healthz']) {
      const res = await t.app.inject(url);
      for (const name of [
        'content-security-policy',
        'x-content-type-options',
        'referrer-policy',
        'x-frame-options',
        'cross-origin-opener-policy',
      ]) {
        expect(res.headers[name], `${name} on ${url}`).toBe(expected[name]);
      }
    }
    expect(expected['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('returns the error shape for unknown API routes', async () => {
    const res = await t.app.inject('/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Not found.', key: 'MSG.common.notFound', params: [] },
    });
  });

  it('moves the test clock by days when enabled', async () => {
    const client = new Client(t.app);
    const before = Date.parse((await client.get(API.testClock)).body.now);
    const res = await client.post(API.testClock, { advanceDays: 45 });
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.now) - before).toBeGreaterThanOrEqual(45 * 86_400_000);
    await client.post(API.testClock, { reset: true });
  });

  it('has no test clock without ALLOW_TEST_CLOCK', async () => {
    const other = await buildTestApp({ ALLOW_TEST_CLOCK: '0' });
    try {
      const res = await new Client(other.app).post(API.testClock, { advanceDays: 1 });
      expect(res.status).toBe(404);
      expect((await new Client(other.app).get(API.config)).body.testClock).toBe(false);
    } finally {
      await other.close();
    }
  });
});

describe('configuration', () => {
  it('refuses to run production on the embedded database, and says why', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DATABASE_URL.*PGlite/s);
  });

  it('links e-mails to the port the app listens on unless PUBLIC_URL says where users reach it', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3400' }).PUBLIC_URL).toBe('http://localhost:3400');
    expect(loadConfig({ PORT: '3400', PUBLIC_URL: 'https://invest.example.com/' }).PUBLIC_URL).toBe(
      'https://invest.example.com',
    );
  });

  it('refuses the test clock in production', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@localhost/db', ALLOW_TEST_CLOCK: '1' }),
    ).toThrow(/ALLOW_TEST_CLOCK/);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });
});

describe('metrics', () => {
  it('exposes request latency, ledger postings and deposit counters for Prometheus', async () => {
    const { signedInUser, topUp } = await import('../helpers.js');
    const u = await signedInUser(t.app);
    await topUp(u.client, '10');
    const res = await t.app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/svp_http_request_duration_seconds_bucket\{[^}]*route="\/api\/v1\/topup"/);
    expect(res.body).toMatch(/svp_ledger_postings_total\{kind="deposit"\} 1/);
    expect(res.body).toMatch(/svp_deposits_credited_total 1/);
    expect(res.body).toMatch(/svp_watcher_lag_blocks 0/);
  });

  it('asks for the token when METRICS_TOKEN is set', async () => {
    const other = await buildTestApp({ METRICS_TOKEN: 'a-long-metrics-token-123' });
    try {
      expect((await other.app.inject('/metrics')).statusCode).toBe(401);
      const ok = await other.app.inject({
        url: '/metrics',
        headers: { authorization: 'Bearer a-long-metrics-token-123' },
      });
      expect(ok.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
