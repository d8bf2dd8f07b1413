/**
 * The operator's treasury command (DESIGN D16):
 *   npm run treasury -- sweep [--min <usdt>] [--dry-run]
 *   npm run treasury -- payouts [--dry-run]
 *   npm run treasury -- export-payouts [--out file.csv]
 *   npm run treasury -- keystore create --out file
 * CHAIN=bsc: runs here, with the keys (TREASURY_PRIVATE_KEY, GAS_PRIVATE_KEY, DEPOSIT_MNEMONIC, or TREASURY_KEYSTORE
 * + TREASURY_KEYSTORE_PASSWORD) and the server's PostgreSQL (DATABASE_URL). CHAIN=simulated (the default): asks
 * the running development server to run it (no keys exist there), with the operator's token the server wrote to
 * its data directory (DATA_DIR, ./data by default), and follows the run until it ends.
 * Either way the run holds the treasury lock while it decides and sends (DESIGN D16). It exits non-zero when it
 * failed, stopped, or (payouts) left an approved withdrawal unpaid; it names each one and the total needed.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  API,
  API_PREFIX,
  CSRF_COOKIE,
  CSRF_HEADER,
  treasuryRunStatusSchema,
  type TreasuryRun,
  type TreasuryRunStatus,
} from '@svp/shared';
import { SIMULATED_DECIMALS } from '../src/chain/simulated.js';
import { createClock } from '../src/clock.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { createBscTreasuryChain } from '../src/treasury-runner/bsc-chain.js';
import { exportPayouts } from '../src/treasury-runner/export-payouts.js';
import { formatRunTable, leftUnpaid } from '../src/treasury-runner/format.js';
import { createKeystoreFile, KeyError, loadKeys } from '../src/treasury-runner/keys.js';
import { LeaseTimeout } from '../src/treasury-runner/lease.js';
import { operatorTokenHeader, operatorTokenPath, readOperatorToken } from '../src/treasury-runner/operator-token.js';
import { runTreasury } from '../src/treasury-runner/run.js';

const USAGE = `usage: npm run treasury -- sweep [--min <usdt>] [--dry-run]
       npm run treasury -- payouts [--dry-run]
       npm run treasury -- export-payouts [--out file.csv]
       npm run treasury -- keystore create --out <file>
CHAIN=bsc runs with the keys here; CHAIN=simulated (default) asks the development server (--url), with the
token it wrote to its data directory (--data-dir, default DATA_DIR or ./data).`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    min: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    out: { type: 'string' },
    url: { type: 'string' },
    'data-dir': { type: 'string' },
  },
});

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** How often the run is asked for its progress, and how long it may take in all. */
const POLL_MS = 500;
const RUN_TIMEOUT_MS = 15 * 60_000;

/**
 * Asks the running development server to run the command on its simulated chain, then follows the run: the
 * server answers at once with the run's id (202) and the run's progress is read by it until it ends.
 */
async function runOnDevServer(command: 'sweep' | 'payouts'): Promise<TreasuryRun> {
  const base = values.url ?? `http://localhost:${process.env.PORT ?? 3000}`;
  const dataDir = values['data-dir'] ?? loadConfig().DATA_DIR;
  const token = readOperatorToken(dataDir);
  if (!token) {
    fail(
      `No treasury token at ${operatorTokenPath(dataDir)}: the development server writes it when it starts ` +
        "(`npm start` on this machine), or pass --data-dir with the server's data directory.",
    );
  }
  const csrf = await fetch(base + API_PREFIX + API.csrf).catch(() =>
    fail(`No SVP Invest server answers at ${base}: start it with \`npm start\` first (or pass --url).`),
  );
  const csrfToken = ((await csrf.json()) as { csrfToken: string }).csrfToken;
  const headers = {
    'content-type': 'application/json',
    authorization: operatorTokenHeader(token),
    cookie: `${CSRF_COOKIE}=${csrfToken}`,
    [CSRF_HEADER]: csrfToken,
  };
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<TreasuryRunStatus> => {
    const res = await fetch(base + API_PREFIX + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as unknown;
    if (!res.ok) {
      const message = (json as { error?: { message?: string } }).error?.message ?? 'unknown error';
      if (res.status === 404 && method === 'POST')
        fail('The server runs no treasury commands: it must run CHAIN=simulated outside production.');
      if (res.status === 401 || res.status === 403)
        fail(`The server refused the token in ${operatorTokenPath(dataDir)} (${res.status}): is it this server's?`);
      fail(`The server refused (${res.status}): ${message}`);
    }
    return treasuryRunStatusSchema.parse(json);
  };

  let run = await call('POST', API.devTreasury.replace(':command', command), {
    dryRun: values['dry-run'],
    ...(values.min ? { min: values.min } : {}),
  });
  const deadline = Date.now() + RUN_TIMEOUT_MS;
  let polls = 0;
  while (run.status === 'queued' || run.status === 'running') {
    if (Date.now() > deadline) fail(`Run ${run.runId} has not ended after ${RUN_TIMEOUT_MS / 60_000} minutes.`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    run = await call('GET', API.devTreasuryRun.replace(':runId', run.runId));
    if (++polls === 2 && run.status === 'queued') {
      console.error(`Run ${run.runId} waits for another treasury run to finish (the treasury lock)…`);
    }
  }
  if (run.status === 'failed' || !run.result) fail(`Run ${run.runId} failed: ${run.error ?? 'no result'}`);
  return run.result;
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
      onLockWait: (holder) =>
        console.error(
          `Waiting for the treasury lock${holder ? ` (held by ${holder.owner} until ${holder.expiresAt.toISOString()})` : ''}…`,
        ),
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
  // Non-zero when something needs the operator: a failure, a stop, or a withdrawal left unpaid (named above).
  if (run.actions.some((a) => /^stopped|failed/.test(a.outcome)) || leftUnpaid(run)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  // Key and configuration errors are the operator's to fix: their message says how, a stack adds nothing.
  if (error instanceof KeyError || error instanceof ConfigError || error instanceof LeaseTimeout) fail(error.message);
  console.error(error);
  process.exit(1);
});
