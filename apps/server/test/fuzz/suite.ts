import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partitionOf, type Partition } from './routes.js';
import { allowed, fuzzRoute, runs } from './runner.js';
import { createWorld, ROLES, type World } from './world.js';

/**
 * One fuzz file: a fresh world, then every route of the partition as every role. Roles the route
 * refuses get a few runs (they must be turned away before any parsing); allowed roles get more.
 */
export function defineFuzzSuite(partition: Partition, options: { subnet: number; allowedRuns: number }) {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(options.subnet);
  }, 120_000);
  afterAll(() => world?.close());

  describe(`fuzz: ${partition} routes`, () => {
    it('has routes to fuzz (taken from the live route table)', () => {
      expect(world.routes.filter((r) => partitionOf(r.access) === partition).length).toBeGreaterThan(5);
    });

    for (const role of ROLES) {
      it(`never fails, leaks or changes data on a refusal, as ${role}`, { timeout: 180_000 }, async () => {
        const failures: string[] = [];
        const seen = new Set<number>();
        let reachable = false;
        for (const route of world.routes.filter((r) => partitionOf(r.access) === partition)) {
          reachable ||= allowed(role, route);
          const numRuns = allowed(role, route) ? runs(options.allowedRuns) : runs(3);
          const result = await fuzzRoute(world, route, role, numRuns);
          failures.push(...result.failures);
          for (const status of result.statuses) seen.add(Math.floor(status / 100) * 100);
        }
        expect(failures).toEqual([]);
        // The fuzz must get past validation sometimes (2xx) and be refused sometimes (4xx), or it tests nothing.
        expect([...seen].sort()).toEqual(reachable ? [200, 400] : [400]);
      });
    }
  });
}
