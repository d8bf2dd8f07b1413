import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { isRetryable } from '../modules/ledger/ledger.errors.js';
import { currentIdempotencyClaim } from '../request-context.js';
import { queryRows } from './client.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const MAX_ATTEMPTS = 8;

/** The key was taken over by a retry after this attempt was presumed dead: this attempt must not commit. */
export class IdempotencyClaimLost extends Error {
  constructor() {
    super('idempotency key was taken over by a later attempt');
  }
}

/**
 * Marks the request's Idempotency-Key as acted on, in the same transaction as the work, and refuses to
 * commit when a later attempt holds the key: after a crash either both the work and the mark exist or
 * neither does, so a retry can tell "done, answer lost" from "never happened".
 */
async function markClaim(tx: Tx): Promise<void> {
  const claim = currentIdempotencyClaim();
  if (!claim) return;
  const rows = await queryRows<{ ok: number }>(
    tx,
    sql`update idempotency_keys set committed_at = coalesce(committed_at, now())
        where scope = ${claim.scope} and key = ${claim.key} and claim = ${claim.claim}
        returning 1 as ok`,
  );
  if (rows.length === 0) throw new IdempotencyClaimLost();
}

/** Work to run at the end of a transaction, before it commits, once per key (see `beforeCommit`). */
const endOfTransaction = new WeakMap<Tx, Map<string, (tx: Tx) => Promise<void>>>();

/**
 * Asks `inTransaction` to run `finish` after the work and before the commit; a second call with the same
 * key on the same transaction replaces the first. The ledger uses it to move the shared platform accounts
 * last (ledger.service.ts). Throws for a transaction `inTransaction` did not open: nothing would run it.
 */
export function beforeCommit(tx: Tx, key: string, finish: (tx: Tx) => Promise<void>): void {
  const hooks = endOfTransaction.get(tx);
  if (!hooks) throw new Error('beforeCommit needs a transaction opened by inTransaction');
  hooks.set(key, finish);
}

/**
 * Runs `work` in one database transaction, retrying the whole unit on serialization failure or
 * deadlock (DESIGN §3). `work` must be safe to re-run: it only touches the database.
 */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const hooks = new Map<string, (tx: Tx) => Promise<void>>();
        endOfTransaction.set(tx, hooks);
        const result = await work(tx);
        for (const finish of hooks.values()) await finish(tx);
        await markClaim(tx);
        return result;
      });
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
