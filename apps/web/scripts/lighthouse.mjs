// Lighthouse on the built app: the login page and the dashboard of a freshly registered user.
//   npm run lighthouse                      (mobile preset: Lighthouse's default, throttled 4G + 4× CPU)
//   npm run lighthouse -- --preset=desktop  (desktop preset)
//   npm run lighthouse -- --runs=1          (one run per page instead of five)
// Runs each page five times and prints performance, accessibility and best-practices, each run's performance and
// their median; exits 1 if a page's median performance is below its budget (DESIGN §7): mobile login 95 and
// dashboard 90, desktop 98 for both. Uses the built app in apps/web/dist (runs `npm run build -w @svp/web`
// only when dist is missing), starts its own server on a free port (LIGHTHOUSE_PORT to choose one) with
// a fresh PGlite directory, and Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
// LIGHTHOUSE_REPORTS=<dir> also writes each page's full HTML report (and its JSON) there; LIGHTHOUSE_URL=<origin>
// audits a server already running there instead (it registers a lighthouse.<time>@example.com user).
import { chromium, request as playwrightRequest } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { post, waitReady } from './server-helpers.mjs';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const dist = join(repoRoot, 'apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const preset = process.argv.find((arg) => arg.startsWith('--preset='))?.slice('--preset='.length) ?? 'mobile';
if (preset !== 'mobile' && preset !== 'desktop') throw new Error(`--preset must be mobile or desktop, not ${preset}`);
// DESIGN §7: the median of five runs' performance, per preset and page.
const BUDGETS = { mobile: { login: 95, dashboard: 90 }, desktop: { login: 98, dashboard: 98 } }[preset];
const RUNS = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 5);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs must be a whole number of at least 1');
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const USER = { email: `lighthouse.${Date.now()}@example.com`, password: 'Lighthouse-Pass-1' };

/** A port nobody listens on: the one the OS hands out for port 0. */
function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

function ensureBuilt() {
  if (existsSync(join(dist, 'index.html'))) return;
  console.log('apps/web/dist is missing: building the web app first');
  const built = spawnSync('npm', ['run', 'build', '-w', '@svp/web'], { cwd: repoRoot, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build -w @svp/web failed');
}

function startServer(port, dataDir) {
  return spawn('npx', ['tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: dist },
    detached: true, // own process group, so stopping it also stops tsx's child
  });
}

async function registerUser(base) {
  const api = await playwrightRequest.newContext({ baseURL: base });
  await post(api, '/auth/register', {
    email: USER.email,
    password: USER.password,
    walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    referralCode: '',
  });
  await api.dispose();
}

/**
 * Signs in through the login form in the browser Lighthouse will drive, so the session cookie and the
 * stored user snapshot the route guard reads (localStorage) are both in place. Returns the cookies as
 * a Cookie header.
 */
async function signIn(context, base) {
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.getByLabel('Email or phone').fill(USER.email);
  await page.getByLabel('Password', { exact: true }).fill(USER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard');
  await page.goto('about:blank');
  await page.close();
  const cookies = await context.cookies(base);
  if (!cookies.length) throw new Error('signing in set no cookie');
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** Empties the HTTP cache, so a run after signing in still downloads everything (a first visit). */
async function clearCache(context) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await page.close();
}

async function audit(url, debuggingPort, { cookie } = {}) {
  const flags = {
    port: debuggingPort,
    output: 'html',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    // The signed-in run keeps the browser's storage (the route guard's snapshot); the cache is
    // emptied by clearCache() instead. The session cookie also goes as a header on every request.
    ...(cookie ? { disableStorageReset: true, extraHeaders: { Cookie: cookie } } : {}),
  };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}: not signed in?`);
  return result;
}

const score = (lhr, id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);

/** The numbers worth reading when performance is short: the metrics, the LCP element and the top opportunities. */
function explain(lhr) {
  const audits = lhr.audits;
  const metrics = [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ];
  for (const id of metrics) if (audits[id]) console.log(`    ${audits[id].title}: ${audits[id].displayValue}`);
  const lcp = audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  if (lcp) console.log(`    LCP element: ${lcp.snippet} (${lcp.nodeLabel})`);
  const opportunities = Object.values(audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.metricSavings?.LCP || a.metricSavings?.FCP) && a.score !== 1)
    .sort((a, b) => (b.metricSavings.LCP ?? 0) - (a.metricSavings.LCP ?? 0));
  for (const a of opportunities) console.log(`    - ${a.title}: ${a.displayValue ?? ''}`);
}

// LIGHTHOUSE_URL audits a server that is already running there (a deployment, or one behind a proxy)
// instead of starting one; the user is registered on it like on a fresh one.
const given = process.env.LIGHTHOUSE_URL?.replace(/\/$/, '');
if (!given) ensureBuilt();
const port = given ? 0 : Number(process.env.LIGHTHOUSE_PORT ?? (await freePort()));
const base = given ?? `http://127.0.0.1:${port}`;
const profileDir = mkdtempSync(join(tmpdir(), 'svp-lighthouse-chromium-'));
const serverDataDir = given ? null : mkdtempSync(join(tmpdir(), 'svp-lighthouse-'));
const server = given ? null : startServer(port, serverDataDir);
let failed = false;
let context;
try {
  await waitReady(base);
  await registerUser(base);
  const debuggingPort = await freePort();
  // A persistent context is Chromium's default profile, the one Lighthouse drives through the port.
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROME_FLAGS.filter((f) => f !== '--headless'), `--remote-debugging-port=${debuggingPort}`],
  });
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) mkdirSync(reports, { recursive: true });
  console.log(
    `Lighthouse ${preset} preset, Chromium ${context.browser()?.version() ?? ''}, ${cpus().length} CPU cores, ${new Date().toISOString()}`,
  );

  const pages = [
    { name: 'login', path: '/' },
    { name: 'dashboard', path: '/dashboard', signedIn: true },
  ];
  for (const target of pages) {
    const runs = [];
    for (let run = 1; run <= RUNS; run += 1) {
      let cookie;
      if (target.signedIn) {
        cookie = await signIn(context, base);
        await clearCache(context);
      }
      const { lhr, report } = await audit(`${base}${target.path}`, debuggingPort, { cookie });
      runs.push({ lhr, report });
      const scores = CATEGORIES.map((id) => `${id} ${score(lhr, id)}`).join(', ');
      console.log(`${target.name.padEnd(10)} ${target.path.padEnd(11)} run ${run}: ${scores}`);
    }
    // The median run by performance: what the budget is held to, explained and written out.
    runs.sort((a, b) => score(a.lhr, 'performance') - score(b.lhr, 'performance'));
    const median = runs[Math.floor((runs.length - 1) / 2)];
    const budget = BUDGETS[target.name];
    const all = runs.map((r) => score(r.lhr, 'performance')).join(', ');
    console.log(
      `${target.name.padEnd(10)} median performance ${score(median.lhr, 'performance')} (runs: ${all}), budget ${budget}`,
    );
    if (score(median.lhr, 'performance') < budget) {
      failed = true;
      console.log(`  median performance below ${budget} (DESIGN §7):`);
      explain(median.lhr);
    }
    if (reports) {
      writeFileSync(join(reports, `${target.name}-${preset}.html`), median.report);
      writeFileSync(join(reports, `${target.name}-${preset}.json`), JSON.stringify(median.lhr));
    }
  }
} finally {
  await context?.close();
  if (server && server.exitCode === null) {
    // Wait until it has gone (at most 10 s), so a next run can have the port and the data can go.
    const exited = new Promise((done) => server.once('exit', done));
    process.kill(-server.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
    rmSync(serverDataDir, { recursive: true, force: true });
  }
  rmSync(profileDir, { recursive: true, force: true });
}
if (failed) {
  console.error('Lighthouse: a median performance is below its budget (DESIGN §7)');
  process.exit(1);
}
