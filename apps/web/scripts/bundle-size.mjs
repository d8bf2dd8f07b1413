// Prints the gzipped JavaScript the login route (/) and the dashboard download, from dist/.vite/manifest.json.
// Run after `npm run build -w @svp/web`. DESIGN §7 budgets: login 125 KiB, dashboard 200 KiB (heavy libs lazy).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

/** The entry and every chunk it imports statically: what the browser needs before the page can run. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) staticClosure(dep, seen);
  return seen;
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
let total = 0;
for (const key of staticClosure(entry)) {
  const size = gz(manifest[key].file);
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KiB  ${manifest[key].file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KiB  login route JS (gzip), budget 125 KiB`);
const later = Object.values(manifest).find((chunk) => chunk.name === 'login-schema');
if (later)
  console.log(`${(gz(later.file) / 1024).toFixed(1).padStart(7)} KiB  loaded on first focus of the login form`);

// The dashboard: the entry (with the route guard) and the dashboard area (src/app/router.tsx). zod is not in it:
// it comes with the first money screen or form (`serverAnswer` in src/lib/api.ts, src/lib/api-schemas.ts).
const byName = (name) => Object.keys(manifest).find((key) => manifest[key].name === name);
const kib = (bytes) => `${(bytes / 1024).toFixed(1).padStart(7)} KiB`;
const dashboard = new Set();
for (const key of [entry, byName('DashboardRoutes')]) if (key) staticClosure(key, dashboard);
const sum = (keys) => [...keys].reduce((n, key) => n + gz(manifest[key].file), 0);
const dashboardTotal = sum(dashboard);
console.log(`${kib(dashboardTotal)}  dashboard route JS (gzip), budget 200 KiB`);
// Each money screen loads on first visit; the QR code and barcode libraries only with the payment view.
for (const name of [
  'TopupPage',
  'PaymentCodes',
  'PlansPage',
  'WithdrawPage',
  'HistoryPage',
  'ReferralPage',
  'DailyTaskPage',
  'StakingRoomPage',
  'BotChart',
  'StakingChart',
]) {
  const key = byName(name);
  if (!key) continue;
  const extra = [...staticClosure(key)].filter((k) => !dashboard.has(k));
  console.log(`${kib(sum(extra))}  + ${name} when first opened`);
}
process.exitCode = total > 125 * 1024 || dashboardTotal > 200 * 1024 ? 1 : 0;
