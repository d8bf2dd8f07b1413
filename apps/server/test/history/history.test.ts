import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DAY_MS } from '@svp/shared';
import { csvStatement } from '../../src/modules/history/history.csv.js';
import type { StatementEntry } from '../../src/modules/history/history.repository.js';
import { statementLines } from '../../src/modules/history/history.service.js';
import { systemAccount, userAccount } from '../../src/modules/ledger/ledger.service.js';
import {
  adminSignIn,
  buildTestApp,
  invest,
  signedInAdmin,
  signedInUser,
  topUp,
  type TestApp,
  travelAndSignIn,
} from '../helpers.js';

// History is written for people, not for the ledger.

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

type SignedIn = Awaited<ReturnType<typeof signedInUser>>;
/** The statement without its time stamps ("2026-03-02 09:00 UTC — "). */
const sentences = async (u: SignedIn) =>
  ((await u.client.get(API.history)).body.lines as string[]).map((l) => l.replace(/^.* UTC — /, ''));
async function travel(u: SignedIn, ms: number) {
  await travelAndSignIn(t, u, ms);
  await adminSignIn(t, admin.client, admin);
}

describe('history lines', () => {
  it('says what happened, to which balance, in the units of the asset', async () => {
    const u = await signedInUser(t.app);
    const other = await signedInUser(t.app, '10.0.1.2');
    await topUp(u.client, '100');
    expect((await invest(u.client, 'standard', '10')).status).toBe(200);
    const post = async (path: string, body: object) => {
      const res = await u.client.post(path, body);
      expect(res.status, res.raw).toBe(200);
    };
    await post(API.stakingConvert, { direction: 'toFund', amount: '4' });
    await post(API.stakingBuy, { amount: '2' });
    await post(API.stakingStake, { tokens: '200000' });
    await post(API.stakingTransfer, { recipient: other.user.username, amount: '1' });
    await post(API.stakingConvert, { direction: 'toBalance', amount: '0.5' });
    await post(API.rewardsWelcome, {});

    expect(await sentences(u)).toEqual([
      '20,000.00 coins added to your coins: welcome reward',
      '$0.50 moved from your fund balance to your balance',
      `$1.00 sent from your fund balance to ${other.user.username}`,
      '200,000 SVP staked for 60 days, from your token wallet',
      '200,000 SVP bought for $2.00 from your fund balance',
      '$4.00 moved from your balance to your fund balance',
      'Invested in the Standard plan for 45 days: $10.00 from your balance',
      'Top-up received: $100.00 added to your balance (103.00 USDT paid, $3.00 fee)',
    ]);
    expect((await sentences(other))[0]).toBe(`$1.00 received in your fund balance from ${u.user.username}`);
    // The dashboard's newest lines are the same sentences.
    const me = (await u.client.get(API.me)).body.user.history as string;
    expect(me.split('\n')[0]).toMatch(
      /^2026-03-02 \d\d:\d\d UTC — 20,000\.00 coins added to your coins: welcome reward$/,
    );
  });

  it('describes a withdrawal request and its rejection by the amounts the user sees', async () => {
    const u = await signedInUser(t.app);
    await topUp(u.client, '10');
    expect((await invest(u.client, 'standard', '10')).status).toBe(200);
    const res = await u.client.post(API.withdrawals, { kind: 'break' });
    expect(res.status).toBe(200);
    const rejected = await admin.client.post(`/admin/withdrawals/${res.body.withdrawal.id}/reject`, {
      reason: 'Wallet flagged.',
    });
    expect(rejected.status).toBe(200);
    const lines = await sentences(u);
    expect(lines.slice(0, 2)).toEqual([
      'Withdrawal rejected (Wallet flagged): $10.00 returned to your balance',
      '$1.40 withdrawal requested after breaking your plan early, to your wallet',
    ]);
    expect(lines.join('\n')).not.toMatch(/withdrawal_pending|usd\.|[-+]\d/);
  });

  it('shows the daily coins of one settlement as one line, and keeps every day in the CSV', async () => {
    const u = await signedInUser(t.app);
    await topUp(u.client, '10');
    expect((await invest(u.client, 'standard', '10')).status).toBe(200);
    await travel(u, 44 * DAY_MS);
    expect((await u.client.get(API.me)).status).toBe(200); // a read settles the days since
    const lines = await sentences(u);
    const daily = lines.filter((l) => /daily coins/i.test(l));
    expect(daily).toHaveLength(1);
    expect(daily[0]).toMatch(/^[\d,]+\.00 daily coins earned for /);
    expect(lines.join('\n')).not.toContain('Daily coins for');
    const days = BigInt((await u.client.get(API.rewards)).body.dailyCoins);
    expect(daily[0]).toContain(`${Number(days).toLocaleString('en-US')}.00 daily coins`);

    const csv = (await u.client.request({ method: 'GET', url: '/api/v1' + API.historyCsv })).raw.trim().split('\n');
    expect(csv[0]).toBe('date,transaction,kind,account,asset,amount,description,memo');
    const dailyRows = csv.filter((r) => r.includes(',coin.daily,'));
    expect(dailyRows.length).toBeGreaterThan(0);
    // Exact amounts per entry, each with the description of the line it belongs to.
    const sum = dailyRows.reduce((s, r) => s + Number(r.split(',')[5]), 0);
    expect(sum).toBe(Number(days));
    for (const row of dailyRows) expect(row).toContain(`"${daily[0]}"`);
    expect(csv.find((r) => r.includes(',usd.invested,'))).toContain(
      ',usd.invested,USD,10,"Invested in the Standard plan for 45 days: $10.00 from your balance",',
    );

    // The export is streamed a page at a time: pages of 5 entries cut the settlement's run of daily coins,
    // and every row still carries the whole line's description, exactly as in one page.
    let paged = '';
    for await (const chunk of csvStatement(t.database.db, u.user.id, 5)) paged += String(chunk);
    expect(paged.trim().split('\n')).toEqual(csv);
  });

  it('says who adjusted what and why', async () => {
    const u = await signedInUser(t.app);
    const url = `/admin/users/${u.user.id}/adjustments`;
    const adjust = (body: object) => admin.client.post(url, body);
    expect((await adjust({ account: 'svp.wallet', direction: 'credit', amount: '1500', reason: 'Promo' })).status).toBe(
      200,
    );
    expect((await adjust({ account: 'svp.wallet', direction: 'debit', amount: '500', reason: 'Typo' })).status).toBe(
      200,
    );
    expect(await sentences(u)).toEqual([
      'Adjustment by support: 500 SVP taken from your token wallet (reason: Typo)',
      'Adjustment by support: 1,500 SVP added to your token wallet (reason: Promo)',
    ]);
  });

  it('keeps a formula out of the CSV', async () => {
    const u = await signedInUser(t.app);
    await t.app.services.ledger.post({
      kind: 'test.formula',
      idempotencyKey: `test-formula:${u.user.id}`,
      memo: '=HYPERLINK("http://evil")',
      legs: [
        { account: systemAccount('coin.issuance'), amount: -100n },
        { account: userAccount(u.user.id, 'coin.coins'), amount: 100n },
      ],
    });
    const csv = (await u.client.request({ method: 'GET', url: '/api/v1' + API.historyCsv })).raw;
    expect(csv).toContain(
      `"'=HYPERLINK(""http://evil""): 1.00 coins added to your coins","'=HYPERLINK(""http://evil"")"`,
    );
  });
});

describe('statement lines (unit)', () => {
  const at = (ms: number) => new Date(Date.UTC(2026, 2, 2) + ms);
  let id = 1000n;
  const daily = (day: string, ms: number): StatementEntry => ({
    transactionId: id--,
    createdAt: at(ms),
    kind: 'coins.daily',
    memo: `Daily coins for ${day}`,
    code: 'coin.daily',
    asset: 'COIN',
    amount: 100_000n,
  });

  it('groups one settlement (postings moments apart), not two settlements a day apart', () => {
    const rows = [
      daily('2026-03-03', DAY_MS + 5),
      daily('2026-03-02', DAY_MS + 4),
      daily('2026-03-01', DAY_MS),
      daily('2026-02-28', 0),
    ];
    expect(statementLines(rows, 10).map((l) => l.description)).toEqual([
      '3,000.00 daily coins earned for 3 days, Mar 1, 2026 to Mar 3, 2026',
      '1,000.00 daily coins earned for Feb 28, 2026',
    ]);
  });

  it('drops a line the read may have cut, unless it is the only one', () => {
    const rows = [daily('2026-03-03', 5), daily('2026-03-02', 4)];
    expect(statementLines(rows, 10, false)).toHaveLength(1);
    const other: StatementEntry = {
      ...daily('x', 9),
      kind: 'coins.taps',
      memo: 'Saved 8 taps (2 coins)',
      code: 'coin.coins',
      amount: 200n,
    };
    expect(statementLines([other, ...rows], 10, false).map((l) => l.description)).toEqual([
      '2.00 coins saved from 8 taps in the daily task',
    ]);
  });

  it('names balances and amounts even for a posting it does not know', () => {
    const rows: StatementEntry[] = [
      {
        transactionId: 1n,
        createdAt: at(0),
        kind: 'new.thing',
        memo: null,
        code: 'usd.fund',
        asset: 'USD',
        amount: -1_234_567_890n,
      },
      {
        transactionId: 1n,
        createdAt: at(0),
        kind: 'new.thing',
        memo: null,
        code: 'svp.staked',
        asset: 'SVP',
        amount: 5n,
      },
    ];
    expect(statementLines(rows, 10)[0]!.description).toBe(
      'new.thing: $1,234.57 taken from your fund balance, 5 SVP added to your staked tokens',
    );
  });
});
