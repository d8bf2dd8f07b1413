/**
 * `npm run drill:failover [-- --users N --concurrency N --seed N --phase-seconds N --direct --no-pause --keep]`
 *
 * The failover drill (issue 35, DESIGN §8): a throw-away PostgreSQL 15 cluster under Patroni and etcd (two nodes,
 * synchronous replication), HAProxy routing to the primary, PgBouncer in transaction pooling in front (`--direct`:
 * the app talks to HAProxy itself), all on 127.0.0.1 under one temp dir. The planned switchover runs inside PgBouncer's
 * PAUSE … RESUME, as an operator runs it (`--no-pause`: without). The stress load (apps/server/stress) runs on
 * two app instances while the primary is switched over, then killed (SIGKILL to Patroni and every PostgreSQL process
 * of that node), then the dead node comes back as a standby. Afterwards the stress checks: every acknowledged
 * operation applied exactly once, the ledger invariants, no deposit credited twice, no treasury transfer sent twice;
 * and the drill's own figures: errors during each outage and the time until every app instance served writes again
 * without a restart. Exit 0 without a violation, 1 with any, 2 when the drill itself failed. Every process and the
 * temp dir are removed at the end, on failure and on Ctrl-C too (`--keep` keeps the cluster's dir).
 */
import { checkDatabase, checkResponses } from '../stress/checks.js';
import { Driver } from '../stress/driver.js';
import { createScenarios } from '../stress/operations.js';
import { parseOptions, Rng } from '../stress/options.js';
import { sleep, STALE_SECONDS } from '../stress/processes.js';
import { printReport, saveRecords } from '../stress/report.js';
import { checkSingleScanner, clockJumps, startHarness, watchLeaderLock, type Harness } from '../stress/run.js';
import { createWorld } from '../stress/setup.js';
import { Cluster } from './cluster.js';
import { ensurePackages, PATRONI_TIMING, PORTS } from './cluster-config.js';
import { waitFor } from './daemon.js';
import { eventFigures, formatEvent, servingAgain, type DrillEvent } from './figures.js';
import { watchLiveStreams } from './live.js';
import { ledgerCount, queryOne, startLoad, waitWritablePrimary } from './probes.js';

/** The whole drill is stopped (and cleaned up) past this, whatever it is waiting for. */
const DEADLINE_MS = 12 * 60_000;
/** How long the app has to serve again after each event before that counts as NOT RECOVERED. */
const RECOVERY_LIMIT_MS = 90_000;

const argv = process.argv.slice(2);
const direct = argv.includes('--direct');
const keep = argv.includes('--keep');
/** Without PAUSE/RESUME around the planned switchover: what the app meets when nobody holds the pooler. */
const noPause = argv.includes('--no-pause');
const phaseArg = argv.indexOf('--phase-seconds');
const phaseMs = (phaseArg >= 0 ? Number(argv[phaseArg + 1]) : 15) * 1000;

let cluster: Cluster | null = null;
let harness: Harness | null = null;

/** Synchronous last resort on any exit: SIGKILL the app processes and the cluster, remove the temp dir. */
process.on('exit', () => {
  for (const server of harness?.servers ?? []) server.child?.kill('SIGKILL');
  cluster?.killAll();
  if (!keep) cluster?.remove();
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the drill and removing its processes and files`);
    process.exit(130);
  });
}
setTimeout(() => {
  console.error(`drill:failover: still running after ${DEADLINE_MS / 60_000} minutes: stopped`);
  if (cluster) console.error(cluster.logTails());
  process.exit(2);
}, DEADLINE_MS).unref();

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<number> {
  const own = (a: string, i: number) =>
    a === '--direct' ||
    a === '--keep' ||
    a === '--no-pause' ||
    (phaseArg >= 0 && (i === phaseArg || i === phaseArg + 1));
  const options = parseOptions(
    argv.filter((a, i) => !own(a, i)),
    'stress',
  );
  options.instances = 2;
  const started = Date.now();
  console.log(
    `drill:failover: ${options.users} users, ${options.concurrency} in flight, 2 app instances, ` +
      `phases of ${phaseMs / 1000} s, seed ${options.seed}, ${direct ? 'app → HAProxy' : 'app → PgBouncer → HAProxy'}`,
  );
  ensurePackages(!direct);
  cluster = new Cluster(2, !direct);
  console.log(`cluster dir ${cluster.dir}; starting etcd, 2 Patroni nodes, HAProxy${direct ? '' : ', PgBouncer'}…`);
  await cluster.start();
  console.log(
    `cluster up in ${secs(Date.now() - started)}: ` +
      (await cluster.members()).map((m) => `${m.name} ${m.role}`).join(', ') +
      `; PostgreSQL on ${PORTS.postgres}/${PORTS.postgres + 1}, HAProxy ${PORTS.haproxy}` +
      (direct ? '' : `, PgBouncer ${PORTS.pgbouncer}`),
  );

  harness = await startHarness({
    ...options,
    databaseUrl: cluster.appUrl,
    directUrl: direct ? null : cluster.primaryUrl,
  });
  const { servers } = harness;
  const databaseName = harness.databaseName;
  const dbUrl = (base: string) => {
    const url = new URL(base);
    url.pathname = `/${databaseName}`;
    return url.toString();
  };
  const rng = new Rng(options.seed);
  const world = await createWorld(harness.router, options.users, (p) => rng.chance(p));
  const driver = new Driver(rng, { retryInconclusive: true, whenUp: async () => undefined });
  const leader = watchLeaderLock(harness.databaseUrl);
  const jumps = clockJumps(servers, 4);
  const events: DrillEvent[] = [];
  const violations: string[] = [];
  const notes: string[] = [];

  // Live streams of a few users on both instances: each instance's LISTEN connection must follow the primary.
  const live = watchLiveStreams(
    world.users.slice(0, 5),
    servers.map((server) => server.url),
  );
  const load = startLoad(driver, options.concurrency, createScenarios(world, driver, rng));
  const awaitServing = async (event: DrillEvent) => {
    try {
      await waitFor(`the app serving again after the ${event.name}`, RECOVERY_LIMIT_MS, async () =>
        servingAgain(driver.records, event.at, servers.length, 3_000),
      );
    } catch {
      violations.push(
        `NOT RECOVERED: an app instance served no write ${RECOVERY_LIMIT_MS / 1000} s after the ${event.name}`,
      );
    }
  };
  const phase = async (label: string) => {
    console.log(`  load: ${label} (${phaseMs / 1000} s), ${driver.count} ops so far`);
    await sleep(phaseMs);
  };

  await phase('warm-up on node1');
  console.log(`  live streams after the warm-up: ${await live.listenStateOf(harness.databaseUrl)}`);
  await jumps[0]!.run();
  await sleep(2_000);
  console.log(`  live streams after the clock's first jump: ${await live.listenStateOf(harness.databaseUrl)}`);

  // 1. A planned switchover under the load.
  {
    const from = (await cluster.leader())!;
    const to = cluster.nodeName(1 - cluster.indexOf(from));
    const pause = cluster.hasPgbouncer && !noPause;
    const event: DrillEvent = {
      name: 'switchover',
      detail: `${from} → ${to}, Patroni REST POST /switchover${pause ? ' inside PgBouncer PAUSE … RESUME' : ''}`,
      at: Date.now(),
    };
    events.push(event);
    console.log(`  switchover ${from} → ${to}${pause ? ' (PgBouncer paused)' : ''}…`);
    if (pause) await cluster.pgbouncerCommand('PAUSE');
    try {
      await cluster.switchover(from, to);
      event.primaryMs = await waitWritablePrimary(cluster.primaryUrl, event.at, RECOVERY_LIMIT_MS);
    } finally {
      if (pause) await cluster.pgbouncerCommand('RESUME');
    }
    await awaitServing(event);
    await cluster.waitHealthy(RECOVERY_LIMIT_MS);
    event.syncStandbyMs = Date.now() - event.at;
    console.log(`  ${formatEvent(eventFigures(driver.records, event, Date.now(), servers.length))}`);
  }
  console.log(`  live streams after the switchover: ${await live.listenStateOf(harness.databaseUrl)}`);
  await phase(`after the switchover`);
  await jumps[1]!.run();

  // 2. The (new) primary dies: SIGKILL to its Patroni and PostgreSQL; Patroni promotes the synchronous standby.
  let killed: number;
  {
    const from = (await cluster.leader())!;
    killed = cluster.indexOf(from);
    const to = cluster.nodeName(1 - killed);
    const event: DrillEvent = {
      name: 'failover',
      detail: `SIGKILL to ${from}'s Patroni and PostgreSQL, ${to} promoted`,
      at: Date.now(),
    };
    events.push(event);
    const pids = cluster.kill(killed);
    console.log(`  killed ${from} (${pids.length} processes)…`);
    event.primaryMs = await waitWritablePrimary(cluster.primaryUrl, event.at, RECOVERY_LIMIT_MS);
    await awaitServing(event);
    console.log(`  ${formatEvent(eventFigures(driver.records, event, Date.now(), servers.length))}`);
    // Not strict: the survivor writes alone (no synchronous standby to wait for) rather than stop taking money.
    const names = await queryOne<string>(
      cluster.primaryUrl,
      `select current_setting('synchronous_standby_names') as value`,
    );
    notes.push(
      `while ${from} was dead, the primary's synchronous_standby_names was '${names}' ` +
        `(synchronous_mode_strict off: commits were acknowledged by ${to} alone)`,
    );
  }
  const liveFrom = await live.mark(harness.databaseUrl);
  console.log(`  live streams after the failover: ${await live.listenStateOf(harness.databaseUrl)}`);
  await phase(`${cluster.nodeName(killed)} dead, the survivor alone`);
  await jumps[2]!.run();

  // 3. The dead node comes back: Patroni rewinds it and it rejoins as the synchronous standby, under the load.
  {
    const event: DrillEvent = {
      name: 'rejoin',
      detail: `${cluster.nodeName(killed)}'s Patroni started again`,
      at: Date.now(),
    };
    events.push(event);
    cluster.restart(killed);
    await cluster.waitHealthy(RECOVERY_LIMIT_MS);
    event.syncStandbyMs = Date.now() - event.at;
    console.log(`  ${cluster.nodeName(killed)} rejoined as synchronous standby after ${secs(event.syncStandbyMs)}`);
  }
  await phase('two nodes again');
  await jumps[3]!.run();

  const loadMs = await load.stop();
  const ended = Date.now();
  const liveCheck = await live.check(harness.databaseUrl, liveFrom, await live.mark(harness.databaseUrl));
  console.log(`load stopped after ${secs(loadMs)}, ${driver.count} ops; checking…`);
  for (const server of servers) {
    await server.waitReady(30_000).catch((error: unknown) => violations.push(`NOT READY at the end: ${error}`));
  }
  const lock = await leader.stop(15_000);
  // Keys whose attempt died with a connection and were never retried are settled by the app's housekeeping.
  await sleep(2 * (STALE_SECONDS + 1) * 1000);
  const check = await checkDatabase(harness.databaseUrl, driver.records);
  const scanner = await checkSingleScanner(servers);

  const figures = events.map((event, i) =>
    eventFigures(driver.records, event, events[i + 1]?.at ?? ended, servers.length),
  );
  const tolerated = (at: number, ms: number) =>
    figures.some((f) => f.servingMs !== null && at <= f.event.at + f.servingMs && at + ms >= f.event.at);
  const lost = check.effects.violations
    .map((v) => /^LOST: .*: (\d+) acknowledged, (\d+) in the database/.exec(v))
    .reduce((n, m) => n + (m ? Number(m[1]) - Number(m[2]) : 0), 0);
  const primary = (await cluster.leader())!;
  const standby = cluster.nodeName(1 - cluster.indexOf(primary));
  const onPrimary = await ledgerCount(dbUrl(cluster.nodeUrl(cluster.indexOf(primary))));
  let onStandby = -1;
  await waitFor('the standby to replay every ledger transaction', 20_000, async () => {
    onStandby = await ledgerCount(dbUrl(cluster!.nodeUrl(cluster!.indexOf(standby))));
    return onStandby === onPrimary;
  }).catch(() =>
    violations.push(`STANDBY BEHIND: ${standby} has ${onStandby} ledger transactions, the primary ${onPrimary}`),
  );

  const drillLines = [
    '',
    '== drill:failover figures ==',
    `topology: 2 app instances → ${direct ? '' : 'PgBouncer (transaction pooling) → '}HAProxy (Patroni GET /primary) → ` +
      `Patroni primary + synchronous standby (synchronous_mode on, strict off), etcd; ` +
      `ttl ${PATRONI_TIMING.ttl} s, loop_wait ${PATRONI_TIMING.loop_wait} s`,
    `load: ${driver.count} ops in ${secs(loadMs)} (${((driver.count / loadMs) * 1000).toFixed(0)} ops/s), ` +
      `${options.concurrency} in flight`,
    ...figures.map((f) => `  ${formatEvent(f)}`),
    `lost acknowledged operations: ${lost} (must be 0)`,
    `at the end: ${primary} primary with ${onPrimary} ledger transactions, ${standby} synchronous standby with ${onStandby}`,
  ];
  console.log(drillLines.join('\n'));

  const code = printReport({
    title: `drill:failover, 2 instances${direct ? '' : ' through PgBouncer'}`,
    seed: options.seed,
    records: driver.records,
    loadMs,
    totalMs: Date.now() - started,
    check,
    extraViolations: [
      ...servers.flatMap((s) => s.unexpectedExits),
      ...load.errors,
      ...violations,
      ...checkResponses(driver.records, tolerated),
      ...lock.violations,
      ...liveCheck.violations,
      ...(lost > 0 ? [`ACKNOWLEDGED MONEY LOST in the failover: ${lost} op(s)`] : []),
    ],
    notes: [
      `every request and answer: ${saveRecords(databaseName, driver.records)}`,
      ...notes,
      lock.note,
      liveCheck.note,
      `${scanner.note} (after a failover the watcher's lock may move to the other instance)`,
    ],
  });
  return code;
}

/** Stops the load's app processes, then the cluster in order (the process's exit hook is the last resort). */
async function shutdown(): Promise<void> {
  await harness?.stop().catch(() => undefined);
  await cluster?.stop(keep).catch(() => undefined);
}

main().then(
  async (code) => {
    await shutdown();
    process.exit(code);
  },
  async (error: unknown) => {
    console.error('drill:failover failed:', error);
    if (cluster) console.error(cluster.logTails());
    await shutdown();
    process.exit(2);
  },
);
