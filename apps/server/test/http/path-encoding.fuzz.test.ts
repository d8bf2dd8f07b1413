import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, type TestApp } from '../helpers.js';
import { isCanonicalPath } from '../../src/http/paths.js';
import { concretePath, freshCallers, mayPass, rawProbe, reviewedAccessTable, type CallerName } from './route-kit.js';

let t: TestApp;
let port: number;
let callers: Record<CallerName, Client>;
const routes = reviewedAccessTable().filter((route) => !route.url.endsWith('/logout'));

beforeAll(async () => {
  t = await buildTestApp();
  callers = (await freshCallers(t, '10.8')).callers;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Percent-encodes the characters of `path` at the chosen positions, in upper or lower case hex. */
function encodeAt(path: string, positions: number[], lowerHex: boolean): string {
  const chosen = new Set(positions.map((p) => p % path.length));
  return [...path]
    .map((c, i) => {
      if (!chosen.has(i)) return c;
      const hex = c.charCodeAt(0).toString(16).padStart(2, '0');
      return '%' + (lowerHex ? hex : hex.toUpperCase());
    })
    .join('');
}

describe('percent-encoded spellings of real routes (fast-check)', () => {
  it('never answer 2xx without the route’s role, and never 5xx', { timeout: 300_000 }, async () => {
    const callerNames = Object.keys(callers) as CallerName[];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        fc.constantFrom(...callerNames),
        async (route, positions, lowerHex, caller) => {
          const path = encodeAt(concretePath(route.url), positions, lowerHex);
          const res = await rawProbe(port, callers[caller], route.method, path);
          expect(res.status, `${caller} ${route.method} ${path}`).toBeLessThan(500);
          if (!mayPass(route.access, caller)) {
            expect(res.status >= 200 && res.status < 300, `${caller} ${route.method} ${path}`).toBe(false);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('the path rule', () => {
  it('accepts what browsers send and refuses what they never do', () => {
    for (const ok of ['/', '/api/v1/me', '/dashboard?tab=1', '/api/v1/tickets/1b2c/messages', '/caf%C3%A9', '/a%20b'])
      expect(isCanonicalPath(ok), ok).toBe(true);
    for (const bad of [
      '/%61pi/v1/me',
      '/api/v%31/me',
      '/api%2Fv1/me',
      '/api%2fv1/me',
      '/api/v1/./me',
      '/api/v1/../v1/me',
      '/api/%2e%2e/me',
      '//api/v1/me',
      '/api//v1/me',
      '/api;x=1/v1/me',
      '/api\\v1/me',
      '/api%5Cv1/me',
      '/api/v1/me%00',
      '/api/v1/me%',
      '/api/v1/me%zz',
      'api/v1/me',
    ])
      expect(isCanonicalPath(bad), bad).toBe(false);
  });
});
