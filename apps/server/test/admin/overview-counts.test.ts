import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { API, USD_UNIT } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import { adminReportsRepository } from '../../src/modules/admin/admin-reports.repository.js';
import { newestMails } from '../../src/modules/mail/outbox.js';
import { Client, registerUser, signedInAdmin, signedInUser, buildTestApp, topUp, type TestApp } from '../helpers.js';

/**
 * Issue 17, part 4: the overview's counts and the admin lists read no table in full (migration 0032, ADR 0037).
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
