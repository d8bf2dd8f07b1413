import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import { buildTestApp, invest, signedInUser, topUp, type TestApp, expectLedgerConsistent } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function fundedUser(amount: string) {
  const u = await signedInUser(t.app);
  await topUp(u.client, amount);
  return u;
}

describe('plans and investing', () => {
  it('lists the four plans with their payout ratios and the two durations', async () => {
    const { client } = await signedInUser(t.app);
    const res = await client.get(API.plans);
    expect(
      res.body.plans.map((p: { name: string; minAmount: string; ratios: Record<string, string> }) => [
        p.name,
        p.minAmount,
        p.ratios['45'],
      ]),
    ).toEqual([
      ['Standard', '10', '2.25'],
      ['Silver', '20', '2.25'],
      ['Gold', '50', '1.8'],
      ['Platinum', '100', '1.8'],
    ]);
    expect(res.body.durations).toEqual([
      { days: 45, enabled: true },
      { days: 120, enabled: false },
    ]);
  });

  it('starts a plan: the server computes expected withdrawal and profit and moves balance → invested', async () => {
    const { client } = await fundedUser('100');
    const res = await invest(client, 'standard', '10');
    expect(res.status).toBe(200);
    expect(res.body.investment).toMatchObject({
      plan: 'Standard',
      amount: '10',
      expectedWithdrawal: '22.5',
      expectedProfit: '12.5',
      days: 45,
      status: 'active',
    });
    const me = (await client.get(API.me)).body.user;
    expect(me).toMatchObject({ balance: '90', investedAmount: '10', tier: 'Standard', expectedWithdrawal: '22.5' });
    expect(Date.parse(me.end_time) - Date.parse(res.body.investment.startedAt)).toBe(45 * 86_400_000);
    expect(me.history).toContain('Invested in the Standard plan for 45 days');
  });

  it.each([
    ['no plan', { plan: '', duration: 45, amount: '10' }, MSG.invest.missingPlan],
    ['no duration', { plan: 'gold', duration: null, amount: '50' }, MSG.invest.missingPlan],
    ['an unknown plan', { plan: 'diamond', duration: 45, amount: '50' }, MSG.invest.missingPlan],
    ['the disabled 120 days', { plan: 'gold', duration: 120, amount: '50' }, MSG.invest.durationDisabled],
    ['an amount below the minimum', { plan: 'gold', duration: 45, amount: '49.99' }, 'Amount must be at least $50'],
    ['a malformed amount', { plan: 'silver', duration: 45, amount: 'lots' }, 'Amount must be at least $20'],
  ])('refuses %s with the spec message and moves nothing', async (_name, body, message) => {
    const { client } = await fundedUser('100');
    const res = await client.post(API.investments, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect((await client.get(API.me)).body.user.balance).toBe('100');
  });

  it('refuses more than the balance with "Insufficient balance."', async () => {
    const { client } = await fundedUser('30');
    const res = await invest(client, 'gold', '50');
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(MSG.invest.insufficient);
    expect((await client.get(API.investments)).body.investment).toBeNull();
  });

  it('allows one active plan, with the spec message naming it', async () => {
    const { client } = await fundedUser('100');
    expect((await invest(client, 'silver', '20')).status).toBe(200);
    const res = await invest(client, 'standard', '10');
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      'You already have an active Silver plan. Please wait until your current plan matures before starting a new one.',
    );
  });

  it('lets exactly one of 20 concurrent investments start', async () => {
    const { client } = await fundedUser('1000');
    const results = await Promise.all(Array.from({ length: 20 }, () => invest(client, 'standard', '10')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect((await client.get(API.me)).body.user.balance).toBe('990');
    await expectLedgerConsistent(t);
  });

  it('replays a repeated Idempotency-Key with one effect and refuses it for another body', async () => {
    const { client } = await fundedUser('100');
    const headers = { 'idempotency-key': 'invest-key-000001' };
    const body = { plan: 'standard', duration: 45, amount: '10' };
    const first = await client.post(API.investments, body, headers);
    const again = await client.post(API.investments, body, headers);
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await client.get(API.me)).body.user.balance).toBe('90');
    const other = await client.post(API.investments, { ...body, amount: '11' }, headers);
    expect(other.status).toBe(422);
  });
});

describe("a user's investments at any size", () => {
  it('are read through an index: the referral test of a first investment and the daily coins never scan the table', async () => {
    // With sequential scans priced out, a query with no usable index still scans: the plan shows it.
    const plans = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const explain = async (query: ReturnType<typeof sql>) =>
        (await queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${query}`)).map((r) => r['QUERY PLAN']).join('\n');
      const user = '00000000-0000-0000-0000-000000000001';
      return [
        await explain(sql`select count(*) from investments i where i.user_id = ${user}::uuid`),
        await explain(
          sql`select i.started_at, i.closed_at, p.daily_task from investments i join plans p on p.code = i.plan_code
              where i.user_id = ${user}::uuid`,
        ),
      ];
    });
    for (const plan of plans) {
      expect(plan).toContain('investments_user_idx');
      expect(plan).not.toMatch(/Seq Scan on investments/);
    }
  });
});
