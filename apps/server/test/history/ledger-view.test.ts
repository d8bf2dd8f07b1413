import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, LEDGER_API, LEDGER_MSG, fromDecimalString, type LedgerLine } from '@svp/shared';
import { buildTestApp, invest, signedInAdmin, signedInUser, topUp, type TestApp } from '../helpers.js';
import { signedInWithRoles } from '../operator/operator-kit.js';

// The History page as a ledger: filters, pages, running balances, details with references; each user their own.

let t: TestApp;
let u: Awaited<ReturnType<typeof signedInUser>>;
let other: Awaited<ReturnType<typeof signedInUser>>;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

const page = async (client: typeof u.client, query: string) => {
  const res = await client.get(`${API.history}?${query}`);
  expect(res.status, res.raw).toBe(200);
  return res.body as { items: LedgerLine[]; nextCursor: string | null; lines?: string[] };
};
const entryPath = (id: string) => LEDGER_API.entry.replace(':transactionId', id);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInAdmin(t);
  u = await signedInUser(t.app);
  other = await signedInUser(t.app, '10.0.1.2');
  await topUp(u.client, '100');
  expect((await invest(u.client, 'standard', '10')).status).toBe(200);
  for (const [path, body] of [
    [API.stakingConvert, { direction: 'toFund', amount: '4' }],
    [API.stakingBuy, { amount: '2' }],
    [API.rewardsWelcome, {}],
  ] as const) {
    const res = await u.client.post(path, body);
    expect(res.status, res.raw).toBe(200);
  }
  await topUp(other.client, '20');
});
afterAll(() => t.close());

describe('the ledger view', () => {
  it('shows each line with signed amounts in their asset and each account’s balance after it', async () => {
    const all = await page(u.client, '');
    expect(all.items.map((l) => l.title)).toEqual([
      'Welcome reward',
      'SVP bought',
      'Fund conversion',
      'Plan started',
      'Top-up',
    ]);
    // The plain query still gives the statement's sentences, as the dashboard has always read them.
    expect(all.lines).toHaveLength(5);
    const invested = all.items.find((l) => l.kind === 'investment.start')!;
    expect(invested.changes).toEqual([
      { account: 'usd.balance', label: 'Balance', asset: 'USD', amount: '-10', balanceAfter: '90' },
      { account: 'usd.invested', label: 'Invested amount', asset: 'USD', amount: '10', balanceAfter: '10' },
    ]);
    const bought = all.items.find((l) => l.kind === 'staking.buy')!;
    expect(bought.changes).toEqual([
      { account: 'usd.fund', label: 'Fund balance', asset: 'USD', amount: '-2', balanceAfter: '2' },
      { account: 'svp.wallet', label: 'Token wallet', asset: 'SVP', amount: '200000', balanceAfter: '200000' },
    ]);
    // Running balance: each line's balance after is the one before it plus what it moved, down to today's balance.
    const balanceLines = all.items.flatMap((l) => l.changes.filter((c) => c.account === 'usd.balance'));
    for (let i = 0; i + 1 < balanceLines.length; i++) {
      const newer = balanceLines[i]!;
      const older = balanceLines[i + 1]!;
      expect(fromDecimalString(older.balanceAfter, 'USD') + fromDecimalString(newer.amount, 'USD')).toBe(
        fromDecimalString(newer.balanceAfter, 'USD'),
      );
    }
    const me = (await u.client.get(API.me)).body.user;
    expect(balanceLines[0]!.balanceAfter).toBe(String(me.balance));
  });

  it('filters by kind, asset, dates and search, and keeps the balance after each line whatever is hidden', async () => {
    expect((await page(u.client, 'kind=topups')).items.map((l) => l.kind)).toEqual(['deposit']);
    expect((await page(u.client, 'asset=SVP')).items.map((l) => l.kind)).toEqual(['staking.buy']);
    const coins = await page(u.client, 'asset=COIN');
    expect(coins.items.map((l) => l.changes.map((c) => c.asset))).toEqual([['COIN']]);
    // Filtered by kind, the top-up's balance after is still the balance it left, not a sum of what is shown.
    const topup = (await page(u.client, 'kind=topups&asset=USD')).items[0]!;
    expect(topup.changes).toEqual([
      { account: 'usd.balance', label: 'Balance', asset: 'USD', amount: '100', balanceAfter: '100' },
    ]);
    expect((await page(u.client, 'q=standard')).items.map((l) => l.kind)).toEqual(['investment.start']);
    expect((await page(u.client, 'q=referral')).items).toEqual([]);
    expect((await page(u.client, 'q=welcome')).items.map((l) => l.kind)).toEqual(['coins.welcome']);
    // An amount, as a person types it.
    expect((await page(u.client, 'q=%2410.00')).items.map((l) => l.kind)).toEqual(['investment.start']);
    const today = new Date(Date.parse((await page(u.client, '')).items[0]!.createdAt)).toISOString().slice(0, 10);
    expect((await page(u.client, `from=${today}&to=${today}`)).items).toHaveLength(5);
    expect((await page(u.client, 'to=2020-01-01')).items).toEqual([]);
    expect((await page(u.client, 'from=2999-01-01')).items).toEqual([]);
    // A filtered page gives no sentences: they are the unfiltered statement's.
    expect((await page(u.client, 'kind=topups')).lines).toBeUndefined();
  });

  it('pages by cursor: pages do not overlap and together make the whole view', async () => {
    const whole = (await page(u.client, '')).items.map((l) => l.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const next = await page(u.client, `limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(next.items.length).toBeLessThanOrEqual(2);
      seen.push(...next.items.map((l) => l.id));
      cursor = next.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual(whole);
    expect(pages).toBe(3);
  });

  it('refuses bad filters with a 400 that says what is wrong, never a 5xx', async () => {
    const cases: [string, string][] = [
      ['kind=nope', LEDGER_MSG.kind],
      ['asset=EUR', LEDGER_MSG.asset],
      ['from=2026-13-45', LEDGER_MSG.date],
      ['to=yesterday', LEDGER_MSG.date],
      ['from=2026-03-05&to=2026-03-01', LEDGER_MSG.range],
      ['cursor=abc', LEDGER_MSG.cursor],
      ['cursor=99999999999999999999', LEDGER_MSG.cursor],
      ['cursor=9223372036854775808', LEDGER_MSG.cursor],
      ['limit=0', LEDGER_MSG.limit],
      ['limit=101', LEDGER_MSG.limit],
      ['limit=ten', LEDGER_MSG.limit],
      [`q=${'x'.repeat(101)}`, LEDGER_MSG.search],
    ];
    for (const [query, message] of cases) {
      const res = await u.client.get(`${API.history}?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.message, query).toBe(message);
    }
    const csv = await u.client.get(`${API.historyCsv}?kind=nope`);
    expect(csv.status).toBe(400);
    // Search text is text, never a pattern or SQL.
    for (const q of ['%', '_', "'; drop table users; --", '\\', '0x']) {
      const res = await u.client.get(`${API.history}?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(res.body.items, q).toEqual([]);
    }
  });

  it('exports the filtered view as CSV', async () => {
    const res = await u.client.get(`${API.historyCsv}?kind=plans`);
    expect(res.status).toBe(200);
    const rows = res.raw.trim().split('\n');
    expect(rows[0]).toBe('date,transaction,kind,account,asset,amount,description,memo');
    expect(rows.slice(1).map((r) => r.split(',').slice(2, 6).join(','))).toEqual([
      'investment.start,usd.invested,USD,10',
      'investment.start,usd.balance,USD,-10',
    ]);
  });
});

describe('a transaction’s details', () => {
  it('gives the deposit’s chain transaction and the plan an investment started', async () => {
    const { items } = await page(u.client, '');
    const deposit = await u.client.get(entryPath(items.find((l) => l.kind === 'deposit')!.id));
    expect(deposit.status).toBe(200);
    expect(deposit.body.title).toBe('Top-up');
    expect(deposit.body.references).toEqual([
      { label: 'Deposit transaction', value: expect.stringMatching(/^0x[0-9a-f]{64}$/i), type: 'hash' },
    ]);
    expect(deposit.body.changes).toEqual([
      { account: 'usd.balance', label: 'Balance', asset: 'USD', amount: '100', balanceAfter: '100' },
    ]);
    const plan = await u.client.get(entryPath(items.find((l) => l.kind === 'investment.start')!.id));
    expect(plan.body.references).toEqual([{ label: 'Plan', value: 'Standard, $10.00 for 45 days', type: 'text' }]);
  });

  it('shows a user only their own transactions: another user’s ids give nothing', async () => {
    const mine = (await page(u.client, '')).items[0]!.id;
    const theirs = (await page(other.client, '')).items[0]!.id;
    for (const id of [theirs, '9223372036854775807']) {
      const res = await u.client.get(entryPath(id));
      expect(res.status, id).toBe(404);
      expect(res.body.error.message).toBe(LEDGER_MSG.transaction);
    }
    expect((await other.client.get(entryPath(mine))).status).toBe(404);
    // Nor does a cursor reach into someone else's ledger: it only says where to start in one's own.
    const below = await page(u.client, `cursor=${BigInt(theirs) + 1n}`);
    expect(below.items.every((l) => l.kind !== 'deposit' || l.id !== theirs)).toBe(true);
    expect((await u.client.get(entryPath('abc'))).status).toBe(400);
  });
});

describe('an admin’s view of a user’s ledger', () => {
  it('is the user’s own view, for users.read, and 404 for an unknown user', async () => {
    const path = LEDGER_API.adminUserHistory.replace(':id', u.user.id);
    const res = await admin.client.get(`${path}?kind=plans`);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.items).toEqual((await page(u.client, 'kind=plans')).items);
    const support = await signedInWithRoles(t, ['support']);
    expect((await support.client.get(path)).status).toBe(200);
    const detail = LEDGER_API.adminUserEntry.replace(':id', u.user.id).replace(':transactionId', res.body.items[0].id);
    expect((await support.client.get(detail)).body.references[0].label).toBe('Plan');
    const unknown = LEDGER_API.adminUserHistory.replace(':id', '00000000-0000-4000-8000-000000000000');
    expect((await admin.client.get(unknown)).status).toBe(404);
    expect((await admin.client.get(`${path}?asset=EUR`)).status).toBe(400);
    // A user cannot read it, not even their own.
    expect((await u.client.get(path)).status).toBe(403);
  });
});
