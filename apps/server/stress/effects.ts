import type pg from 'pg';
import { outcomeOf, type OpRecord } from './driver.js';

interface Leg {
  owner: string;
  code: string;
  amount: string;
}

/** Ledger kinds posted by the server itself (deposits, accruals, bonuses): checked in checks.ts. */
const DERIVED = new Set([
  'deposit',
  'staking.yield',
  'staking.release',
  'staking.earned-to-balance',
  'coins.daily',
  'bot.upkeep',
  'referral.bonus',
]);

/**
 * The signature of a ledger transaction a user's request caused, in the terms operations.ts predicts
 * from the request alone (kind, and the amount and counter-party the request named).
 */
function signatureOf(kind: string, actor: string, key: string, legs: Leg[]): string | null {
  const own = (code: string) => BigInt(legs.find((l) => l.owner === actor && l.code === code)?.amount ?? '0');
  switch (kind) {
    case 'staking.convert': {
      const balance = own('usd.balance');
      return balance < 0n ? `${kind}|toFund|${-balance}` : `${kind}|toBalance|${balance}`;
    }
    case 'staking.buy':
      return `${kind}|${-own('usd.fund')}`;
    case 'staking.sell':
    case 'staking.stake':
      return `${kind}|${-own('svp.wallet')}`;
    case 'staking.transfer': {
      const to = legs.find((l) => l.owner !== actor && l.code === 'usd.fund');
      return `${kind}|${to?.owner}|${to?.amount}`;
    }
    case 'coins.taps':
      return `${kind}|${own('coin.coins')}`;
    case 'bot.activation':
      return own('coin.coins') !== 0n ? `${kind}|coins` : `${kind}|balance`;
    case 'investment.start':
      return `${kind}|${own('usd.invested')}`;
    case 'withdrawal.paid':
      // Paid by the watcher when the chain confirms the payout (no actor): checks.ts matches it to its transfer.
      return actor ? `${kind}|${key.replace(/^withdrawal-decided:/, '')}` : null;
    case 'withdrawal.rejected':
      return `${kind}|${key.replace(/^withdrawal-decided:/, '')}`;
    case 'staking.withdraw-earned':
    case 'coins.daily-claim':
    case 'coins.welcome':
    case 'withdrawal.break':
    case 'withdrawal.request':
      return kind;
    default:
      return DERIVED.has(kind) ? null : `unexpected|${kind}`;
  }
}

/** Every effect of a request in the database, as (actor, signature): ledger postings, top-up requests, payments. */
async function databaseEffects(client: pg.Client): Promise<{ actor: string; sig: string }[]> {
  const effects: { actor: string; sig: string }[] = [];
  const { rows: txs } = await client.query<{ kind: string; actor: string | null; key: string; legs: Leg[] }>(`
    select t.kind, t.actor_id as actor, t.idempotency_key as key,
      coalesce(json_agg(json_build_object('owner', a.owner, 'code', a.code, 'amount', e.amount::text))
        filter (where e.id is not null), '[]') as legs
    from ledger_transactions t
      left join ledger_entries e on e.transaction_id = t.id
      left join accounts a on a.id = e.account_id
    group by t.id`);
  for (const tx of txs) {
    const sig = signatureOf(tx.kind, tx.actor ?? '', tx.key, tx.legs);
    if (sig) effects.push({ actor: tx.actor ?? '(none)', sig });
  }
  const { rows: topups } = await client.query<{ actor: string; amount: string }>(
    `select user_id::text as actor, amount::text from topup_requests`,
  );
  for (const t of topups) effects.push({ actor: t.actor, sig: `topup|${t.amount}` });
  // Simulated USDT has 18 decimals: base units / 10^12 = micro-dollars.
  const { rows: payments } = await client.query<{ actor: string; micro: string }>(`
    select d.user_id::text as actor, (s.amount_raw::numeric / 1000000000000)::bigint::text as micro
    from simulated_transfers s join deposit_addresses d on d.address = s.to_address
    where s.from_address is null`);
  for (const p of payments) effects.push({ actor: p.actor, sig: `pay|${p.micro}` });
  return effects;
}

export interface EffectReport {
  violations: string[];
  /** Ops whose answer never arrived, and how many of them the database shows as applied. */
  unknown: number;
  unknownApplied: number;
  matched: number;
}

/**
 * Per actor and signature: acknowledged ≤ found ≤ acknowledged + unknown. Fewer found means an
 * acknowledged op was lost; more means a double effect (a duplicate applied twice) or a phantom one
 * (a rejected op that moved money anyway).
 */
export async function reconcileEffects(client: pg.Client, records: OpRecord[]): Promise<EffectReport> {
  const tally = new Map<string, { acked: number; unknown: number; found: number; endpoint: string }>();
  const entry = (actor: string, sig: string, endpoint = '(none)') => {
    const key = `${actor} ${sig}`;
    let t = tally.get(key);
    if (!t) tally.set(key, (t = { acked: 0, unknown: 0, found: 0, endpoint }));
    if (t.endpoint === '(none)') t.endpoint = endpoint;
    return t;
  };
  let unknown = 0;
  for (const op of records) {
    if (!op.sig) continue;
    const outcome = outcomeOf(op);
    if (outcome === 'rejected') continue;
    const t = entry(op.actorId, op.sig, op.endpoint);
    if (outcome === 'acked') t.acked += 1;
    else {
      t.unknown += 1;
      unknown += 1;
    }
  }
  for (const effect of await databaseEffects(client)) entry(effect.actor, effect.sig).found += 1;

  const violations: string[] = [];
  let unknownApplied = 0;
  let matched = 0;
  for (const [key, t] of tally) {
    if (t.found < t.acked) {
      violations.push(`LOST: ${t.endpoint} ${key}: ${t.acked} acknowledged, ${t.found} in the database`);
    } else if (t.found > t.acked + t.unknown) {
      violations.push(
        `EXTRA (double or phantom effect): ${t.endpoint} ${key}: ${t.acked} acknowledged + ${t.unknown} unknown, ` +
          `${t.found} in the database`,
      );
    } else unknownApplied += t.found - t.acked;
    matched += Math.min(t.found, t.acked);
  }
  return { violations, unknown, unknownApplied, matched };
}

/** Every acknowledged answer to one key is the same bytes: a replay, never a second execution. */
export function checkReplays(records: OpRecord[]): string[] {
  const violations: string[] = [];
  for (const op of records) {
    const acked = op.attempts.filter((a) => a.status !== undefined && a.status < 300);
    if (acked.some((a) => a.text !== acked[0]!.text)) {
      violations.push(`REPLAY DIFFERS: ${op.endpoint} key ${op.key}: ${acked.map((a) => a.text).join(' | ')}`);
    }
    const mismatch = op.attempts.find((a) => a.status === 422 && a.code === 'IDEMPOTENCY_MISMATCH');
    if (mismatch) violations.push(`IDEMPOTENCY MISMATCH on an identical re-send: ${op.endpoint} key ${op.key}`);
  }
  return violations;
}
