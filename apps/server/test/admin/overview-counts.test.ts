import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, TransactionRollbackError, type SQL } from 'drizzle-orm';
import { API, DAY_MS, USD_UNIT } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import { adminReportsRepository } from '../../src/modules/admin/admin-reports.repository.js';
import { newestMails } from '../../src/modules/mail/outbox.js';
import {
  Client,
  registerUser,
  signedInAdmin,
  signedInUser,
  buildTestApp,
  invest,
  topUp,
  travelAndSignIn,
  type TestApp,
} from '../helpers.js';

/**
 * The overview's counts and the admin lists read no table in full (ADR 0037).
 * The counts are kept by triggers; each must equal counting the table the slow way, whatever changed it.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

/** The overview's counts, as the admin reads them. */
const overviewCounts = async () => {
  const res = await admin.client.get(API.adminOverview);
  expect(res.status).toBe(200);
  return res.body.counts as Record<'users' | 'admins' | 'openTickets' | 'flaggedDeposits', number>;
};

/** The same counts, reading every table in full. */
async function countedTheSlowWay() {
  const [row] = await queryRows<Record<string, number>>(
    t.database.db,
    sql`select
      (select count(*)::int from users where role = 'user') as users,
      (select count(*)::int from users where role = 'admin') as admins,
      (select count(*)::int from investments where status = 'active') as "activeInvestments",
      (select count(*)::int from withdrawals where status in ('pending', 'approved')) as "pendingWithdrawals",
      (select count(*)::int from tickets where status <> 'closed') as "openTickets",
      (select count(*)::int from deposits where flag is not null)
        + (select count(*)::int from rejected_deposits) as "flaggedDeposits"`,
  );
  return row!;
}

const pendingChanges = async () =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from platform_count_changes`))[0]!.n;

describe('the overview counts', () => {
  it('follows registrations, tickets opened and closed, flagged and rejected deposits, as counting the tables would', async () => {
    const before = await overviewCounts();
    expect(before).toEqual(await countedTheSlowWay());

    const u = await signedInUser(t.app);
    await signedInUser(t.app);
    const opened = [];
    for (const subject of ['First', 'Second']) {
      opened.push((await u.client.post(API.tickets, { subject, message: 'Hello' })).body.ticket.id as string);
    }
    expect((await admin.client.post(`/admin/tickets/${opened[0]}/close`)).status).toBe(200);
    await topUp(u.client, '10', '12'); // under-paid: flagged
    await topUp(u.client, '10'); // exact: not flagged
    const address = await t.app.services.deposits.addressFor(u.user.id);
    await t.app.services.simulated!.pay(address, 999_999_999_999_999n * USD_UNIT); // above the ceiling: rejected
    await t.app.services.watcher.runOnce();

    const after = await overviewCounts();
    expect(after).toEqual(await countedTheSlowWay());
    expect(after).toMatchObject({
      users: before.users + 2,
      admins: before.admins,
      openTickets: before.openTickets + 1,
      flaggedDeposits: before.flaggedDeposits + 2,
    });
    // The read compacted every change into platform_counts.
    expect(await pendingChanges()).toBe(0);

    // A follow-up on the closed ticket opens it again (pending).
    await admin.client.post(`/admin/tickets/${opened[0]}/reply`, { message: 'It arrived after all.' });
    expect((await overviewCounts()).openTickets).toBe(before.openTickets + 2);
  });

  it('follows changes made outside the app: a role changed, rows deleted', async () => {
    const u = await signedInUser(t.app);
    await queryRows(t.database.db, sql`update users set role = 'admin' where id = ${u.user.id}`);
    let counts = await overviewCounts();
    expect(counts).toEqual(await countedTheSlowWay());
    await queryRows(t.database.db, sql`update users set role = 'user' where id = ${u.user.id}`);
    await queryRows(t.database.db, sql`update users set name = 'Renamed' where id = ${u.user.id}`);
    const ticket = (await u.client.post(API.tickets, { subject: 'Gone', message: 'Soon' })).body.ticket.id as string;
    await queryRows(t.database.db, sql`delete from ticket_messages where ticket_id = ${ticket}`);
    await queryRows(t.database.db, sql`delete from tickets where id = ${ticket}`);
    await queryRows(t.database.db, sql`delete from rejected_deposits`);
    counts = await overviewCounts();
    expect(counts).toEqual(await countedTheSlowWay());
  });

  it("is folded into its totals by the platform roll-up's pass, whether or not anyone reads it", async () => {
    await signedInUser(t.app);
    expect(await pendingChanges()).toBeGreaterThan(0);
    await t.app.services.platformRollUp.runOnce();
    expect(await pendingChanges()).toBe(0);
    expect(await overviewCounts()).toEqual(await countedTheSlowWay());
  });

  it('stays exact while registrations and readers race', async () => {
    const readers = () => queryRows(t.database.db, adminReportsRepository.keptCounts);
    await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => registerUser(new Client(t.app, `10.9.${i}.1`))),
      ...Array.from({ length: 10 }, readers),
    ]);
    await Promise.all(Array.from({ length: 5 }, readers));
    expect(await overviewCounts()).toEqual(await countedTheSlowWay());
    expect(await pendingChanges()).toBe(0);
  });
});

/** The kept figures by name, and the same counted again from the tables (platform_counts_recount, rolled back). */
async function keptAndRecounted() {
  const read = async (db: Pick<typeof t.database.db, 'execute'>) =>
    Object.fromEntries(
      (await queryRows<{ name: string; n: string }>(db, adminReportsRepository.keptCounts)).map((r) => [r.name, r.n]),
    );
  const kept = await read(t.database.db);
  let recounted: Record<string, string> = {};
  await t.database.db
    .transaction(async (tx) => {
      await tx.execute(sql`select platform_counts_recount()`);
      recounted = await read(tx);
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return { kept, recounted };
}

describe('the solvency sums', () => {
  it('follow plans started and broken, stakes settled and ended, as recounting the tables would', async () => {
    const expectKeptAsRecounted = async () => {
      const { kept, recounted } = await keptAndRecounted();
      expect(kept).toEqual(recounted);
      return kept;
    };
    const u = await signedInUser(t.app, '10.0.8.1');
    await topUp(u.client, '120');
    expect((await invest(u.client, 'platinum', '100')).status).toBe(200);
    expect((await u.client.post(API.stakingConvert, { direction: 'toFund', amount: '10' })).status).toBe(200);
    expect((await u.client.post(API.stakingBuy, { amount: '5' })).status).toBe(200);
    expect((await u.client.post(API.stakingStake, { tokens: '300000' })).status).toBe(200);
    const started = await expectKeptAsRecounted();
    expect(BigInt(started.active_stakes_token_ms!)).toBeGreaterThan(0n);

    t.clock.advance(3 * DAY_MS + 1000);
    expect((await u.client.get(API.staking)).status).toBe(200); // settles three days of yield
    const settled = await expectKeptAsRecounted();
    expect(BigInt(settled.active_stakes_credited!)).toBeGreaterThan(BigInt(started.active_stakes_credited ?? '0'));

    expect((await u.client.post(API.withdrawals, { kind: 'break' })).status).toBe(200); // closes the plan
    expect((await expectKeptAsRecounted()).active_plans).toBe(String(Number(started.active_plans) - 1));

    await travelAndSignIn(t, u, 60 * DAY_MS);
    expect((await u.client.get(API.staking)).status).toBe(200); // the stake ended: released
    expect((await expectKeptAsRecounted()).active_stakes).toBe(String(Number(started.active_stakes) - 1));

    // Outside the app: a plan's amount corrected, then the plan deleted.
    const v = await signedInUser(t.app, '10.0.8.2');
    await topUp(v.client, '100');
    expect((await invest(v.client, 'platinum', '100')).status).toBe(200);
    await queryRows(t.database.db, sql`update investments set amount = amount + 1 where user_id = ${v.user.id}`);
    await expectKeptAsRecounted();
    await queryRows(t.database.db, sql`delete from investments where user_id = ${v.user.id}`);
    await expectKeptAsRecounted();
  });
});

/** The plan PostgreSQL picks for `query` when a sequential scan is the last resort: one appears only where no index serves. */
async function planWithoutSeqScans(query: SQL): Promise<string> {
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${query}`);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe('the admin reads', () => {
  it('read no table in full: the counts, the flagged deposits, the rejected transfers, the outbox', async () => {
    const { db } = t.database;
    const plans = {
      keptCounts: await planWithoutSeqScans(adminReportsRepository.keptCounts),
      liveCounts: await planWithoutSeqScans(adminReportsRepository.liveCounts),
      flagged: await planWithoutSeqScans(adminReportsRepository.flaggedDeposits(db, 500).getSQL()),
      rejected: await planWithoutSeqScans(adminReportsRepository.rejectedDeposits(db, 500).getSQL()),
      outbox: await planWithoutSeqScans(newestMails(db, true, 100).getSQL()),
    };
    for (const [name, plan] of Object.entries(plans)) {
      expect({ name, plan }).toEqual({ name, plan: expect.not.stringContaining('Seq Scan') });
    }
    expect(plans.flagged).toContain('deposits_flagged_idx');
    expect(plans.outbox).toContain('email_outbox_created_idx');
  });
});
