import { assetAmountText, fromDecimalString, type Asset } from '@svp/shared';
import type { StatementEntry } from './history.repository.js';

/**
 * What a statement line says, in words a user reads: what happened, to which of their
 * balances, in the asset's own units and formatted as the rest of the UI formats them ("$58.65",
 * "200,000 SVP", "1,250.00 coins"). The only place that turns ledger postings into sentences: the History
 * page, the dashboard's newest lines and the CSV statement all read it.
 */

/** One posting as the user's own accounts saw it. */
export interface StatementTransaction {
  transactionId: bigint;
  createdAt: Date;
  kind: string;
  memo: string | null;
  changes: { code: string; asset: Asset; amount: bigint }[];
}

/** One line of the statement: a transaction, or a run of daily-coin accruals posted by one settlement. */
export interface StatementLine {
  createdAt: Date;
  description: string;
  transactionIds: bigint[];
}

/** The user's balances by name, as the dashboard calls them. */
const BALANCE_NAMES: Record<string, string> = {
  'usd.balance': 'balance',
  'usd.invested': 'invested amount',
  'usd.earnings': 'earnings',
  'usd.fund': 'fund balance',
  'usd.staking_earned': 'staking earnings',
  'usd.withdrawal_pending': 'pending withdrawals',
  'svp.wallet': 'token wallet',
  'svp.staked': 'staked tokens',
  'coin.coins': 'coins',
  'coin.daily': 'daily coins',
};

const balanceName = (code: string) => BALANCE_NAMES[code] ?? code.split('.').slice(1).join(' ').replace(/_/g, ' ');

/** An amount in its asset's units, without sign (the ledger view's own formatter). */
export const amountText = assetAmountText;

/** "$53.00" from a decimal in a memo ("53"), or null when it is not one. */
function usdFromText(text: string | undefined): string | null {
  if (!text) return null;
  try {
    return amountText(fromDecimalString(text, 'USD'), 'USD');
  } catch {
    return null;
  }
}

const DAY_RE = /\d{4}-\d{2}-\d{2}/g;
const dayText = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });

/** "0x1234…abcd" for a transaction hash. */
const shortHash = (hash: string) => (hash.length > 14 ? `${hash.slice(0, 6)}…${hash.slice(-4)}` : hash);

function describeOne(tx: StatementTransaction): string {
  const memo = tx.memo ?? '';
  const change = (code: string) => tx.changes.find((c) => c.code === code);
  const amountOf = (code: string) => change(code)?.amount ?? 0n;
  const text = (code: string) => {
    const c = change(code);
    return c ? amountText(c.amount, c.asset) : '';
  };
  /** The change on the account the posting credited or debited first, for one-account postings. */
  const only = tx.changes.length === 1 ? tx.changes[0] : undefined;

  switch (tx.kind) {
    case 'deposit': {
      const m = /Top-up received: ([\d.]+) USDT, fee ([\d.]+)/.exec(memo);
      const received = m ? usdFromText(m[1]) : null;
      const fee = m ? usdFromText(m[2]) : null;
      const detail = received && fee ? ` (${received.slice(1)} USDT paid, ${fee} fee)` : '';
      return `Top-up received: ${text('usd.balance')} added to your balance${detail}`;
    }
    case 'investment.start': {
      const m = /in the (.+) plan for (\d+) days/.exec(memo);
      const what = m ? ` in the ${m[1]} plan for ${m[2]} days` : '';
      return `Invested${what}: ${text('usd.invested')} from your balance`;
    }
    case 'investment.to-balance':
      return `${text('usd.balance')} from your matured plan moved to your balance`;
    case 'withdrawal.request':
      return `${text('usd.withdrawal_pending')} withdrawal requested from your matured plan, to your wallet`;
    case 'withdrawal.break':
      return `${text('usd.withdrawal_pending')} withdrawal requested after breaking your plan early, to your wallet`;
    case 'withdrawal.paid': {
      const hash = /sent in (0x[0-9a-fA-F]+)/.exec(memo)?.[1];
      const pending = text('usd.withdrawal_pending');
      return `Withdrawal paid: ${pending} sent to your wallet${hash ? ` (transaction ${shortHash(hash)})` : ''}`;
    }
    case 'withdrawal.rejected': {
      const reason = /^Withdrawal rejected \((.*)\): /s.exec(memo)?.[1]?.trim();
      return `Withdrawal rejected${reason ? ` (${reason.replace(/\.+$/, '')})` : ''}: ${text('usd.balance')} returned to your balance`;
    }
    case 'admin.adjustment': {
      const reason = memo.replace(/^Adjustment by support:\s*/, '').trim();
      if (!only) break;
      const credit = only.amount > 0n;
      const moved = `${amountText(only.amount, only.asset)} ${credit ? 'added to' : 'taken from'} your ${balanceName(only.code)}`;
      return `Adjustment by support: ${moved}${reason ? ` (reason: ${reason})` : ''}`;
    }
    case 'referral.bonus': {
      const parts = tx.changes
        .filter((c) => c.amount > 0n)
        .map((c) => `${amountText(c.amount, c.asset)} to your ${balanceName(c.code)}`);
      return `Referral bonus: ${parts.join(' and ')}`;
    }
    case 'staking.yield':
      return `${text('usd.staking_earned')} staking earnings accrued`;
    case 'staking.release':
      return `${text('svp.wallet')} back in your token wallet: your stake ended`;
    case 'staking.convert':
      return amountOf('usd.fund') > 0n
        ? `${text('usd.fund')} moved from your balance to your fund balance`
        : `${text('usd.balance')} moved from your fund balance to your balance`;
    case 'staking.buy':
      return `${text('svp.wallet')} bought for ${text('usd.fund')} from your fund balance`;
    case 'staking.sell':
      return `${text('svp.wallet')} sold for ${text('usd.fund')}, paid into your fund balance`;
    case 'staking.stake': {
      const days = /for (\d+) days/.exec(memo)?.[1];
      return `${text('svp.staked')} staked${days ? ` for ${days} days` : ''}, from your token wallet`;
    }
    case 'staking.earned-to-balance':
      return `${text('usd.balance')} of staking earnings moved to your balance as a new stake started`;
    case 'staking.withdraw-earned':
      return `${text('usd.balance')} of staking earnings moved to your balance`;
    case 'staking.transfer': {
      const m = /^Fund transfer from (.*) to (.*)$/.exec(memo);
      const fund = amountOf('usd.fund');
      if (fund < 0n) return `${text('usd.fund')} sent from your fund balance${m ? ` to ${m[2]}` : ''}`;
      return `${text('usd.fund')} received in your fund balance${m ? ` from ${m[1]}` : ''}`;
    }
    case 'coins.daily-claim':
      return `${text('coin.coins').replace(/ coins$/, ' daily coins')} claimed into your coins`;
    case 'coins.welcome':
      return `${text('coin.coins')} added to your coins: welcome reward`;
    case 'bot.activation':
      return amountOf('usd.balance') < 0n
        ? `Trading bot activated for ${text('usd.balance')} from your balance`
        : `Trading bot activated for ${text('coin.coins')}`;
    case 'bot.upkeep':
      return `${text('coin.coins')} paid for the trading bot's daily upkeep`;
    case 'coins.taps': {
      const taps = /Saved (\d+) taps/.exec(memo)?.[1];
      const count = taps ? ` from ${Number(taps).toLocaleString('en-US')} taps` : '';
      return `${text('coin.coins')} saved${count} in the daily task`;
    }
  }
  // A posting this file does not know yet: its own memo, then each balance it moved, in words.
  const moves = tx.changes.map(
    (c) => `${amountText(c.amount, c.asset)} ${c.amount >= 0n ? 'added to' : 'taken from'} your ${balanceName(c.code)}`,
  );
  const head = memo || tx.kind;
  return moves.length ? `${head}: ${moves.join(', ')}` : head;
}

/** A run of daily-coin accruals: "150.00 daily coins earned for 3 days, Mar 1, 2026 to Mar 3, 2026". */
function describeDaily(run: StatementTransaction[]): string {
  const total = run.reduce(
    (sum, tx) => sum + tx.changes.filter((c) => c.code === 'coin.daily').reduce((s, c) => s + c.amount, 0n),
    0n,
  );
  const perMemo = run.map((tx) => tx.memo?.match(DAY_RE) ?? []);
  const days = perMemo.flat().sort();
  const amount = `${amountText(total, 'COIN').replace(/ coins$/, '')} daily coins earned`;
  if (days.length === 0) return amount;
  const first = days[0]!;
  const last = days[days.length - 1]!;
  if (first === last) return `${amount} for ${dayText(first)}`;
  // One posting per day (each memo names its day): the number of days is the number of postings.
  const count = perMemo.every((d) => d.length === 1) ? `${run.length} days, ` : '';
  return `${amount} for ${count}${dayText(first)} to ${dayText(last)}`;
}

/** Daily-coin accruals posted together (one settlement) are at most this far apart. */
const SETTLEMENT_SPAN_MS = 60_000;
const DAILY_COINS = 'coins.daily';

/** The user's entries (newest first), one transaction each, in the order read. */
export function toTransactions(rows: StatementEntry[]): StatementTransaction[] {
  const byTx = new Map<bigint, StatementTransaction>();
  for (const r of rows) {
    let tx = byTx.get(r.transactionId);
    if (!tx) {
      tx = { transactionId: r.transactionId, createdAt: r.createdAt, kind: r.kind, memo: r.memo, changes: [] };
      byTx.set(r.transactionId, tx);
    }
    tx.changes.push({ code: r.code, asset: r.asset as Asset, amount: r.amount });
  }
  return [...byTx.values()];
}

/**
 * The statement's lines, newest first: one per transaction, except that the daily-coin accruals one
 * settlement posted (one per day since the last visit: after an absence, dozens) make one line.
 */
export function statementLinesOf(transactions: StatementTransaction[]): StatementLine[] {
  const lines: StatementLine[] = [];
  let run: StatementTransaction[] = [];
  const flush = () => {
    if (run.length === 0) return;
    lines.push({
      createdAt: run[0]!.createdAt,
      description: describeDaily(run),
      transactionIds: run.map((t) => t.transactionId),
    });
    run = [];
  };
  for (const tx of transactions) {
    if (tx.kind === DAILY_COINS) {
      const previous = run[run.length - 1];
      if (previous && Math.abs(previous.createdAt.getTime() - tx.createdAt.getTime()) > SETTLEMENT_SPAN_MS) flush();
      run.push(tx);
      continue;
    }
    flush();
    lines.push({ createdAt: tx.createdAt, description: describeOne(tx), transactionIds: [tx.transactionId] });
  }
  flush();
  return lines;
}
