/**
 * `npm run stress [-- --short | --instances 2 | --users N --ops N ...]`
 * Starts real app processes on a fresh PostgreSQL database, drives every money endpoint through HTTP
 * with concurrent random traffic (re-sending idempotency keys at once and later), then checks the
 * ledger invariants and that every acknowledged op left its effect exactly once. Exit 1 on a violation.
 */
import { checkDatabase, checkResponses } from './checks.js';
import { Driver, runLoad } from './driver.js';
import { createScenarios } from './operations.js';
import { Rng } from './options.js';
import { checkSingleScanner, clockJumps, watchLeaderLock } from './run.js';
import { createWorld } from './setup.js';
import { runSuite } from './suite.js';

runSuite(
  {
    name: 'stress',
    mode: 'stress',
    heading: (options) =>
      `stress: ${options.users} users, ${options.ops} ops, ${options.concurrency} in flight, ` +
      `${options.instances} instance(s), seed ${options.seed}`,
  },
  async (harness, options) => {
    const rng = new Rng(options.seed);
    const world = await createWorld(harness.router, options.users, (p) => rng.chance(p));
    const driver = new Driver(rng, { retryInconclusive: false, whenUp: async () => undefined });
    const leader = watchLeaderLock(harness.databaseUrl);
    const loadStarted = Date.now();
    await runLoad(
      driver,
      options.ops,
      options.concurrency,
      createScenarios(world, driver, rng),
      clockJumps(harness.servers, options.ops),
    );
    const loadMs = Date.now() - loadStarted;
    const lock = await leader.stop(5_000);
    const check = await checkDatabase(harness.databaseUrl, driver.records);
    const scanner = options.instances > 1 ? await checkSingleScanner(harness.servers) : { violations: [], note: '' };
    return {
      title: `stress, ${options.instances} instance(s)`,
      records: driver.records,
      loadMs,
      check,
      extraViolations: [
        ...harness.servers.flatMap((s) => s.unexpectedExits),
        ...checkResponses(driver.records, () => false),
        ...lock.violations,
        ...scanner.violations,
      ],
      notes: [lock.note, scanner.note],
    };
  },
);
