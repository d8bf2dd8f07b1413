import {
  SYSTEM_ACCOUNTS,
  SYSTEM_OWNER,
  USER_ACCOUNTS,
  type Asset,
  type SystemAccountCode,
  type UserAccountCode,
} from '@svp/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { IdempotencyClaimLost, withRetries, type Tx } from '../../db/transaction.js';
import { currentIdempotencyClaim, type IdempotencyClaim } from '../../request-context.js';
import { InsufficientFundsError } from './ledger.errors.js';
import { pgErrorCode } from '../../db/pg-errors.js';
import { ledgerRepository as repo } from './ledger.repository.js';

export type AccountRef =
  { owner: string; code: UserAccountCode } | { owner: typeof SYSTEM_OWNER; code: SystemAccountCode };

export interface Leg {
  account: AccountRef;
  /** Signed minor units: positive credits the account, negative debits it. */
  amount: bigint;
}

export interface Posting {
  kind: string;
  /** Unique per business event: a request key, a deposit id, an accrual period (DESIGN §3). */
  idempotencyKey: string;
  actorId?: string | null;
  memo?: string | null;
  legs: Leg[];
}

export interface PostingResult {
  transactionId: bigint;
  /** False when the key had been posted before: nothing moved this time. */
  posted: boolean;
}

export function assetOf(ref: AccountRef): Asset {
  return ref.owner === SYSTEM_OWNER
    ? SYSTEM_ACCOUNTS[ref.code as SystemAccountCode]
    : USER_ACCOUNTS[ref.code as UserAccountCode];
}

export const userAccount = (owner: string, code: UserAccountCode): AccountRef => ({ owner, code });
export const systemAccount = (code: SystemAccountCode): AccountRef => ({ owner: SYSTEM_OWNER, code });

/** Checks the posting is balanced per asset and nets legs per account; throws on a programming error. */
function normalize(posting: Posting): { ref: AccountRef; asset: Asset; amount: bigint }[] {
  if (!posting.idempotencyKey) throw new Error('posting needs an idempotency key');
  const perAsset = new Map<Asset, bigint>();
  const perAccount = new Map<string, { ref: AccountRef; asset: Asset; amount: bigint }>();
  for (const leg of posting.legs) {
    const asset = assetOf(leg.account);
    if (!asset) throw new Error(`unknown account code ${leg.account.code}`);
    perAsset.set(asset, (perAsset.get(asset) ?? 0n) + leg.amount);
    const key = `${leg.account.owner}/${leg.account.code}`;
    const current = perAccount.get(key);
    perAccount.set(key, { ref: leg.account, asset, amount: (current?.amount ?? 0n) + leg.amount });
  }
  for (const [asset, sum] of perAsset) {
    if (sum !== 0n) throw new Error(`unbalanced posting ${posting.kind}: ${asset} sums to ${sum}`);
  }
  const legs = [...perAccount.values()].filter((l) => l.amount !== 0n);
  if (legs.length === 0) throw new Error(`empty posting ${posting.kind}`);
  return legs;
}

/** ledger_post's own errors (migration 0007) as the service's; anything else passes through. */
function translate(error: unknown): unknown {
  const code = pgErrorCode(error);
  if (code === 'SV001') return new InsufficientFundsError(BigInt((error as { detail?: string }).detail ?? '0'));
  if (code === 'SV002') return new IdempotencyClaimLost();
  return error;
}

/** The only code that writes balances (DESIGN §2, §3). */
export function createLedger(db: Db, clock: Clock, onPosted: (kind: string) => void = () => undefined) {
  async function run(
    executor: Db | Tx,
    posting: Posting,
    claim: IdempotencyClaim | null,
    defer: boolean,
  ): Promise<PostingResult> {
    const legs = normalize(posting)
      .map(({ ref, asset, amount }) => ({
        owner: ref.owner,
        code: ref.code,
        asset,
        amount,
        allowNegative: ref.owner === SYSTEM_OWNER,
      }))
      // The one lock order of every posting, which ledger_post checks: (owner, code), byte order.
      .sort((a, b) => (a.owner < b.owner ? -1 : a.owner > b.owner ? 1 : a.code < b.code ? -1 : 1));
    try {
      const result = await repo.post(executor, {
        kind: posting.kind,
        idempotencyKey: posting.idempotencyKey,
        actorId: posting.actorId ?? null,
        memo: posting.memo ?? null,
        createdAt: clock.now(),
        legs,
        claim,
        defer,
      });
      if (result.posted) onPosted(posting.kind);
      return result;
    } catch (error) {
      throw translate(error);
    }
  }

  /**
   * Posts inside a caller's transaction, so business rows and money commit together. The platform's own
   * accounts (shared by every user, allowed to go negative, so nothing to guard) move when the transaction
   * commits, all in one order (migration 0007): a transaction of several postings cannot deadlock with
   * another on them.
   */
  const postIn = (tx: Tx, posting: Posting) => run(tx, posting, null, true);

  /**
   * Posts on its own: one statement, its own transaction. The request's Idempotency-Key (if any) is marked
   * in that same statement, as `inTransaction` does for larger units of work. Retried like them.
   */
  const post = (posting: Posting) => withRetries(() => run(db, posting, currentIdempotencyClaim() ?? null, false));

  return {
    postIn,
    /**
     * Opens every platform account at start-up and every user account at sign-up, outside the money
     * transactions: creating one inside them made all postings wait on its uncommitted insert.
     */
    openSystemAccounts: () =>
      repo.openAccounts(
        db,
        Object.entries(SYSTEM_ACCOUNTS).map(([code, asset]) => ({
          owner: SYSTEM_OWNER,
          code,
          asset,
          allowNegative: true,
        })),
        clock.now(),
      ),
    openUserAccounts: (executor: Db | Tx, owner: string) =>
      repo.openAccounts(
        executor,
        Object.entries(USER_ACCOUNTS).map(([code, asset]) => ({ owner, code, asset, allowNegative: false })),
        clock.now(),
      ),
    post,
    balances: (owner: string, executor: Db | Tx = db) => repo.balancesOf(executor, owner),
  };
}

export type Ledger = ReturnType<typeof createLedger>;
