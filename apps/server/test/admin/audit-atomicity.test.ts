import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API, fromDecimalString } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import {
  buildTestApp,
  invest,
  sendFromTreasury,
  signedInAdmin,
  signedInUser,
  topUp,
  type TestApp,
  expectLedgerConsistent,
} from '../helpers.js';

/**
 * DESIGN D13: every admin change is audited, so a change and its audit entry commit together or not at
 * all. A trigger made here refuses the audit entry of chosen targets, standing in for a crash between
 * the two writes: each change must then leave nothing behind.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInAdmin(t);
  await t.database.db.execute(sql`create table test_refused_audit_targets (target_id text primary key)`);
  await t.database.db.execute(sql`
    create function test_refuse_audit() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from test_refused_audit_targets r where r.target_id = new.target_id) then
        raise exception 'audit entry refused by the test';
      end if;
      return new;
    end $$`);
  await t.database.db.execute(sql`
    create trigger test_refuse_audit before insert on audit_log
    for each row execute function test_refuse_audit()`);
});
afterAll(() => t.close());

const refuseAudit = (targetId: string) =>
  t.database.db.execute(sql`insert into test_refused_audit_targets (target_id) values (${targetId})`);
const allowAudit = (targetId: string) =>
  t.database.db.execute(sql`delete from test_refused_audit_targets where target_id = ${targetId}`);
const auditActions = async (targetId: string) =>
  (
    await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where target_id = ${targetId} order by id`,
    )
  ).map((r) => r.action);
/** Ledger transactions of `kind` that touched any account of `owner`. */
const postings = async (owner: string, kind: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(distinct x.id)::int as n from ledger_transactions x
          join ledger_entries e on e.transaction_id = x.id join accounts a on a.id = e.account_id
          where a.owner = ${owner} and x.kind = ${kind}`,
    )
  )[0]!.n;
const field = (details: { fields: { field: string; value: string }[] }, name: string) =>
  details.fields.find((f) => f.field === name)?.value;
const lookup = async (email: string) =>
  (await admin.client.get(`/admin/users/lookup?email=${encodeURIComponent(email)}`)).body;

describe('an admin change and its audit entry commit together', () => {
  it('balance adjustment: a refused audit entry leaves the balance and the ledger untouched', async () => {
    const u = await signedInUser(t.app);
    await topUp(u.client, '10');
    const url = `/admin/users/${u.user.id}/adjustments`;
    const body = { account: 'usd.balance', direction: 'credit', amount: '5', reason: 'Goodwill' };
    await refuseAudit(u.user.id);
    const refused = await admin.client.post(url, body);
    expect(refused.status).toBe(500);
    expect((await t.app.services.ledger.balances(u.user.id)).get('usd.balance')).toBe(10_000_000n);
    expect(await postings(u.user.id, 'admin.adjustment')).toBe(0);
    expect(await auditActions(u.user.id)).toEqual([]);
    // The same request goes through once its audit entry can be written: the refusal was the only obstacle.
    await allowAudit(u.user.id);
    expect((await admin.client.post(url, body)).status).toBe(200);
    expect((await t.app.services.ledger.balances(u.user.id)).get('usd.balance')).toBe(15_000_000n);
    expect(await postings(u.user.id, 'admin.adjustment')).toBe(1);
    expect(await auditActions(u.user.id)).toEqual(['balance.adjust']);
    await expectLedgerConsistent(t);
  });

  it('field edits, contact saves and data-set rows: a refused audit entry leaves the user as they were', async () => {
    const u = await signedInUser(t.app);
    await refuseAudit(u.user.id);
    const edits = [
      admin.client.post(`/admin/users/${u.user.id}/field`, { field: 'phone', value: '+1 555 0199' }),
      admin.client.post(`/admin/users/${u.user.id}/contact`, { name: 'Ada', email: u.email, phone: '' }),
      admin.client.post(`/admin/datasets/referralData/${u.user.id}`, { referralCode: 'ADA_ATOMIC' }),
      admin.client.post(`/admin/datasets/userData/${u.user.id}`, { username: 'ada_atomic' }),
    ];
    for (const res of await Promise.all(edits)) expect(res.status).toBe(500);
    const details = await lookup(u.email);
    expect([field(details, 'phone'), field(details, 'name'), field(details, 'username')]).toEqual([
      '',
      '',
      u.user.username,
    ]);
    expect(field(details, 'referralCode')).not.toBe('ADA_ATOMIC');
    expect(await auditActions(u.user.id)).toEqual([]);
    await allowAudit(u.user.id);
    expect(
      (await admin.client.post(`/admin/users/${u.user.id}/field`, { field: 'phone', value: '+1 555 0199' })).status,
    ).toBe(200);
    expect(field(await lookup(u.email), 'phone')).toBe('+15550199');
    expect(await auditActions(u.user.id)).toEqual(['user.update']);
  });

  it.each(['approve', 'pay', 'reject'] as const)(
    'withdrawal %s: a refused audit entry leaves it as it was with its money held',
    async (decision) => {
      const u = await signedInUser(t.app);
      await topUp(u.client, '100');
      expect((await invest(u.client, 'platinum', '100')).status).toBe(200);
      const requested = (await u.client.post(API.withdrawals, { kind: 'break' })).body.withdrawal;
      const id = requested.id as string;
      let status = 'pending';
      let decide = () => admin.client.post(`/admin/withdrawals/${id}/reject`, { reason: 'Wallet flagged' });
      if (decision === 'approve') decide = () => admin.client.post(`/admin/withdrawals/${id}/approve`);
      if (decision === 'pay') {
        // Approved first (audited too), then the hash of a real treasury transfer is entered by hand.
        expect((await admin.client.post(`/admin/withdrawals/${id}/approve`)).status).toBe(200);
        status = 'approved';
        const txHash = await sendFromTreasury(t, requested.wallet, fromDecimalString(requested.payout, 'USD'));
        decide = () => admin.client.post(`/admin/withdrawals/${id}/pay`, { txHash });
      }
      const auditedBefore = await auditActions(id);
      const before = await t.app.services.ledger.balances(u.user.id);
      await refuseAudit(id);
      expect((await decide()).status).toBe(500);
      expect((await u.client.get(API.withdrawals)).body.withdrawals[0]).toMatchObject({ id, status });
      expect(await t.app.services.ledger.balances(u.user.id)).toEqual(before);
      const kind = { approve: 'none', pay: 'withdrawal.paid', reject: 'withdrawal.rejected' }[decision];
      expect(await postings(u.user.id, kind)).toBe(0);
      expect(await auditActions(id)).toEqual(auditedBefore);
      await allowAudit(id);
      expect((await decide()).status).toBe(200);
      const action = { approve: 'withdrawal.approved', pay: 'withdrawal.paid', reject: 'withdrawal.rejected' }[
        decision
      ];
      expect(await auditActions(id)).toEqual([...auditedBefore, action]);
      await expectLedgerConsistent(t);
    },
  );

  it('ticket reply and close: a refused audit entry leaves the thread and its status as they were', async () => {
    const u = await signedInUser(t.app);
    const id = (await u.client.post(API.tickets, { subject: 'Help', message: 'Where is my deposit?' })).body.ticket
      .id as string;
    await refuseAudit(id);
    expect((await admin.client.post(`/admin/tickets/${id}/reply`, { message: 'Checking.' })).status).toBe(500);
    expect((await admin.client.post(`/admin/tickets/${id}/close`)).status).toBe(500);
    const thread = (await u.client.get(`/tickets/${id}`)).body;
    expect(thread.ticket.status).toBe('open');
    expect(thread.messages).toHaveLength(1);
    expect(await auditActions(id)).toEqual([]);
    await allowAudit(id);
    expect((await admin.client.post(`/admin/tickets/${id}/reply`, { message: 'Checking.' })).body.ticket.status).toBe(
      'pending',
    );
    expect(await auditActions(id)).toEqual(['ticket.reply']);
  });
});
