/**
 * The DESIGN §7 budgets other commands measure, read back for `npm run bench`'s table: growth from the last
 * `npm run bench:scale` (docs/benchmarks-scale.json), the web bundle from apps/web/scripts/bundle-size.mjs
 * over the built app, Lighthouse from docs/lighthouse.md. None is measured here: each row says where its
 * figure comes from, and how to get it when there is none.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './app-under-test.js';
import type { BudgetRow } from './report.js';

/** DESIGN §7: from 1,000 to 1,000,000 users no request or background pass costs more than this. */
export const GROWTH_MAX = 1.5;
/** DESIGN §7: gzipped JavaScript of the login page and of the dashboard, KiB. */
export const LOGIN_JS_KIB = 125;
export const DASHBOARD_JS_KIB = 200;

export function budgetsElsewhere(): BudgetRow[] {
  return [growthRow(), ...webBundleRows(), lighthouseRow()];
}

/** Every number in the tree whose key mentions "ratio", with the path that leads to it. */
function ratiosIn(value: unknown, at: string, out: { where: string; ratio: number }[]) {
  if (Array.isArray(value)) value.forEach((v, i) => ratiosIn(v, `${at}[${nameOf(v) ?? i}]`, out));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (typeof v === 'number' && /ratio/i.test(key)) out.push({ where: `${at}.${key}`, ratio: v });
      else ratiosIn(v, `${at}.${key}`, out);
    }
  }
  return out;
}
const nameOf = (v: unknown) =>
  v && typeof v === 'object' ? ((v as Record<string, unknown>).name ?? (v as Record<string, unknown>).measure) : null;

/**
 * bench:scale's result file (written by bench/scale/report.ts). Read loosely, so a change of its shape
 * degrades to "n/a" rather than a crash: a date (`date`, `measuredAt` or `generatedAt`), the sizes
 * (`smallUsers`, `largeUsers`), every numeric field named like `ratio` (large ÷ small) anywhere in it, and
 * any `met: false` (a measure with errors fails even within the ratio).
 */
function growthRow(): BudgetRow {
  const budget = 'growth: 1,000 → 1,000,000 users, each request and pass (p50 at 8 connections)';
  const target = `≤ ${GROWTH_MAX} ×`;
  const file = path.join(repoRoot, 'docs/benchmarks-scale.json');
  if (!existsSync(file))
    return { budget, measured: 'not measured: run `npm run bench:scale`', target, status: 'not measured' };
  try {
    const text = readFileSync(file, 'utf8');
    const data = JSON.parse(text) as Record<string, unknown>;
    const date = [data.date, data.measuredAt, data.generatedAt].find((d) => typeof d === 'string') ?? 'undated';
    const sizes =
      typeof data.smallUsers === 'number' && typeof data.largeUsers === 'number'
        ? `, ${data.smallUsers.toLocaleString('en')} → ${data.largeUsers.toLocaleString('en')} users`
        : '';
    const source = `last \`npm run bench:scale\` (${date}${sizes})`;
    const ratios = ratiosIn(data, '', []);
    if (ratios.length === 0) return { budget, measured: `${source}: no ratio in it`, target, status: 'n/a' };
    const worst = ratios.reduce((a, b) => (b.ratio > a.ratio ? b : a));
    const over = ratios.filter((r) => r.ratio > GROWTH_MAX).length;
    const failed = (text.match(/"met":\s*false/g) ?? []).length;
    const notes = [over ? `${over} above ${GROWTH_MAX}` : '', failed ? `${failed} marked not met` : '']
      .filter(Boolean)
      .join(', ');
    return {
      budget,
      measured: `${source}: ${ratios.length} ratios, the highest ${worst.ratio.toFixed(2)} × (${worst.where.slice(1)})${notes ? `; ${notes}` : ''}`,
      target,
      status: over === 0 && failed === 0 ? 'met' : 'NOT met',
    };
  } catch (error) {
    const measured = `docs/benchmarks-scale.json unreadable: ${(error as Error).message}`;
    return { budget, measured, target, status: 'n/a' };
  }
}

/** Runs bundle-size.mjs (its exit code judges its own limits, so only its printed figures are read). */
function webBundleRows(): BudgetRow[] {
  const login = { budget: 'login page JavaScript, gzipped', target: `≤ ${LOGIN_JS_KIB} KiB` };
  const dashboard = { budget: 'dashboard JavaScript, gzipped (charts lazy)', target: `≤ ${DASHBOARD_JS_KIB} KiB` };
  const manifest = path.join(repoRoot, 'apps/web/dist/.vite/manifest.json');
  const missing = (measured: string) => [
    { ...login, measured, status: 'not measured' },
    { ...dashboard, measured, status: 'not measured' },
  ];
  if (!existsSync(manifest)) return missing('not measured: no web build (run `npm run build -w @svp/web`)');
  const run = spawnSync(process.execPath, [path.join(repoRoot, 'apps/web/scripts/bundle-size.mjs')], {
    encoding: 'utf8',
  });
  const kib = (what: string) => {
    const match = new RegExp(`([\\d.]+) KiB\\s+${what} route JS`).exec(run.stdout ?? '');
    return match ? Number(match[1]) : null;
  };
  const row = (base: typeof login, value: number | null, max: number) =>
    value === null
      ? { ...base, measured: 'apps/web/scripts/bundle-size.mjs printed no figure', status: 'n/a' }
      : {
          ...base,
          measured: `${value.toFixed(1)} KiB (bundle-size.mjs over apps/web/dist)`,
          status: value <= max ? 'met' : 'NOT met',
        };
  return [row(login, kib('login'), LOGIN_JS_KIB), row(dashboard, kib('dashboard'), DASHBOARD_JS_KIB)];
}

/** Lighthouse needs Chromium and minutes per run: not part of this command; docs/lighthouse.md keeps its runs. */
function lighthouseRow(): BudgetRow {
  const file = path.join(repoRoot, 'docs/lighthouse.md');
  const latest = existsSync(file) ? /^## (Latest run.*)$/m.exec(readFileSync(file, 'utf8'))?.[1] : undefined;
  return {
    budget: 'Lighthouse performance, login page and dashboard',
    measured: `not measured here: run \`npm run lighthouse\` (and \`-- --preset=desktop\`)${latest ? `; docs/lighthouse.md, "${latest}"` : ''}`,
    target: '≥ 90 mobile (median of 5), ≥ 98 desktop',
    status: 'see docs/lighthouse.md',
  };
}
