/**
 * The operator's treasury command (DESIGN D16):
 *   npm run treasury -- sweep [--min <usdt>] [--dry-run]
 *   npm run treasury -- payouts [--dry-run]
 *   npm run treasury -- export-payouts [--out file.csv]
 *   npm run treasury -- keystore create --out file
 * CHAIN=bsc: runs here, with the keys (TREASURY_PRIVATE_KEY, GAS_PRIVATE_KEY, DEPOSIT_MNEMONIC, or TREASURY_KEYSTORE
 * + TREASURY_KEYSTORE_PASSWORD) and the server's PostgreSQL (DATABASE_URL). CHAIN=simulated (the default): asks
 * the running development server to run it (no keys exist there), like `npm run chain:pay`.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { API, API_PREFIX, CSRF_COOKIE, CSRF_HEADER, treasuryRunSchema, type TreasuryRun } from '@svp/shared';
import { SIMULATED_DECIMALS } from '../src/chain/simulated.js';
import { createClock } from '../src/clock.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { createBscTreasuryChain } from '../src/treasury/bsc-chain.js';
import { exportPayouts } from '../src/treasury/export-payouts.js';
import { formatRunTable } from '../src/treasury/format.js';
import { createKeystoreFile, KeyError, loadKeys } from '../src/treasury/keys.js';
import { runTreasury } from '../src/treasury/run.js';

const USAGE = `usage: npm run treasury -- sweep [--min <usdt>] [--dry-run]
       npm run treasury -- payouts [--dry-run]
       npm run treasury -- export-payouts [--out file.csv]
       npm run treasury -- keystore create --out <file>
CHAIN=bsc runs with the keys here; CHAIN=simulated (default) asks the development server (--url).`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    min: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    out: { type: 'string' },
    url: { type: 'string' },
  },
});

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** Asks the running development server to run the command on its simulated chain. */
async function runOnDevServer(command: 'sweep' | 'payouts'): Promise<TreasuryRun> {
  const base = values.url ?? `http://localhost:${process.env.PORT ?? 3000}`;
  const csrf = await fetch(base + API_PREFIX + API.csrf).catch(() =>
    fail(`No SVP Invest server answers at ${base}: start it with \`npm start\` first (or pass --url).`),
  );
  const token = ((await csrf.json()) as { csrfToken: string }).csrfToken;
  const res = await fetch(base + API_PREFIX + API.devTreasury.replace(':command', command), {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `${CSRF_COOKIE}=${token}`, [CSRF_HEADER]: token },
    body: JSON.stringify({ dryRun: values['dry-run'], ...(values.min ? { min: values.min } : {}) }),
  });
  const body = (await res.json()) as unknown;
  if (!res.ok) {
    const message = (body as { error?: { message?: string } }).error?.message ?? 'unknown error';
    if (res.status === 404)
      fail('The server runs no treasury commands: it must run CHAIN=simulated outside production.');
    fail(`The server refused (${res.status}): ${message}`);
  }
  return treasuryRunSchema.parse(body);
}

/** Runs the command here, on BSC, with the operator's keys and the server's PostgreSQL. */
async function runOnBsc(command: 'sweep' | 'payouts'): Promise<TreasuryRun> {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    fail('CHAIN=bsc needs DATABASE_URL (PostgreSQL): every step is recorded there before it is broadcast.');
  }
  const keys = loadKeys(process.env);
  if (command === 'sweep' && !keys.depositXpub) fail("sweep needs DEPOSIT_MNEMONIC (the deposit addresses' keys).");
  const chain = await createBscTreasuryChain({
    rpcUrl: config.BSC_RPC_URL!,
    tokenAddress: config.USDT_CONTRACT,
    decimals: config.USDT_DECIMALS,
    chainId: config.BSC_CHAIN_ID,
  });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL });
  try {
    return await runTreasury(command, {
      db: database.db,
      clock: createClock(),
      chain,
      keys,
      dryRun: values['dry-run'],
      min: values.min,
    });
  } finally {
    await database.close();
  }
}

async function main() {
  const [command, sub] = positionals;
  const chainName = process.env.CHAIN || 'simulated';
  if (command === 'keystore') {
    if (sub !== 'create' || !values.out) fail(USAGE, 2);
    const made = createKeystoreFile(process.env, values.out);
    console.log(
      `Wrote ${values.out} (mode 600). Treasury ${made.addresses.treasury}, gas wallet ` +
        `${made.addresses.gas ?? 'none'}, deposit xpub ${made.depositXpub ?? 'none'}.`,
    );
    console.log(
      'Run with TREASURY_KEYSTORE and TREASURY_KEYSTORE_PASSWORD, and remove the plain keys from the environment.',
    );
    return;
  }
  if (command === 'export-payouts') {
    const config = loadConfig();
    if (!config.DATABASE_URL) fail('export-payouts reads the database: it needs DATABASE_URL (PostgreSQL).');
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL });
    try {
      const decimals = chainName === 'bsc' ? config.USDT_DECIMALS : SIMULATED_DECIMALS;
      const result = await exportPayouts({ db: database.db, tokenAddress: config.USDT_CONTRACT, decimals });
      if (values.out) writeFileSync(values.out, result.csv);
      else process.stdout.write(result.csv);
      // The receipt goes to stderr, so stdout stays a clean CSV.
      for (const r of result.rows) console.error(`withdrawal ${r.withdrawalId}: ${r.amount} USDT to ${r.receiver}`);
      for (const s of result.skipped) console.error(`left out ${s.withdrawalId} (${s.receiver}): ${s.reason}`);
      console.error(
        `${result.rows.length} payouts${values.out ? ` written to ${values.out}` : ''}; nothing was marked.`,
      );
    } finally {
      await database.close();
    }
    return;
  }
  if (command !== 'sweep' && command !== 'payouts') fail(USAGE, 2);
  const run = chainName === 'bsc' ? await runOnBsc(command) : await runOnDevServer(command);
  console.log(formatRunTable(run));
  if (run.actions.some((a) => /^stopped|failed/.test(a.outcome))) process.exitCode = 1;
}

main().catch((error: unknown) => {
  // Key and configuration errors are the operator's to fix: their message says how, a stack adds nothing.
  if (error instanceof KeyError || error instanceof ConfigError) fail(error.message);
  console.error(error);
  process.exit(1);
});
