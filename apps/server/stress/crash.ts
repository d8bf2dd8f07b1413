/**
 * `npm run stress:crash [-- --short | --kills N | --no-pg-restart]` — the same load as
 * `npm run stress` on one app process, which is SIGKILLed at random moments (and restarted, waiting for
 * /readyz) while PostgreSQL is restarted once mid-run. Ops whose answer never arrived are "unknown" and
 * must be applied fully or not at all; nothing acknowledged may be lost; the app must survive the
 * database restart by itself. Exit 1 on a violation.
 */
import { checkDatabase, checkResponses } from './checks.js';
import { Driver, runLoad, type Milestone } from './driver.js';
import { createScenarios } from './operations.js';
import { Rng } from './options.js';
import { restartPostgres, sleep, STALE_SECONDS, waitForPostgres, type ServerProcess } from './processes.js';
import { clockJumps, watchLeaderLock } from './run.js';
import { createWorld } from './setup.js';
import { runSuite } from './suite.js';

/** Kills and restarts the app, restarts PostgreSQL, and remembers when the service was down. */
class Chaos {
  private ready: Promise<void> = Promise.resolve();
  /** [from, to] in ms: requests overlapping these may go unanswered or get a 5xx. */
  readonly outages: [number, number][] = [];
  readonly violations: string[] = [];
  kills = 0;
  downMs = 0;

  constructor(
    private readonly server: ServerProcess,
    private readonly databaseUrl: string,
  ) {}

  whenUp = () => this.ready;
  tolerated = (at: number, ms: number) => this.outages.some(([from, to]) => at <= to && at + ms >= from);

  /** SIGKILL at a random moment, restart, wait for /readyz, put the test clock back where it was. */
  async kill(): Promise<void> {
    let up!: () => void;
    this.ready = new Promise((resolve) => (up = resolve));
    const from = Date.now();
    await this.server.kill('SIGKILL');
    this.kills += 1;
    await this.restart();
    this.downMs += Date.now() - from;
    this.outages.push([from, Date.now() + 1_000]);
    up();
  }

  /** Restarts PostgreSQL under the load: the app must answer 5xx meanwhile and recover without a restart. */
  async restartDatabase(): Promise<void> {
    const from = Date.now();
    await restartPostgres();
    await waitForPostgres(this.databaseUrl);
    try {
      await this.server.waitReady(30_000);
    } catch (error) {
      this.violations.push(`NOT RECOVERED: the app was not ready 30 s after PostgreSQL came back: ${error}`);
      await this.restart();
    }
    console.log(`  PostgreSQL restarted; the app was ready again after ${Date.now() - from} ms`);
    this.outages.push([from, Date.now() + 3_000]);
  }

  private async restart(): Promise<void> {
    this.server.start();
    await this.server.waitReady();
    await this.server.restoreClock();
  }

  /** Kills spread over the load (at random op counts), the PostgreSQL restart half-way. */
  milestones(total: number, kills: number, pgRestart: boolean, rng: Rng): Milestone[] {
    let chain = Promise.resolve();
    const serial = (work: () => Promise<void>) => () => (chain = chain.then(work));
    const list: Milestone[] = [];
    for (let k = 0; k < kills; k++) {
      const at = Math.floor((total * (k + rng.next())) / (kills + 1));
      list.push({ at, run: serial(() => sleep(rng.int(0, 300)).then(() => this.kill())) });
    }
    if (pgRestart) list.push({ at: Math.floor(total * 0.55), run: serial(() => this.restartDatabase()) });
    return list;
  }
}

runSuite(
  {
    name: 'stress:crash',
    mode: 'crash',
    heading: (options) =>
      `stress:crash: ${options.users} users, ${options.ops} ops, ${options.concurrency} in flight, ` +
      `${options.kills} SIGKILLs, PostgreSQL restart: ${options.pgRestart ? 'yes' : 'no'}, seed ${options.seed}`,
  },
  async (harness, options) => {
    const server = harness.servers[0]!;
    const rng = new Rng(options.seed);
    const world = await createWorld(harness.router, options.users, (p) => rng.chance(p));
    const chaos = new Chaos(server, harness.databaseUrl);
    const driver = new Driver(rng, { retryInconclusive: true, whenUp: chaos.whenUp });
    const leader = watchLeaderLock(harness.databaseUrl);
    const loadStarted = Date.now();
    await runLoad(driver, options.ops, options.concurrency, createScenarios(world, driver, rng), [
      ...chaos.milestones(options.ops, options.kills, options.pgRestart, rng),
      ...clockJumps([server], options.ops, chaos.whenUp),
    ]);
    const loadMs = Date.now() - loadStarted;
    await server.waitReady();
    const lock = await leader.stop(15_000);
    // Keys whose attempt died with the process and were never retried are settled by the app's own
    // housekeeping once stale (IDEMPOTENCY_STALE_SECONDS, 3 s in these runs): give it two rounds.
    await sleep(2 * (STALE_SECONDS + 1) * 1000);
    const check = await checkDatabase(harness.databaseUrl, driver.records);
    return {
      title: 'stress:crash',
      records: driver.records,
      loadMs,
      check,
      extraViolations: [
        ...server.unexpectedExits,
        ...chaos.violations,
        ...checkResponses(driver.records, chaos.tolerated),
        ...lock.violations,
      ],
      notes: [
        `${chaos.kills} SIGKILLs (app down ${(chaos.downMs / 1000).toFixed(1)} s in all, ${server.starts} starts)`,
        lock.note,
      ],
    };
  },
);
