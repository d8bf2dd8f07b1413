import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API, MSG } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import { primaryReads } from '../../src/db/read-replica.js';
import { createHistoryService } from '../../src/modules/history/history.service.js';
import {
  buildTestApp,
  Client,
  invest,
  PASSWORD,
  registerUser,
  signedInUser,
  topUp,
  type TestApp,
  expectLedgerConsistent,
} from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function referredUser(code: string) {
  const client = new Client(t.app, `10.20.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`);
  const creds = await registerUser(client, { referralCode: code });
  const login = await client.post(API.login, { email: creds.email, password: PASSWORD });
  return { client, user: login.body.user };
}

describe('referral code', () => {
  it('generates a code once and shows it afterwards', async () => {
    const { client } = await signedInUser(t.app);
    expect((await client.get(API.referral)).body.referralCode).toBeNull();
    const res = await client.post(API.referral, { source: 'generate', referralCode: '' });
    expect(res.status).toBe(200);
    expect(res.body.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    expect((await client.get(API.referral)).body.referralCode).toBe(res.body.referralCode);
    const again = await client.post(API.referral, { source: 'custom', referralCode: 'another' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(MSG.referral.alreadySet);
  });

  it('trims a custom code and keeps only letters, digits and underscores', async () => {
    const { client } = await signedInUser(t.app);
    const res = await client.post(API.referral, { source: 'custom', referralCode: '  my-code!_1 ' });
    expect(res.body.referralCode).toBe('mycode_1');
  });

  it('says so when nothing remains, or when the code is taken (whatever its case)', async () => {
    const a = await signedInUser(t.app);
    const empty = await a.client.post(API.referral, { source: 'custom', referralCode: ' !!! ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(MSG.referral.customInvalid);
    await a.client.post(API.referral, { source: 'custom', referralCode: 'Taken_Code' });
    const b = await signedInUser(t.app);
    const taken = await b.client.post(API.referral, { source: 'custom', referralCode: 'taken_code' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(MSG.referral.taken);
  });
});

describe('referral bonus (default rule: $1 + 100,000 SVP each on the first investment)', () => {
  it('renders the sign-up text from the rule', async () => {
    const config = (await new Client(t.app).get(API.config)).body;
    expect(config.referralText).toBe(
      'Invite a friend with your referral code: when they start their first investment, you each receive $1 plus 100,000 SVP tokens.',
    );
  });

  it('pays both people once, when the referred user starts the first investment only', async () => {
    const referrer = await signedInUser(t.app);
    await referrer.client.post(API.referral, { source: 'custom', referralCode: 'BONUS_ONCE' });
    const friend = await referredUser('bonus_once');
    await topUp(friend.client, '100');
    const earnings = async (c: Client) => (await c.get(API.earnings)).body.earnings;
    expect(await earnings(friend.client)).toBe('0');
    expect((await invest(friend.client, 'standard', '10')).status).toBe(200);
    expect(await earnings(friend.client)).toBe('1');
    expect(await earnings(referrer.client)).toBe('1');
    const svp = async (id: string) => (await t.app.services.ledger.balances(id)).get('svp.wallet');
    expect(await svp(friend.user.id)).toBe(100_000n);
    expect(await svp(referrer.user.id)).toBe(100_000n);
    // A second plan later pays nothing more.
    expect((await friend.client.post(API.withdrawals, { kind: 'break' })).status).toBe(200);
    expect((await invest(friend.client, 'standard', '10')).status).toBe(200);
    expect(await earnings(friend.client)).toBe('1');
    expect(await earnings(referrer.client)).toBe('1');
    await expectLedgerConsistent(t);
  });

  it('pays nothing to users who came without a code', async () => {
    const { client } = await signedInUser(t.app);
    await topUp(client, '20');
    await invest(client, 'standard', '10');
    expect((await client.get(API.earnings)).body.earnings).toBe('0');
  });

  it('pays the referral pair once under 20 concurrent first investments', async () => {
    const referrer = await signedInUser(t.app);
    await referrer.client.post(API.referral, { source: 'custom', referralCode: 'RACE_PAIR' });
    const friend = await referredUser('RACE_PAIR');
    await topUp(friend.client, '1000');
    const results = await Promise.all(Array.from({ length: 20 }, () => invest(friend.client, 'standard', '10')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect((await referrer.client.get(API.earnings)).body.earnings).toBe('1');
  });
});

describe('referral bonus on sign-up (REFERRAL_RULE=signup)', () => {
  it('pays $5 each at registration', async () => {
    const other = await buildTestApp({ REFERRAL_RULE: 'signup', REFERRAL_BONUS_USD: '5', REFERRAL_BONUS_SVP: '0' });
    try {
      const referrer = await signedInUser(other.app);
      await referrer.client.post(API.referral, { source: 'custom', referralCode: 'SIGNUP5' });
      const client = new Client(other.app, '10.30.0.1');
      const creds = await registerUser(client, { referralCode: 'SIGNUP5' });
      await client.post(API.login, { email: creds.email, password: PASSWORD });
      expect((await client.get(API.earnings)).body.earnings).toBe('5');
      expect((await referrer.client.get(API.earnings)).body.earnings).toBe('5');
      expect((await client.get(API.config)).body.referralText).toBe(
        'Invite a friend with your referral code: when they sign up, you each receive $5.',
      );
    } finally {
      await other.close();
    }
  });
});

describe('history', () => {
  it("lists the user's own statement newest first and exports it as CSV", async () => {
    const { client } = await signedInUser(t.app);
    await topUp(client, '50');
    await invest(client, 'gold', '50');
    const lines = (await client.get(API.history)).body.lines;
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/ UTC — Invested in the Gold plan for 45 days: \$50\.00 from your balance$/);
    expect(lines[1]).toMatch(
      / UTC — Top-up received: \$50\.00 added to your balance \(53\.00 USDT paid, \$3\.00 fee\)$/,
    );
    const csv = await client.request({ method: 'GET', url: '/api/v1' + API.historyCsv });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.raw.split('\n')[0]).toBe('date,transaction,kind,account,asset,amount,description,memo');
    expect(csv.raw).toContain(',usd.invested,USD,50,');
    const stranger = await signedInUser(t.app);
    expect((await stranger.client.get(API.history)).body.lines).toEqual([]);
  });

  it('shows on the dashboard the newest 20 lines of the full statement, updated by every posting', async () => {
    const { client } = await signedInUser(t.app);
    await topUp(client, '100');
    const dashboardLines = async () => ((await client.get(API.me)).body.user.history as string).split('\n');
    const statement = async () => (await client.get(API.history)).body.lines as string[];
    for (let i = 1; i <= 24; i++) {
      // $1 to the fund and back, then $3 and back, ...: every convert is a new line.
      const [direction, amount] = i % 2 ? ['toFund', i] : ['toBalance', i - 1];
      expect((await client.post(API.stakingConvert, { direction, amount: `${amount}` })).status).toBe(200);
      if (i % 8 === 0)
        expect((await dashboardLines())[0]).toContain(`$${amount}.00 moved from your fund balance to your balance`);
    }
    const lines = await dashboardLines();
    expect(lines).toHaveLength(20);
    expect(lines).toEqual((await statement()).slice(0, 20));
    expect((await statement()).at(-1)).toMatch(/Top-up received/);
  });

  it('answers from the cache while the entry count is unchanged, and reads again once it moves', async () => {
    const { client, user } = await signedInUser(t.app);
    await topUp(client, '10');
    const history = createHistoryService(t.database.db, primaryReads(t.database.db));
    const count = async () =>
      (
        await queryRows<{ n: string }>(
          t.database.db,
          sql`select sum(entry_count)::text as n from accounts where owner = ${user.id}`,
        )
      )[0]!.n;
    const first = await history.lines(user.id, 20, await count());
    // The same count: the very same lines, not read again.
    expect(await history.lines(user.id, 20, await count())).toBe(first);
    expect(await client.post(API.stakingConvert, { direction: 'toFund', amount: '1' })).toMatchObject({ status: 200 });
    const after = await history.lines(user.id, 20, await count());
    expect(after).not.toBe(first);
    expect(after).toHaveLength(first.length + 1);
    // Without a count to compare (the /history page), it always reads.
    expect(await history.lines(user.id, 20)).not.toBe(after);
  });
});
