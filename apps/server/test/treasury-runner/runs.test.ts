import { spawn } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, fromDecimalString, MSG, type TreasuryRunStatus } from '@svp/shared';
import { SIMULATED_CHAIN_ID, SIMULATED_TREASURY } from '../../src/chain/simulated.js';
import { queryRows } from '../../src/db/client.js';
import { tryAcquire } from '../../src/treasury-runner/lease.js';
import { operatorTokenPath, readOperatorToken } from '../../src/treasury-runner/operator-token.js';
import {
  buildTestApp,
  Client,
  invest,
  PASSWORD,
  registerUser,
  sendFromTreasury,
  signedInAdmin,
  signedInUser,
  topUp,
  type TestApp,
} from '../helpers.js';

// ADR 0041: treasury runs need an admin session or the operator's token, answer at once with the run's
// id, and are followed by it. Point 4 seen from `npm run treasury`: a withdrawal left unpaid is named, with the
// total, and the command exits non-zero. Point 7: an unmatched transfer is cleared by an admin's audited note.
const SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/treasury.ts');

let t: TestApp;
let dataDir: string;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let user: Awaited<ReturnType<typeof signedInUser>>;
let token: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'svp-treasury-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  admin = await signedInAdmin(t, '10.34.5.1');
  user = await signedInUser(t.app, '10.34.5.2');
  token = readOperatorToken(dataDir)!;
});
afterAll(() => t.close());

const runPath = (command: string) => API.devTreasury.replace(':command', command);
const statusPath = (runId: string) => API.devTreasuryRun.replace(':runId', runId);

async function untilEnded(client: Client, runId: string, headers: Record<string, string> = {}) {
  for (let i = 0; i < 500; i++) {
    const res = await client.request({ method: 'GET', url: `/api/v1${statusPath(runId)}`, headers });
    expect(res.status, res.raw).toBe(200);
    if (res.body.status === 'done' || res.body.status === 'failed') return res.body as TreasuryRunStatus;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`run ${runId} did not end`);
}

/** A user with their own wallet who broke a plan, approved by the admin. */
async function approvedWithdrawal(plan: string, invested: string) {
  const wallet = `0x${randomBytes(20).toString('hex')}`;
  const client = new Client(t.app, `10.34.6.${randomBytes(1)[0]! % 250}`);
  const creds = await registerUser(client, { walletAddress: wallet, password: PASSWORD });
  expect((await client.post(API.login, { email: creds.email, password: PASSWORD })).status).toBe(200);
  await topUp(client, invested);
  expect((await invest(client, plan, invested)).status).toBe(200);
  const w = (await client.post(API.withdrawals, { kind: 'break' })).body.withdrawal as { id: string; payout: string };
  expect((await admin.client.post(`/admin/withdrawals/${w.id}/approve`)).status).toBe(200);
  return { ...w, wallet };
}

describe('who may run the treasury', () => {
  it('the server writes the operator token to its data directory, readable by its owner only', () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(operatorTokenPath(dataDir)).mode & 0o777).toBe(0o600);
  });

  it('refuses anonymous callers (401) and users (403), on the run and on its progress', async () => {
    const anonymous = new Client(t.app, '10.34.5.3');
    expect((await anonymous.post(runPath('sweep'), { dryRun: true })).status).toBe(401);
    expect((await user.client.post(runPath('sweep'), { dryRun: true })).status).toBe(403);
    const wrong = await anonymous.post(
      runPath('sweep'),
      { dryRun: true },
      { authorization: `Bearer ${'a'.repeat(43)}` },
    );
    expect(wrong.status).toBe(401);
    expect((await anonymous.post(runPath('sweep'), {}, { authorization: 'Bearer ' })).status).toBe(401);
    const started = await admin.client.post(runPath('sweep'), { dryRun: true });
    expect(started.status).toBe(202);
    const id = started.body.runId as string;
    expect((await anonymous.get(statusPath(id))).status).toBe(401);
    expect((await user.client.get(statusPath(id))).status).toBe(403);
    await untilEnded(admin.client, id);
  });

  it("accepts the operator's token instead of a session", async () => {
    const operator = new Client(t.app, '10.34.5.4');
    const headers = { authorization: `Bearer ${token}` };
    const started = await operator.post(runPath('payouts'), { dryRun: true }, headers);
    expect(started.status, started.raw).toBe(202);
    const ended = await untilEnded(operator, started.body.runId as string, headers);
    expect(ended).toMatchObject({ status: 'done', command: 'payouts', dryRun: true, error: null });
  });
});

describe('a run answers at once and is followed by its id', () => {
  it('is queued while another run holds the treasury lock, joined by a second request, then runs', async () => {
    // Another run (an operator's machine) holds the lock.
    expect(await tryAcquire(t.database.db, SIMULATED_CHAIN_ID, 'operator@elsewhere')).toBe(true);
    try {
      const first = await admin.client.post(runPath('sweep'), {});
      expect(first.status).toBe(202);
      expect(first.body).toMatchObject({ status: 'queued', command: 'sweep', actions: [], result: null });
      const second = await admin.client.post(runPath('sweep'), {});
      expect(second.status).toBe(202);
      expect(second.body.runId).toBe(first.body.runId); // the same run: it has not started yet
      await new Promise((resolve) => setTimeout(resolve, 300));
      const waiting = await admin.client.get(statusPath(first.body.runId as string));
      expect(waiting.body).toMatchObject({ status: 'queued', startedAt: null });
    } finally {
      await t.database.db.execute(sql`delete from treasury_locks where owner = 'operator@elsewhere'`);
    }
    const runs = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from treasury_runs`);
    const ended = await untilEnded(admin.client, (await admin.client.post(runPath('sweep'), {})).body.runId);
    expect(ended.status).toBe('done');
    expect(ended.startedAt).not.toBeNull();
    expect(await queryRows(t.database.db, sql`select * from treasury_locks`)).toEqual([]);
    expect(runs[0]!.n).toBeGreaterThan(0);
  });

  it('reports a run whose server stopped beating its heartbeat as failed', async () => {
    const [row] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into treasury_runs (chain_id, command, dry_run, status, created_at, started_at, heartbeat_at)
          values (${SIMULATED_CHAIN_ID}, 'payouts', false, 'running', clock_timestamp() - interval '2 minutes',
                  clock_timestamp() - interval '2 minutes', clock_timestamp() - interval '1 minute')
          returning id`,
    );
    const res = await admin.client.get(statusPath(row!.id));
    expect(res.body).toMatchObject({
      status: 'failed',
      error: 'The server carrying out this run stopped before it finished.',
      finishedAt: expect.any(String),
    });
  });

  it('answers 404 for a run that does not exist', async () => {
    const res = await admin.client.get(statusPath('7d0e7a40-3c6f-4d0c-9d7e-1f1f1f1f1f1f'));
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(MSG.treasury.runNotFound);
  });
});

/** Runs `npm run treasury -- <args>` against this app, as the operator would on the server's machine. */
function treasuryCommand(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const port = (t.app.server.address() as AddressInfo).port;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', SCRIPT, ...args, '--url', `http://127.0.0.1:${port}`, '--data-dir', dataDir],
    { cwd: path.dirname(path.dirname(SCRIPT)), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out, err })));
}

describe('npm run treasury on the simulated chain', () => {
  it(
    'names every withdrawal it left unpaid and the total still needed, and exits non-zero',
    { timeout: 120_000 },
    async () => {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      expect((await treasuryCommand(['sweep'])).code).toBe(0);
      const paid = await treasuryCommand(['payouts']);
      expect(paid.code, paid.err).toBe(0); // nothing approved yet: nothing left unpaid

      // Empty the treasury, then approve more than it will hold.
      const chain = t.app.services.simulated!.treasuryChain;
      const held = await chain.tokenBalance(SIMULATED_TREASURY);
      if (held > 0n) {
        const signed = await chain.signTokenTransfer(
          { address: SIMULATED_TREASURY },
          `0x${'dd'.repeat(20)}`,
          held,
          await chain.minedNonce(SIMULATED_TREASURY),
        );
        await chain.broadcast(signed.rawTx);
      }
      const big = await approvedWithdrawal('platinum', '237.5'); // $92.40
      const small = await approvedWithdrawal('standard', '10'); // $1.40
      // Their deposits stay on their deposit addresses (no sweep): the treasury has only what is sent to it.
      await t.app.services.simulated!.pay(SIMULATED_TREASURY, fromDecimalString('37.5', 'USD'));

      const run = await treasuryCommand(['payouts']);
      expect(run.code, run.err).toBe(1);
      expect(run.out).toMatch(new RegExp(`${small.id} .* sent`));
      expect(run.out).toContain('This run left 1 approved withdrawal unpaid: 92.4 USDT still needed.');
      expect(run.out).toMatch(
        new RegExp(`${big.id} +${big.wallet} +92\\.4 .*waiting: the treasury has 37\\.5 USDT free`),
      );
      expect(run.out).toContain('The treasury has 36.1 USDT free: it needs 56.3 USDT more');
    },
  );

  it('refuses to run without the token, saying where the server writes it', async () => {
    const res = await new Promise<{ code: number | null; err: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', SCRIPT, 'sweep', '--url', 'http://127.0.0.1:9', '--data-dir', path.join(dataDir, 'none')],
        { cwd: path.dirname(path.dirname(SCRIPT)), stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let err = '';
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.on('exit', (code) => resolve({ code, err }));
    });
    expect(res.code).toBe(1);
    expect(res.err).toContain(`No treasury token at ${path.join(dataDir, 'none', 'treasury-token')}`);
  });
});

describe('an unmatched transfer out of the treasury', () => {
  it('raises the alert until an admin explains it with a note, which the audit log keeps', async () => {
    const stranger = `0x${randomBytes(20).toString('hex')}`;
    const txHash = await sendFromTreasury(t, stranger, 12_500_000n);
    await t.app.services.watcher.runOnce();
    const report = await admin.client.get(API.adminTreasury);
    const listed = (report.body.unmatched as { txHash: string; logIndex: number; to: string }[]).find(
      (u) => u.txHash === txHash,
    );
    expect(listed).toMatchObject({ to: stranger, logIndex: 0, amount: '12.5' });

    const path = API.adminTreasuryAcknowledge.replace(':txHash', txHash).replace(':logIndex', '0');
    expect((await user.client.post(path, { note: 'moved to cold storage' })).status).toBe(403);
    expect((await new Client(t.app, '10.34.5.9').post(path, { note: 'moved to cold storage' })).status).toBe(401);
    expect((await admin.client.post(path, { note: '  ' })).status).toBe(400);
    const missing = API.adminTreasuryAcknowledge.replace(':txHash', `0x${'ab'.repeat(32)}`).replace(':logIndex', '0');
    expect((await admin.client.post(missing, { note: 'moved to cold storage' })).status).toBe(404);

    const ok = await admin.client.post(path, { note: 'Moved to cold storage by the operator (ticket 12).' });
    expect(ok.status, ok.raw).toBe(200);
    expect(ok.body).toEqual({ success: true, message: MSG.treasury.unmatchedAcknowledged });
    const after = await admin.client.get(API.adminTreasury);
    expect((after.body.unmatched as { txHash: string }[]).map((u) => u.txHash)).not.toContain(txHash);
    const audit = await queryRows<{ action: string; target_id: string; after: unknown; actor_id: string }>(
      t.database.db,
      sql`select action, target_id, after, actor_id from audit_log where action = 'treasury.unmatched.acknowledge'`,
    );
    expect(audit).toEqual([
      {
        action: 'treasury.unmatched.acknowledge',
        target_id: `${txHash}:0`,
        after: { acknowledged: true, note: 'Moved to cold storage by the operator (ticket 12).' },
        actor_id: admin.id,
      },
    ]);
    // Again: nothing changes, and no second entry.
    expect((await admin.client.post(path, { note: 'again' })).status).toBe(200);
    const count = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log where action = 'treasury.unmatched.acknowledge'`,
    );
    expect(count[0]!.n).toBe(1);
  });
});

describe('the treasury screen says what is owed now and what is locked in plans', () => {
  it('splits "owed now" into what users could ask for and what active plans hold', async () => {
    const { client } = await signedInUser(t.app, '10.34.7.1');
    await topUp(client, '150');
    expect((await invest(client, 'platinum', '120')).status).toBe(200);
    const { owed } = (await admin.client.get(API.adminTreasury)).body as {
      owed: { now: string; available: string; inActivePlans: string; activePlans: number };
    };
    const [plans] = await queryRows<{ invested: string; n: number }>(
      t.database.db,
      sql`select coalesce(sum(amount), 0)::text as invested, count(*)::int as n from investments where status = 'active'`,
    );
    expect(fromDecimalString(owed.inActivePlans, 'USD')).toBe(BigInt(plans!.invested));
    expect(owed.activePlans).toBe(plans!.n);
    expect(fromDecimalString(owed.inActivePlans, 'USD')).toBeGreaterThanOrEqual(120_000_000n);
    expect(fromDecimalString(owed.available, 'USD') + fromDecimalString(owed.inActivePlans, 'USD')).toBe(
      fromDecimalString(owed.now, 'USD'),
    );
  });
});
