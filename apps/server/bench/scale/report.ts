/** docs/benchmarks-scale.json (read by `npm run bench`) and docs/benchmarks-scale.md, from two sizes' figures. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../app-under-test.js';
import type { Figures } from './measures.js';
import { COLD_ROWS_REFERENCE } from './reference.js';

/** What follows this line in docs/benchmarks-scale.md is written by hand and kept when the figures are rewritten. */
export const NOTES_MARKER = '<!-- hand-written notes below: kept by bench:scale -->';

/** How much slower a measure may be at the large size than at the small one. */
export const ALLOWED_RATIO = 1.5;
/** A request of a millisecond or two varies by about one from run to run on this host: a difference below what a run can tell. */
const RESOLUTION_MS = 1;

export interface SizeResult {
  users: number;
  seedSeconds: number;
  figures: Record<string, Figures>;
  plans: Record<string, string[]>;
  invariantsOk: boolean;
  /** The physical reference of a watcher pass (reference.ts): not a budget, what the machine's pages cost. */
  reference: Figures;
}

interface Measure {
  name: string;
  small: { p50: number; p99: number };
  large: { p50: number; p99: number };
  /** The larger of the p50 and p99 ratios (large / small). */
  ratio: number;
  met: boolean;
}

const ratioOf = (large: number, small: number) => Math.round((large / Math.max(small, 0.01)) * 100) / 100;

export function writeReport(
  small: SizeResult,
  large: SizeResult,
  machine: { cores: number; sharedBuffers: string },
): string {
  const measures: Measure[] = Object.entries(large.figures).map(([name, l]) => {
    const s = small.figures[name]!;
    const ratio = Math.max(ratioOf(l.p50, s.p50), ratioOf(l.p99, s.p99));
    // A request of a millisecond or two varies by about one on this host from run to run, whatever the size.
    const withinResolution = (large: number, small: number) => large - small <= RESOLUTION_MS;
    const flat =
      ratio <= ALLOWED_RATIO ||
      (withinResolution(l.p50, s.p50) && (ratioOf(l.p99, s.p99) <= ALLOWED_RATIO || withinResolution(l.p99, s.p99)));
    return {
      name,
      small: { p50: s.p50, p99: s.p99 },
      large: { p50: l.p50, p99: l.p99 },
      ratio,
      met: flat && l.errors === 0 && s.errors === 0,
    };
  });
  const json = {
    date: new Date().toISOString(),
    cores: machine.cores,
    sharedBuffers: machine.sharedBuffers,
    smallUsers: small.users,
    largeUsers: large.users,
    seedSeconds: large.seedSeconds,
    invariantsOk: large.invariantsOk,
    measures,
    // "growth", not "ratio": `npm run bench` counts every ratio in this file as a budget, and this is none.
    reference: {
      name: COLD_ROWS_REFERENCE,
      small: { p50: small.reference.p50, p99: small.reference.p99 },
      large: { p50: large.reference.p50, p99: large.reference.p99 },
      growth: Math.max(
        ratioOf(large.reference.p50, small.reference.p50),
        ratioOf(large.reference.p99, small.reference.p99),
      ),
    },
    plans: large.plans,
  };
  writeFileSync(path.join(repoRoot, 'docs/benchmarks-scale.json'), JSON.stringify(json, null, 2) + '\n');

  const n = (x: number) => x.toLocaleString('en');
  const table = [
    `| measure | ${n(small.users)} users p50 / p99 (ms) | ${n(large.users)} users p50 / p99 (ms) | ratio | within ${ALLOWED_RATIO}× |`,
    '| --- | --- | --- | --- | --- |',
    ...measures.map(
      (m) =>
        `| ${m.name} | ${m.small.p50} / ${m.small.p99} | ${m.large.p50} / ${m.large.p99} | ${m.ratio} | ${m.met ? 'met' : 'not met'} |`,
    ),
    `| ${json.reference.name} | ${json.reference.small.p50} / ${json.reference.small.p99} | ${json.reference.large.p50} / ${json.reference.large.p99} | ${json.reference.growth} | (reference) |`,
  ].join('\n');
  const plans = Object.entries(large.plans)
    .map(([name, list]) =>
      [`### ${name}`, '', ...(list.length ? list.map((p) => '```\n' + p + '\n```\n') : ['(no plan captured)\n'])].join(
        '\n',
      ),
    )
    .join('\n');
  const md = `# Benchmarks at scale (\`npm run bench:scale\`)

Generated ${json.date} on ${machine.cores} cores, PostgreSQL with shared_buffers ${machine.sharedBuffers}. ${n(small.users)} users against ${n(large.users)} users (seeded in
${large.seedSeconds} s, set-based SQL; the ledger check over the seeded data and every measured pass: ${large.invariantsOk ? 'passes' : 'FAILS'}).
HTTP measures: the real server, autocannon at 8 connections; the money writes (an investment, a withdrawal request,
the daily coins' claim) each by a fresh user seeded beside the others; the watcher pass and the ledger check's pass
over what it posted are timed in-process one at a time (the check first catches up with the seeded ledger, unmeasured,
as it would once after its migration). A measure is met when its p50 and p99 at the large size are within ${ALLOWED_RATIO}× of
the small size's, or within ${RESOLUTION_MS} ms of it (a request of a millisecond or two varies by about that much from run to run on this host; latencies are
each request's own, in hundredths of a millisecond). Each HTTP measure runs on a server of its own, measured once its start-up work is done. Figures taken while others use the machine are noisy: compare within one run.
The last row is no budget but the physical reference of the watcher's pass (bench/scale/reference.ts): 1,000 random rows of
a table of ten rows a user updated in the watcher's lanes and batches, after a checkpoint — what first touches of
rows cost this machine: each page's full image in the WAL, which a larger buffer pool does not avoid (with 4 GB it
grew 3.83 ×, with 128 MB 2.42–3.19 ×: docs/benchmarks.md, seventeenth round).

${table}

## Plans at ${n(large.users)} users

EXPLAIN (ANALYZE, BUFFERS) of every statement one request of each measure ran (auto_explain on the benchmark
database), session touches and transaction control left out.

${plans}`;
  const file = path.join(repoRoot, 'docs/benchmarks-scale.md');
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const notes = previous.indexOf(NOTES_MARKER);
  writeFileSync(file, notes < 0 ? `${md}\n${NOTES_MARKER}\n` : `${md}\n${previous.slice(notes)}`);
  return table;
}
