import { formatUsdMicro, type LedgerReference } from '@svp/shared';
import type { Db } from '../../db/client.js';
import { historyRepository as repo } from './history.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HASH = /^0x[0-9a-fA-F]{64}$/;

const WITHDRAWAL_STATUS: Record<string, string> = {
  pending: 'Waiting for approval',
  approved: 'Approved, being sent',
  paid: 'Paid',
  rejected: 'Rejected',
};

/** The id after a key's prefix (`investment:<id>`), when it is one. */
const idAfter = (key: string, prefix: string) => {
  const id = key.startsWith(prefix) ? key.slice(prefix.length) : '';
  return UUID.test(id) ? id : null;
};

/** The chain hash in a deposit's key (`deposit:<chain>:<block>:<hash>:<log>`, or without the block). */
const depositHash = (key: string) => key.split(':').find((part) => HASH.test(part)) ?? null;

async function planReference(from: Db, userId: string, investmentId: string | null): Promise<LedgerReference[]> {
  if (!investmentId) return [];
  const plan = await repo.investment(from, userId, investmentId);
  if (!plan) return [];
  return [
    {
      label: 'Plan',
      value: `${plan.plan}, ${formatUsdMicro(BigInt(plan.amount))} for ${plan.days} days`,
      type: 'text',
    },
  ];
}

/**
 * What a transaction refers to, as a person checks it: the deposit's chain transaction, the plan it started or
 * paid out, the withdrawal and its payout's chain transaction. Read from the posting's key (which names the
 * deposit, the plan or the withdrawal) and the user's own rows only.
 */
export async function referencesOf(
  from: Db,
  userId: string,
  kind: string,
  key: string,
  memo: string | null,
): Promise<LedgerReference[]> {
  if (kind === 'deposit') {
    const hash = depositHash(key);
    return hash ? [{ label: 'Deposit transaction', value: hash, type: 'hash' }] : [];
  }
  if (kind === 'investment.start') return planReference(from, userId, idAfter(key, 'investment:'));
  if (kind === 'investment.to-balance') return planReference(from, userId, idAfter(key, 'investment-to-balance:'));
  const decided = idAfter(key, 'withdrawal-decided:');
  const planId = idAfter(key, 'withdrawal:');
  if (!kind.startsWith('withdrawal.') || (!decided && !planId)) return [];
  const withdrawal = await repo.withdrawal(from, userId, decided ? { id: decided } : { investmentId: planId! });
  const out: LedgerReference[] = [];
  if (withdrawal) {
    out.push({ label: 'Withdrawal', value: WITHDRAWAL_STATUS[withdrawal.status] ?? withdrawal.status, type: 'text' });
    out.push({ label: 'To wallet', value: withdrawal.wallet, type: 'hash' });
  }
  const payout =
    withdrawal?.tx_hash ?? (kind === 'withdrawal.paid' ? /sent in (0x[0-9a-fA-F]+)/.exec(memo ?? '')?.[1] : null);
  if (payout) out.push({ label: 'Payout transaction', value: payout, type: 'hash' });
  if (withdrawal?.reason && withdrawal.status === 'rejected')
    out.push({ label: 'Reason', value: withdrawal.reason, type: 'text' });
  out.push(...(await planReference(from, userId, withdrawal?.investment_id ?? planId)));
  return out;
}
