import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { OpRecord } from './driver.js';
import { countOutcomes, type CheckReport } from './checks.js';

/** One line per endpoint: ops, every attempt's status class, re-sends and the commonest 4xx codes. */
function endpointTable(records: OpRecord[]): string[] {
  const rows = new Map<
    string,
    {
      ops: number;
      requests: number;
      s2: number;
      s4: number;
      s5: number;
      none: number;
      replayed: number;
      codes: Map<string, number>;
    }
  >();
  for (const op of records) {
    let r = rows.get(op.endpoint);
    if (!r)
      rows.set(op.endpoint, (r = { ops: 0, requests: 0, s2: 0, s4: 0, s5: 0, none: 0, replayed: 0, codes: new Map() }));
    r.ops += 1;
    for (const a of op.attempts) {
      r.requests += 1;
      if (a.replayed) r.replayed += 1;
      if (a.status === undefined) r.none += 1;
      else if (a.status >= 500) r.s5 += 1;
      else if (a.status >= 400) {
        r.s4 += 1;
        const code = `${a.status} ${a.code ?? ''}`.trim();
        r.codes.set(code, (r.codes.get(code) ?? 0) + 1);
      } else r.s2 += 1;
    }
  }
  const pad = (v: string | number, n: number) => String(v).padStart(n);
  const lines = [
    `  ${'endpoint'.padEnd(22)}${pad('ops', 7)}${pad('requests', 9)}${pad('2xx', 7)}${pad('4xx', 7)}${pad('5xx', 5)}${pad('no-resp', 8)}${pad('replayed', 9)}  top 4xx`,
  ];
  for (const [name, r] of [...rows].sort((a, b) => b[1].ops - a[1].ops)) {
    const codes = [...r.codes]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([c, n]) => `${c}×${n}`)
      .join(', ');
    lines.push(
      `  ${name.padEnd(22)}${pad(r.ops, 7)}${pad(r.requests, 9)}${pad(r.s2, 7)}${pad(r.s4, 7)}${pad(r.s5, 5)}${pad(r.none, 8)}${pad(r.replayed, 9)}  ${codes}`,
    );
  }
  return lines;
}

/** What a run's summary is made of. */
export interface ReportInput {
  title: string;
  seed: number;
  records: OpRecord[];
  loadMs: number;
  totalMs: number;
  check: CheckReport;
  extraViolations: string[];
  notes: string[];
}

/** Prints the run's summary and returns the process exit code (1 on any violation). */
export function printReport(input: ReportInput): number {
  const { records, check } = input;
  const requests = records.reduce((n, op) => n + op.attempts.length, 0);
  const outcomes = countOutcomes(records);
  const violations = [...input.extraViolations, ...check.violations];
  const lines = [
    '',
    `== ${input.title} (seed ${input.seed}) ==`,
    `ops ${records.length}, requests ${requests} in ${(input.loadMs / 1000).toFixed(1)} s of load: ` +
      `${((records.length / input.loadMs) * 1000).toFixed(0)} ops/s, ${((requests / input.loadMs) * 1000).toFixed(0)} requests/s; ` +
      `whole run ${(input.totalMs / 1000).toFixed(1)} s`,
    `outcomes: ${outcomes.acked} acknowledged, ${outcomes.rejected} rejected (4xx), ${outcomes.unknown} unknown` +
      ` (of which ${check.effects.unknownApplied} applied, the rest not at all; ${check.effects.unknown} with an expected effect)`,
    `effects matched to acknowledged ops: ${check.effects.matched}; ledger invariants: ${check.invariantsOk ? 'ok' : 'FAILED'}`,
    `ledger postings by kind: ${check.postings}`,
    ...input.notes,
    ...endpointTable(records),
    '',
  ];
  if (violations.length === 0) lines.push('RESULT: OK — no violation');
  else {
    lines.push(`RESULT: ${violations.length} VIOLATION(S)`);
    for (const v of violations.slice(0, 40)) lines.push(`  - ${v}`);
    if (violations.length > 40) lines.push(`  … and ${violations.length - 40} more`);
  }
  console.log(lines.join('\n'));
  return violations.length === 0 ? 0 : 1;
}

/** Writes every op with all its attempts (status, body, instance, timing) as JSON lines; returns the path. */
export function saveRecords(runName: string, records: OpRecord[]): string {
  const file = path.join(os.tmpdir(), `${runName}-ops.jsonl`);
  writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return file;
}
