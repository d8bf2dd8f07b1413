import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { isRetryable } from './pg-errors.js';
import { queryRows } from './client.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const MAX_ATTEMPTS = 8;

/**
 * The Idempotency-Key a request holds (http/idempotency.ts). Routes pass it down to the transaction that does
 * their work, explicitly: carrying it in an AsyncLocalStorage cost every request 5–7 % (async hooks on every
 * promise; docs/benchmarks.md, lab notes).
 */
export interface IdempotencyClaim {
  scope: string;
  key: string;
  /** Random per attempt: a retry that took the key over after a crash holds a different one. */
  claim: string;
}

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
async function markClaim(tx: Tx, claim: IdempotencyClaim | null): Promise<void> {
  if (!claim) return;
  const rows = await queryRows<{ ok: number }>(
    tx,
    sql`update idempotency_keys set committed_at = coalesce(committed_at, now())
        where scope = ${claim.scope} and key = ${claim.key} and claim = ${claim.claim}
        returning 1 as ok`,
  );
  if (rows.length === 0) throw new IdempotencyClaimLost();
}

/**
 * Runs `work` in one database transaction, retrying the whole unit on serialization failure or
 * deadlock (DESIGN §3). `work` must be safe to re-run: it only touches the database. A request's `claim`
 * (its Idempotency-Key) is marked as acted on in the same transaction.
 */
export function inTransaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  claim: IdempotencyClaim | null = null,
): Promise<T> {
  return withRetries(() =>
    db.transaction(async (tx) => {
      const result = await work(tx);
      await markClaim(tx, claim);
      return result;
    }),
  );
}

/** Runs `attempt` again (up to MAX_ATTEMPTS, with a short random pause) on serialization failure or deadlock. */
export async function withRetries<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * n));
    }
  }
}
