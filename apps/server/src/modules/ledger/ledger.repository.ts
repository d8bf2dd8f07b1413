import { eq, sql } from 'drizzle-orm';
import { SYSTEM_OWNER, type Asset } from '@svp/shared';
import { preparedStatement, queryRows, type Db } from '../../db/client.js';
import { accounts } from '../../db/schema.js';
import type { IdempotencyClaim, Tx } from '../../db/transaction.js';
import { frameParams, type RequestFrame, type StatementRow } from '../../http/one-statement.js';

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

/** The database's posting function (migration 0007): guarded moves, header and entries in one round trip. */
const postStatement = preparedStatement<{ id: string; posted: boolean }>(
  'ledger_post',
  `select o_transaction_id::text as id, o_posted as posted
   from ledger_post($1, $2, $3, $4, $5, $6::text[], $7::text[], $8::text[], $9::bigint[], $10::boolean[],
     $11, $12, $13, $14)`,
);

const rollUpStatement = preparedStatement<{ n: number }>(
  'ledger_roll_up_platform',
  'select o_transactions as n from ledger_roll_up_platform($1)',
);

/** A user's posting for a request in one call (migration 0011): session, key, posting, summary, stored answer. */
const userPostingStatement = preparedStatement<StatementRow>(
  'api_user_posting',
  `select o_outcome as outcome, o_user_id as "userId", o_result as result
   from api_user_posting($1, $2::timestamptz, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
     $14::text[], $15::text[], $16::text[], $17::bigint[], $18::boolean[], $19, $20)`,
);

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
  /** Accruals to settle first ('stake': an ended stake's release), or null (migration 0016). */
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

  /** Runs ledger_post; throws the database's SV001/SV002/SV003 errors for the service to translate. */
  async post(db: Executor, p: PostingRow): Promise<{ transactionId: bigint; posted: boolean }> {
    const [row] = await postStatement(db, [
      p.kind,
      p.idempotencyKey,
      p.actorId,
      p.memo,
      p.createdAt.toISOString(),
      p.legs.map((l) => l.owner),
      p.legs.map((l) => l.code),
      p.legs.map((l) => l.asset),
      p.legs.map((l) => l.amount.toString()),
      p.legs.map((l) => l.allowNegative),
      p.claim?.scope ?? null,
      p.claim?.key ?? null,
      p.claim?.claim ?? null,
      // p_defer: no longer read since migration 0024 (no posting moves a platform account's row).
      false,
    ]);
    return { transactionId: BigInt(row!.id), posted: row!.posted };
  },

  /** Runs api_user_posting; throws the database's SV002/SV003 errors for the service to translate. */
  async userPosting(db: Executor, p: UserPostingRow) {
    const [row] = await userPostingStatement(db, [
      ...frameParams(p.frame),
      p.kind,
      p.nonce,
      p.memo,
      p.recipient,
      p.legs.map((l) => l.owner),
      p.legs.map((l) => l.code),
      p.legs.map((l) => l.asset),
      p.legs.map((l) => l.amount.toString()),
      p.legs.map((l) => l.allowNegative),
      p.summary,
      p.settle,
    ]);
    return row!;
  },

  async balancesOf(db: Executor, owner: string): Promise<Map<string, bigint>> {
    if (owner === SYSTEM_OWNER) {
      // The platform's balances include the postings the roll-up has not reached yet (migration 0024).
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
   * Adds up to `limit` waiting postings to the platform accounts' cached balances (migration 0024's
   * ledger_roll_up_platform); returns how many it took.
   */
  async rollUpPlatform(db: Db, limit: number): Promise<number> {
    const [row] = await rollUpStatement(db, [limit]);
    return row!.n;
  },

  /** Folds the changes of the platform's kept counts and sums into their totals (migration 0032). */
  async compactPlatformCounts(db: Db): Promise<void> {
    await db.execute(sql`select platform_counts_compact()`);
  },
};
