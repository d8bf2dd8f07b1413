import { randomUUID } from 'node:crypto';

/** A deposit key's block number in as many digits as the largest bigint has, so keys sort by block. */
export const DEPOSIT_BLOCK_DIGITS = 19;

/**
 * Every ledger idempotency key, built in one place (DESIGN §3: the key names the one event a posting is for, so
 * a repeat of that event posts nothing). The formats are stored in `ledger_transactions` and must never change:
 * a changed format would post an already-posted event again (the deposit's changed once, where its own row guards
 * it: see `deposit`). The one-statement requests (sql/functions/, ADR 0021) append
 * the session's user in SQL, which only the database knows: `unique`'s `${kind}:${userId}:${nonce}` and
 * `referral('')` followed by the referred user's id.
 */
/**
 * SQL of the credit keys of deposit row `d` (a table alias): the form posted since ADR 0035 and the one before
 * it, for the checks that find a deposit's posting by its key (invariants.ts, the stress suite's checks).
 */
export const depositKeysSql = (d: string): string =>
  `'deposit:' || ${d}.chain_id || ':' || lpad(${d}.block_number::text, ${DEPOSIT_BLOCK_DIGITS}, '0') || ':' || ${d}.tx_hash || ':' || ${d}.log_index, ` +
  `'deposit:' || ${d}.chain_id || ':' || ${d}.tx_hash || ':' || ${d}.log_index`;

/** The start of every staking yield posting's key (ledgerKey.stakingYield). */
export const STAKING_YIELD_PREFIX = 'staking-yield:';

export const ledgerKey = {
  /**
   * The block number comes before the hash so a deposit's key sorts after the keys before it: it goes to the right
   * edge of the key index, not to a random leaf (ADR 0035). Credits posted before it have
   * `deposit:${chainId}:${txHash}:${logIndex}`; nothing posts by key twice, because a deposit is credited only when
   * its (chain, tx, log) row is new (api_credit_deposits), and the invariants accept either form.
   */
  deposit: (chainId: number, blockNumber: bigint, txHash: string, logIndex: number) =>
    `deposit:${chainId}:${blockNumber.toString().padStart(DEPOSIT_BLOCK_DIGITS, '0')}:${txHash}:${logIndex}`,
  investment: (investmentId: string) => `investment:${investmentId}`,
  referral: (referredUserId: string) => `referral:${referredUserId}`,
  withdrawal: (investmentId: string) => `withdrawal:${investmentId}`,
  investmentToBalance: (investmentId: string) => `investment-to-balance:${investmentId}`,
  /** Pay or reject: one decision per withdrawal. */
  withdrawalDecided: (withdrawalId: string) => `withdrawal-decided:${withdrawalId}`,
  welcome: (userId: string) => `welcome:${userId}`,
  dailyCoins: (userId: string, utcDate: string) => `daily-coins:${userId}:${utcDate}`,
  botUpkeep: (userId: string, paidThrough: Date) => `bot-upkeep:${userId}:${paidThrough.toISOString()}`,
  /**
   * A stake's yield up to a credited total; Withdraw Earned's statement builds it from the prefix
   * (sql/functions/staking/api_withdraw_earned.sql).
   */
  stakingYield: (stakeId: string, settledTo: bigint | string) => `${STAKING_YIELD_PREFIX}${stakeId}:${settledTo}`,
  stakeRelease: (stakeId: string) => `stake-release:${stakeId}`,

  /**
   * Deliberately unique keys, for acts a user may repeat at will (claim the daily coins, activate the bot, save
   * taps, every staking form, an admin's adjustment): each posting is its own event. A retried request is kept
   * from acting twice by its Idempotency-Key (http/idempotency.ts), which the posting's transaction marks.
   */
  unique: (kind: string, ownerId: string, at?: Date) =>
    at ? `${kind}:${ownerId}:${at.getTime()}:${randomUUID()}` : `${kind}:${ownerId}:${randomUUID()}`,
  adjustment: () => `adjust:${randomUUID()}`,
};
