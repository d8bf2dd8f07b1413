import { MSG, toDecimalString, USER_ACCOUNTS, type AdjustableAccount } from '@svp/shared';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../http/session.js';
import { AppError, errors } from '../../http/errors.js';
import type { AuditLog } from '../audit/audit.js';
import { InsufficientFundsError } from '../ledger/ledger.errors.js';
import { systemAccount, userAccount, type Ledger } from '../ledger/ledger.service.js';
import { usersRepository } from '../users/users.repository.js';
import { invalidField } from './user-fields.js';
import { userDetails } from './user-details.js';
import { ledgerKey } from '../ledger/ledger-keys.js';

/** The platform account on the other side of an adjustment, per asset. */
const COUNTERPART = {
  USD: systemAccount('usd.platform'),
  COIN: systemAccount('coin.issuance'),
  SVP: systemAccount('svp.treasury'),
} as const;

export interface AdjustmentInput {
  account: AdjustableAccount;
  direction: 'credit' | 'debit';
  /** Parsed at the edge in the account's asset, positive and within its ceiling (adminAdjustSchema). */
  amount: bigint;
  reason: string;
}

/** A balance adjustment is a ledger transaction with a reason, never a field edit (DESIGN D13). */
export function createBalanceAdjustmentsService(deps: { db: Db; ledger: Ledger; audit: AuditLog }) {
  const { db, ledger, audit } = deps;
  return {
    /** Posts the adjustment and its audit entry in one transaction: neither exists without the other. */
    async adjust(admin: Actor, userId: string, input: AdjustmentInput) {
      const { userId: adminId, ip } = admin;
      const user = await usersRepository.findById(db, userId);
      if (!user) throw errors.notFound(MSG.admin.notFound);
      if (!input.reason) throw invalidField('reason', MSG.admin.adjustReasonRequired);
      const asset = USER_ACCOUNTS[input.account];
      const amount = input.amount;
      const signed = input.direction === 'credit' ? amount : -amount;
      const idempotencyKey = ledgerKey.adjustment();
      try {
        await audit.change(async (tx, record) => {
          await ledger.postIn(tx, {
            kind: 'admin.adjustment',
            idempotencyKey,
            actorId: adminId,
            memo: `Adjustment by support: ${input.reason}`,
            legs: [
              { account: userAccount(userId, input.account), amount: signed },
              { account: COUNTERPART[asset], amount: -signed },
            ],
          });
          // Read in the posting's transaction, which holds the account's row lock: exactly this adjustment's
          // before and after, even while other postings touch the same account.
          const after = (await ledger.balances(userId, tx)).get(input.account) ?? 0n;
          await record({
            actorId: adminId,
            action: 'balance.adjust',
            targetType: 'user',
            targetId: userId,
            before: { [input.account]: toDecimalString(after - signed, asset) },
            after: { [input.account]: toDecimalString(after, asset), reason: input.reason },
            ip,
          });
        }, admin.claim);
      } catch (error) {
        if (error instanceof InsufficientFundsError)
          throw new AppError('INSUFFICIENT_FUNDS', MSG.admin.adjustInsufficient);
        throw error;
      }
      return {
        success: true as const,
        message: MSG.admin.adjusted,
        user: await userDetails(ledger, (await usersRepository.findById(db, userId))!),
      };
    },
  };
}

export type BalanceAdjustmentsService = ReturnType<typeof createBalanceAdjustmentsService>;
