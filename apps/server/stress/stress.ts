/**
 * `npm run stress [-- --short | --instances 2 | --users N --ops N ...]` — issue #6 points 1 and 2.
 * Starts real app processes on a fresh PostgreSQL database, drives every money endpoint through HTTP
 * with concurrent random traffic (re-sending idempotency keys at once and later), then checks the
 * ledger invariants and that every acknowledged op left its effect exactly once. Exit 1 on a violation.
 */
import { checkDatabase, checkResponses } from './checks.js';
import { Driver, runLoad } from './driver.js';
import { createScenarios } from './operations.js';
import { parseOptions, Rng } from './options.js';
import { printReport, saveRecords } from './report.js';
import { checkSingleScanner, clockJumps, startHarness, watchLeaderLock } from './run.js';
import { createWorld } from './setup.js';

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2), 'stress');
  const started = Date.now();
  console.log(
    `stress: ${options.users} users, ${options.ops} ops, ${options.concurrency} in flight, ` +
      `${options.instances} instance(s), seed ${options.seed}`,
  );
  const harness = await startHarness(options);
  try {
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
    return printReport({
      title: `stress, ${options.instances} instance(s)`,
      seed: options.seed,
      records: driver.records,
      loadMs,
      totalMs: Date.now() - started,
      check,
      extraViolations: [
        ...harness.servers.flatMap((s) => s.unexpectedExits),
        ...checkResponses(driver.records, () => false),
        ...lock.violations,
        ...scanner.violations,
      ],
      notes: [
        `every request and answer: ${saveRecords(harness.databaseName, driver.records)}`,
        lock.note,
        scanner.note,
      ].filter(Boolean),
    });
  } finally {
    await harness.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error('stress run failed:', error);
    process.exit(2);
  },
);
