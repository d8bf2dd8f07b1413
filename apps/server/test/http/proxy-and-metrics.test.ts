import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { API, API_PREFIX, CSRF_COOKIE, CSRF_HEADER } from '@svp/shared';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createMetrics, serveMetricsApart } from '../../src/http/metrics.js';
import { buildTestApp, uniqueEmail } from '../helpers.js';

const PRODUCTION = { NODE_ENV: 'production', DATABASE_URL: 'postgres://x@localhost/db' };

describe('TRUST_PROXY', () => {
  it('is a hop count or a list of proxy addresses and ranges', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'loopback',
      '::1',
    ]);
  });

  it("refuses 'trust every hop' at boot, saying why", () => {
    for (const value of ['true', 'yes', 'on', '10.0.0.0/33', 'proxy.internal']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
    }
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY.*number of proxies.*every hop/s);
  });

  it('keys the per-IP login limit on the address the proxy saw, not on what the client wrote', async () => {
    const t = await buildTestApp({ TRUST_PROXY: '1' });
    try {
      const csrf = await t.app.inject({ url: API_PREFIX + API.csrf, remoteAddress: '127.0.0.1' });
      const token = csrf.cookies.find((c) => c.name === CSRF_COOKIE)!.value;
      const statuses: number[] = [];
      for (let i = 0; i < 34; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: API_PREFIX + API.login,
          remoteAddress: '127.0.0.1',
          // The client writes a new "address" each time; the proxy appends the one it really saw.
          headers: {
            'x-forwarded-for': `198.51.100.${i}, 203.0.113.7`,
            cookie: `${CSRF_COOKIE}=${token}`,
            [CSRF_HEADER]: token,
          },
          payload: { email: uniqueEmail('nobody'), password: 'wrong-password-1' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toContain(429);
      expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('metrics in production', () => {
  it('refuses to start with an anonymous /metrics, and says what to set', () => {
    expect(() => loadConfig(PRODUCTION)).toThrow(/METRICS_TOKEN.*METRICS_LISTEN.*METRICS=off/s);
    expect(loadConfig({ ...PRODUCTION, METRICS_TOKEN: 'a-long-metrics-token-123' }).isProduction).toBe(true);
    expect(loadConfig({ ...PRODUCTION, METRICS_LISTEN: '127.0.0.1:9464' }).METRICS_LISTEN).toBe('127.0.0.1:9464');
    expect(loadConfig({ ...PRODUCTION, METRICS: 'off' }).METRICS).toBe('off');
  });

  it('serves none with METRICS=off, and none on the app port with METRICS_LISTEN', async () => {
    for (const env of [{ METRICS: 'off' }, { METRICS_LISTEN: '127.0.0.1:0' }] as Record<string, string>[]) {
      const t = await buildTestApp(env);
      try {
        expect((await t.app.inject('/metrics')).statusCode).toBe(404);
      } finally {
        await t.close();
      }
    }
  });

  it('serves /metrics alone on the separate listener', async () => {
    const metrics = createMetrics();
    metrics.ledgerPostings.labels('deposit').inc();
    const server = await serveMetricsApart(metrics, '127.0.0.1:0');
    const { port } = server.address() as AddressInfo;
    const fetchText = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        get({ host: '127.0.0.1', port, path }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        }).on('error', reject);
      });
    try {
      const ok = await fetchText('/metrics');
      expect(ok.status).toBe(200);
      expect(ok.body).toMatch(/svp_ledger_postings_total\{kind="deposit"\} 1/);
      expect((await fetchText('/api/v1/me')).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
