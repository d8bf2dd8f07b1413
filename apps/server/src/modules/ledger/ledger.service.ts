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
import { inTransaction, type Tx } from '../../db/transaction.js';
import { InsufficientFundsError } from './ledger.errors.js';
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

/** The only code that writes balances (DESIGN §2, §3). */
export function createLedger(db: Db, clock: Clock, onPosted: (kind: string) => void = () => undefined) {
  /** Posts inside a caller's transaction, so business rows and money commit together. */
  async function postIn(tx: Tx, posting: Posting): Promise<PostingResult> {
    const legs = normalize(posting);
    const now = clock.now();
    const transactionId = await repo.insertTransaction(tx, {
      kind: posting.kind,
      idempotencyKey: posting.idempotencyKey,
      actorId: posting.actorId ?? null,
      memo: posting.memo ?? null,
      createdAt: now,
    });
    if (transactionId === null) {
      const existing = await repo.findTransactionId(tx, posting.idempotencyKey);
      return { transactionId: existing!, posted: false };
    }
    const existing = await repo.findAccounts(
      tx,
      legs.map((l) => l.ref),
    );
    const resolved = [];
    // Accounts created here (older users, new codes) are created in one fixed order, so two postings
    // creating the same accounts cannot deadlock on each other's uncommitted inserts.
    legs.sort((a, b) => {
      const x = `${a.ref.owner}/${a.ref.code}`;
      const y = `${b.ref.owner}/${b.ref.code}`;
      return x < y ? -1 : x > y ? 1 : 0;
    });
    for (const leg of legs) {
      const id =
        existing.get(`${leg.ref.owner}/${leg.ref.code}`) ??
        (await repo.ensureAccount(tx, leg.ref.owner, leg.ref.code, leg.asset, leg.ref.owner === SYSTEM_OWNER, now));
      resolved.push({ ...leg, id });
    }
    // A fixed lock order (ascending id) keeps two crossing transfers from deadlocking.
    resolved.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const leg of resolved) {
      if (!(await repo.moveBalance(tx, leg.id, leg.amount))) throw new InsufficientFundsError(leg.id);
    }
    await repo.insertEntries(
      tx,
      resolved.map((l) => ({ transactionId, accountId: l.id, asset: l.asset, amount: l.amount })),
    );
    onPosted(posting.kind);
    return { transactionId, posted: true };
  }

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
    /** Posts in its own transaction with retries on serialization failure and deadlock. */
    post: (posting: Posting) => inTransaction(db, (tx) => postIn(tx, posting)),
    balances: (owner: string, executor: Db | Tx = db) => repo.balancesOf(executor, owner),
  };
}

export type Ledger = ReturnType<typeof createLedger>;
