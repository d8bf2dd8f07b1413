import {
  SYSTEM_ACCOUNTS,
  SYSTEM_OWNER,
  USER_ACCOUNTS,
  type Asset,
  type SystemAccountCode,
  type UserAccountCode,
} from '@svp/shared';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { IdempotencyClaimLost, withRetries, type IdempotencyClaim, type Tx } from '../../db/transaction.js';
import { InsufficientFundsError } from './ledger.errors.js';
import { sqlError } from '../../db/pg-errors.js';
import { ledgerRepository as repo } from './ledger.repository.js';
import {
  statementAnswer,
  type RequestFrame,
  type StatementAnswer,
  type StatementRow,
} from '../../http/one-statement.js';

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

/** ledger_post's own errors (sql/functions/ledger/ledger_post.sql) as the service's; anything else passes through. */
function translate(error: unknown): unknown {
  const refused = sqlError(error);
  if (refused?.kind === 'insufficient-funds') return new InsufficientFundsError(BigInt(refused.detail || '0'));
  if (refused?.kind === 'claim-lost') return new IdempotencyClaimLost();
  return error;
}

/** The session's user and the recipient a request names, as owners of a request posting's legs. */
export const REQUEST_USER = '$user';
export const REQUEST_RECIPIENT = '$recipient';
export const requestUserAccount = (code: UserAccountCode): AccountRef => ({ owner: REQUEST_USER, code });
export const requestRecipientAccount = (code: UserAccountCode): AccountRef => ({ owner: REQUEST_RECIPIENT, code });

/** A posting made for a request in one statement: the user is the session's, known only to the database. */
export interface RequestPosting {
  kind: string;
  /** '{sender}' and '{recipient}' stand for the usernames. */
  memo: string;
  /** The username legs owned by REQUEST_RECIPIENT go to. */
  recipient?: string;
  legs: Leg[];
  /** The summary the answer shows, read after the posting in the same statement. */
  summary: 'staking';
  /** Accruals the statement hands back to settle first ('stake': a stake that has ended). */
  settle?: 'stake';
}

/**
 * A posting's legs as a one-statement request hands them to the database: checked (balanced per asset), netted,
 * owners possibly REQUEST_USER / REQUEST_RECIPIENT, which the statement resolves and sorts into the lock order.
 */
export function statementLegs(kind: string, legs: Leg[]) {
  return normalize({ kind, idempotencyKey: 'in-statement', legs }).map(({ ref, asset, amount }) => ({
    owner: ref.owner,
    code: ref.code,
    asset,
    amount,
    allowNegative: ref.owner === SYSTEM_OWNER,
  }));
}

/** The only code that writes balances (DESIGN §2, §3). */
export function createLedger(db: Db, clock: Clock, onPosted: (kind: string) => void = () => undefined) {
  async function run(executor: Db | Tx, posting: Posting, claim: IdempotencyClaim | null): Promise<PostingResult> {
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
      });
      if (result.posted) onPosted(posting.kind);
      return result;
    } catch (error) {
      throw translate(error);
    }
  }

  /**
   * Posts inside a caller's transaction, so business rows and money commit together. The platform's own
   * accounts (shared by every user, allowed to go negative, so nothing to guard) are not locked by any posting:
   * the roll-up moves their cached balances (ledger_roll_up_platform), so a transaction of several postings
   * cannot
   * deadlock with another on them, nor wait for one.
   */
  const postIn = (tx: Tx, posting: Posting) => run(tx, posting, null);

  /**
   * Posts on its own: one statement, its own transaction. The request's Idempotency-Key (if any) is marked
   * in that same statement, as `inTransaction` does for larger units of work. Retried like them.
   */
  const post = (posting: Posting, claim: IdempotencyClaim | null = null) => withRetries(() => run(db, posting, claim));

  /**
   * A user's posting for a request in one round trip (sql/functions/ledger/api_user_posting.sql, ADR 0021): the
   * statement checks
   * the session and claims the key, posts through ledger_post, reads the summary and stores it as the answer.
   */
  async function postForRequest(frame: RequestFrame, posting: RequestPosting): Promise<StatementAnswer> {
    const legs = statementLegs(posting.kind, posting.legs);
    const row = await withRetries(async () => {
      try {
        return await repo.userPosting(db, {
          frame,
          kind: posting.kind,
          nonce: randomUUID(),
          memo: posting.memo,
          recipient: posting.recipient ?? null,
          legs,
          summary: posting.summary,
          settle: posting.settle ?? null,
        });
      } catch (error) {
        throw translate(error);
      }
    });
    if (row.outcome === 'ok') onPosted(posting.kind);
    return statementAnswer(row);
  }

  /**
   * Runs a request's one statement that posts through its own function (api_invest, api_stake, …), retried on a
   * serialization failure or deadlock, and counts the posting of `kind` when it was made (null: it posts nothing).
   */
  async function postByStatement(
    kind: string | null,
    statement: () => Promise<StatementRow>,
  ): Promise<StatementAnswer> {
    const row = await withRetries(statement);
    if (row.outcome === 'ok' && kind !== null) onPosted(kind);
    return statementAnswer(row);
  }

  return {
    postIn,
    postForRequest,
    postByStatement,
    /** Counts a posting a one-statement request made outside postForRequest (the metrics of `post`). */
    notePosted: onPosted,
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
