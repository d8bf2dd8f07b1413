/**
 * `npm run clock -- --days 45 [--url http://localhost:3000]`, or `npm run clock -- --reset`
 * Moves the test clock of a running development server started with ALLOW_TEST_CLOCK=1 (DESIGN D11), so a plan
 * matures or a day's coins accrue without waiting. Production never has the route.
 */
import { parseArgs } from 'node:util';
import { API, API_PREFIX, CSRF_COOKIE, CSRF_HEADER } from '@svp/shared';

const { values } = parseArgs({
  options: { days: { type: 'string' }, reset: { type: 'boolean' }, url: { type: 'string' } },
});
const base = values.url ?? `http://localhost:${process.env.PORT ?? 3000}`;
const days = Number(values.days ?? 0);
if ((!values.reset && !values.days) || !Number.isFinite(days) || days < 0) {
  console.error('usage: npm run clock -- --days <days> [--url http://localhost:3000]   or   npm run clock -- --reset');
  process.exit(2);
}

const csrf = await fetch(base + API_PREFIX + API.csrf).catch(() => {
  console.error(`No SVP Invest server answers at ${base}: start it with \`ALLOW_TEST_CLOCK=1 npm start\` first.`);
  process.exit(1);
});
const token = ((await csrf.json()) as { csrfToken: string }).csrfToken;
const res = await fetch(base + API_PREFIX + API.testClock, {
  method: 'POST',
  headers: { 'content-type': 'application/json', cookie: `${CSRF_COOKIE}=${token}`, [CSRF_HEADER]: token },
  body: JSON.stringify(values.reset ? { reset: true } : { advanceDays: days }),
});
if (res.status === 404) {
  console.error('This server has no test clock: start it with `ALLOW_TEST_CLOCK=1 npm start` (never in production).');
  process.exit(1);
}
const body = (await res.json()) as { now?: string; error?: { message: string } };
if (!res.ok) {
  console.error(`Refused (${res.status}): ${body.error?.message ?? 'unknown error'}`);
  process.exit(1);
}
console.log(`The server's clock now reads ${body.now}.`);
