import { eq, sql } from 'drizzle-orm';
import { SYSTEM_OWNER, type Asset } from '@svp/shared';
import { z } from 'zod';
import { queryRows, type Db } from '../../db/client.js';
import { functionCall } from '../../db/sql-functions.js';
import { accounts } from '../../db/schema.js';
import type { IdempotencyClaim, Tx } from '../../db/transaction.js';
import { statementCall, type RequestFrame, type StatementRow } from '../../http/one-statement.js';

type Executor = Db | Tx;

export interface PostingRow {
  kind: string;
  idempotencyKey: string;
  actorId: string | null;
  memo: string | null;
  createdAt: Date;
  /** Netted, non-zero legs. */
  legs: { owner: string; code: string; asset: Asset; amount: bigint; allowNegative: boolean }[];
  /** The request's Idempotency-Key claim to mark in the same transaction, when posting on its own. */
  claim: IdempotencyClaim | null;
}

const LEGS = {
  p_owners: 'text[]',
  p_codes: 'text[]',
  p_assets: 'text[]',
  p_amounts: 'bigint[]',
  p_allow_negative: 'boolean[]',
} as const;

/** The legs as ledger_post and the one-statement functions take them: one array per field, in the legs' order. */
export function legArgs(
  legs: { owner: string; code: string; asset: string; amount: bigint; allowNegative: boolean }[],
) {
  return {
    p_owners: legs.map((l) => l.owner),
    p_codes: legs.map((l) => l.code),
    p_assets: legs.map((l) => l.asset),
    p_amounts: legs.map((l) => l.amount.toString()),
    p_allow_negative: legs.map((l) => l.allowNegative),
  };
}

/** The database's posting function (sql/functions/ledger/ledger_post.sql): guarded moves, header and entries. */
const postCall = functionCall(
  'ledger_post',
  'o_transaction_id::text as id, o_posted as posted',
  {
    p_kind: 'text',
    p_key: 'text',
    p_actor: 'text',
    p_memo: 'text',
    p_at: 'timestamptz',
    ...LEGS,
    p_claim_scope: 'text',
    p_claim_key: 'text',
    p_claim: 'text',
  },
  z.object({ id: z.string(), posted: z.boolean() }),
);

const rollUpCall = functionCall(
  'ledger_roll_up_platform',
  'o_transactions as n',
  { p_limit: 'integer' },
  z.object({ n: z.number() }),
);

/** A user's posting for a request in one call (sql/functions/ledger/api_user_posting.sql). */
const userPostingCall = statementCall('api_user_posting', {
  p_kind: 'text',
  p_nonce: 'text',
  p_memo: 'text',
  p_recipient: 'text',
  ...LEGS,
  p_summary: 'text',
  p_settle: 'text',
});

export interface UserPostingRow {
  frame: RequestFrame;
  kind: string;
  /** Makes the ledger key unique: `${kind}:${userId}:${nonce}`, ledgerKey.unique's format. */
  nonce: string;
  memo: string;
  recipient: string | null;
  /** Netted, non-zero legs; owners may be '$user' or '$recipient' (the statement orders them). */
  legs: { owner: string; code: string; asset: Asset; amount: bigint; allowNegative: boolean }[];
  summary: 'staking';
  /** Accruals to settle first ('stake': an ended stake's release), or null (api_settlement_due). */
  settle: 'stake' | null;
}

/** Queries only: the rules (balanced, guarded, idempotent) live in ledger.service.ts and ledger_post. */
export const ledgerRepository = {
  /** Creates the accounts that do not exist yet, in one statement. */
  async openAccounts(
    db: Executor,
    rows: { owner: string; code: string; asset: Asset; allowNegative: boolean }[],
    now: Date,
  ): Promise<void> {
    await db
      .insert(accounts)
      .values(rows.map((r) => ({ ...r, createdAt: now })))
      .onConflictDoNothing({ target: [accounts.owner, accounts.code] });
  },

  /** Runs ledger_post; throws the database's SQL_ERRORS (packages/shared) for the service to translate. */
  async post(db: Executor, p: PostingRow): Promise<{ transactionId: bigint; posted: boolean }> {
    const [row] = await postCall(db, {
      p_kind: p.kind,
      p_key: p.idempotencyKey,
      p_actor: p.actorId,
      p_memo: p.memo,
      p_at: p.createdAt.toISOString(),
      ...legArgs(p.legs),
      p_claim_scope: p.claim?.scope ?? null,
      p_claim_key: p.claim?.key ?? null,
      p_claim: p.claim?.claim ?? null,
    });
    return { transactionId: BigInt(row!.id), posted: row!.posted };
  },

  /** Runs api_user_posting; throws the database's SQL_ERRORS for the service to translate. */
  async userPosting(db: Executor, p: UserPostingRow): Promise<StatementRow> {
    return userPostingCall(db, p.frame, {
      p_kind: p.kind,
      p_nonce: p.nonce,
      p_memo: p.memo,
      p_recipient: p.recipient,
      ...legArgs(p.legs),
      p_summary: p.summary,
      p_settle: p.settle,
    });
  },

  async balancesOf(db: Executor, owner: string): Promise<Map<string, bigint>> {
    if (owner === SYSTEM_OWNER) {
      // The platform's balances include the postings the roll-up has not reached yet (platform_accounts).
      const rows = await queryRows<{ code: string; balance: string }>(
        db,
        sql`select code, balance::text as balance from platform_accounts`,
      );
      return new Map(rows.map((r) => [r.code, BigInt(r.balance)]));
    }
    const rows = await db
      .select({ code: accounts.code, balance: accounts.balance })
      .from(accounts)
      .where(eq(accounts.owner, owner));
    return new Map(rows.map((r) => [r.code, r.balance]));
  },

  /**
   * Adds up to `limit` waiting postings to the platform accounts' cached balances
   * (sql/functions/ledger/ledger_roll_up_platform.sql); returns how many it took.
   */
  async rollUpPlatform(db: Db, limit: number): Promise<number> {
    const [row] = await rollUpCall(db, { p_limit: limit });
    return row!.n;
  },

  /** Folds the changes of the platform's kept counts into their totals (sql/functions/overview/platform_counts_compact.sql). */
  async compactPlatformCounts(db: Db): Promise<void> {
    await db.execute(sql`select platform_counts_compact()`);
  },
};
