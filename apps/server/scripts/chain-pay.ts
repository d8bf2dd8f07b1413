/**
 * `npm run chain:pay -- --to <address> --amount <usdt> [--url http://localhost:3000]`
 * Sends a payment on the simulated chain of a running server (development only). It goes through the
 * same watcher and ingestion path as a real on-chain payment.
 */
import { parseArgs } from 'node:util';
import { API, API_PREFIX, CSRF_COOKIE, CSRF_HEADER } from '@svp/shared';

const { values } = parseArgs({
  options: { to: { type: 'string' }, amount: { type: 'string' }, url: { type: 'string' } },
});
const base = values.url ?? `http://localhost:${process.env.PORT ?? 3000}`;
if (!values.to || !values.amount) {
  console.error('usage: npm run chain:pay -- --to <0x address> --amount <usdt> [--url http://localhost:3000]');
  process.exit(2);
}

const csrf = await fetch(base + API_PREFIX + API.csrf).catch(() => {
  console.error(`No SVP Invest server answers at ${base}: start it with \`npm start\` first (or pass --url).`);
  process.exit(1);
});
const token = ((await csrf.json()) as { csrfToken: string }).csrfToken;
const res = await fetch(base + API_PREFIX + API.devChainPay, {
  method: 'POST',
  headers: { 'content-type': 'application/json', cookie: `${CSRF_COOKIE}=${token}`, [CSRF_HEADER]: token },
  body: JSON.stringify({ to: values.to, amount: values.amount }),
});
const body = (await res.json()) as { txHash?: string; credited?: number; error?: { message: string } };
if (!res.ok) {
  console.error(`Payment refused (${res.status}): ${body.error?.message ?? 'unknown error'}`);
  if (res.status === 404) console.error('The server must run on the simulated chain outside production.');
  process.exit(1);
}
console.log(`Sent ${values.amount} USDT to ${values.to} in ${body.txHash}; deposits credited now: ${body.credited}`);
