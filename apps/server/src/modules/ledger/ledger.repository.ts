import { eq } from 'drizzle-orm';
import type { Asset } from '@svp/shared';
import { preparedStatement, type Db } from '../../db/client.js';
import { accounts } from '../../db/schema.js';
import type { Tx } from '../../db/transaction.js';

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
  claim: { scope: string; key: string; claim: string } | null;
  /** Inside a larger transaction: leave the platform's accounts for the commit (migration 0007). */
  defer: boolean;
}

/** The database's posting function (migration 0007): guarded moves, header and entries in one round trip. */
const postStatement = preparedStatement<{ id: string; posted: boolean }>(
  'ledger_post',
  `select o_transaction_id::text as id, o_posted as posted
   from ledger_post($1, $2, $3, $4, $5, $6::text[], $7::text[], $8::text[], $9::bigint[], $10::boolean[],
     $11, $12, $13, $14)`,
);

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
      p.defer,
    ]);
    return { transactionId: BigInt(row!.id), posted: row!.posted };
  },

  async balancesOf(db: Executor, owner: string): Promise<Map<string, bigint>> {
    const rows = await db
      .select({ code: accounts.code, balance: accounts.balance })
      .from(accounts)
      .where(eq(accounts.owner, owner));
    return new Map(rows.map((r) => [r.code, r.balance]));
  },
};
