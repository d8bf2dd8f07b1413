import type { HoldChange } from '@svp/shared';
import type { Tx } from '../../db/transaction.js';

/**
 * Withdrawal holds after account changes (ADR 0044), as the modules that change accounts see them (admin, account,
 * auth): an interface here, below them all, implemented by modules/withdrawals/withdrawal-holds.ts and passed in by
 * app.ts, so none of them imports withdrawals.
 */
export interface AccountChangeHolds {
  /** Records the change and its hold, in the change's own transaction (they commit together or not at all). */
  start(
    tx: Tx,
    hold: { userId: string; change: HoldChange; actorId: string | null; wallet?: string | null },
  ): Promise<void>;
  /**
   * After the commit: mails the user (and `alsoTo`, the old address of an e-mail change) about their newest hold.
   * A failed delivery stays in the outbox for the admin's Outbox screen; it never fails the change.
   */
  tell(userId: string, alsoTo?: string | null): Promise<void>;
}
