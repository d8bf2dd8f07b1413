import type { Db } from './client.js';
import { isRetryable } from '../modules/ledger/ledger.errors.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const MAX_ATTEMPTS = 8;

/**
 * Runs `work` in one database transaction, retrying the whole unit on serialization failure or
 * deadlock (DESIGN §3). `work` must be safe to re-run: it only touches the database.
 */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
