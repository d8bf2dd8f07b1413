import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { formatAmount, formatUsdShort, MSG, type UserAccountCode } from '@svp/shared';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { inTransaction, type IdempotencyClaim, type Tx } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import { pgErrorCode } from '../../db/pg-errors.js';
import {
  requestRecipientAccount,
  requestUserAccount,
  systemAccount,
  userAccount,
  type AccountRef,
  type Ledger,
} from '../ledger/ledger.service.js';
import { usersRepository } from '../users/users.repository.js';
import { ledgerKey } from '../ledger/ledger-keys.js';
import { notifications } from '../notifications/record.js';

export type ReferralRule = Config['REFERRAL_RULE'];
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_MAX = 20;

/** Referral codes and the configured bonus rule (DESIGN D5). */
export function createReferralsService(deps: { db: Db; ledger: Ledger; config: Config; clock: Clock }) {
  const { db, ledger, config } = deps;
  const bonusUsd = config.REFERRAL_BONUS_USD;
  const bonusSvp = config.REFERRAL_BONUS_SVP;

  /** Pays both people once per referred user: the idempotency key is the referred user's id. */
  /** The bonus's legs for the referred user's and the referrer's accounts (nothing when both bonuses are 0). */
  function bonusLegs(referred: (code: UserAccountCode) => AccountRef, referrer: (code: UserAccountCode) => AccountRef) {
    return [
      { account: systemAccount('usd.platform'), amount: -2n * bonusUsd },
      { account: referrer('usd.earnings'), amount: bonusUsd },
      { account: referred('usd.earnings'), amount: bonusUsd },
      { account: systemAccount('svp.treasury'), amount: -2n * bonusSvp },
      { account: referrer('svp.wallet'), amount: bonusSvp },
      { account: referred('svp.wallet'), amount: bonusSvp },
    ].filter((l) => l.amount !== 0n);
  }

  async function pay(tx: Tx, referredId: string, referrerId: string): Promise<void> {
    const legs = bonusLegs(
      (code) => userAccount(referredId, code),
      (code) => userAccount(referrerId, code),
    );
    if (legs.length === 0) return;
    await ledger.postIn(tx, {
      kind: 'referral.bonus',
      idempotencyKey: ledgerKey.referral(referredId),
      memo: `Referral bonus: ${describeBonus()}`,
      legs,
    });
    const people = [
      [referrerId, 'referrer'],
      [referredId, 'referred'],
    ] as const;
    for (const [userId, role] of people) {
      const params = { bonus: describeBonus(), role };
      const eventKey = `referral.bonus:${referredId}`;
      await notifications.record(tx, { userId, type: 'referral.bonus', eventKey, at: deps.clock.now(), params });
    }
  }

  function describeBonus(): string {
    // Shared texts, so the web and the mails find the bonus in any language (DESIGN D19).
    const usd = formatUsdShort(bonusUsd);
    const svp = formatAmount(bonusSvp, 'SVP', 0);
    if (bonusUsd > 0n && bonusSvp > 0n) return MSG.referral.bonusBoth(usd, svp);
    if (bonusSvp > 0n) return MSG.referral.bonusSvp(svp);
    return bonusUsd > 0n ? usd : MSG.referral.bonusNothing;
  }

  return {
    /** The sign-up page's text, rendered from the rule that is actually paid. */
    text(): string {
      if (config.REFERRAL_RULE === 'off') return MSG.referral.paused;
      return config.REFERRAL_RULE === 'signup'
        ? MSG.referral.inviteOnSignup(describeBonus())
        : MSG.referral.inviteOnInvestment(describeBonus());
    },

    async onSignup(tx: Tx, userId: string, referrerId: string | null) {
      if (config.REFERRAL_RULE === 'signup' && referrerId) await pay(tx, userId, referrerId);
    },

    /**
     * The bonus a first investment pays under the first-investment rule, for an investment made in one statement
     * (api_invest): the investor is REQUEST_USER, the referrer REQUEST_RECIPIENT; null when nothing is paid.
     */
    firstInvestmentBonus() {
      if (config.REFERRAL_RULE !== 'first-investment') return null;
      const legs = bonusLegs(requestUserAccount, requestRecipientAccount);
      if (legs.length === 0) return null;
      return { legs, memo: `Referral bonus: ${describeBonus()}`, keyPrefix: ledgerKey.referral('') };
    },

    async onInvestmentStarted(tx: Tx, userId: string, isFirst: boolean) {
      if (config.REFERRAL_RULE !== 'first-investment' || !isFirst) return;
      const [row] = await tx.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, userId));
      if (row?.referredBy) await pay(tx, userId, row.referredBy);
    },

    async code(userId: string) {
      const user = await usersRepository.findById(db, userId);
      return { referralCode: user?.referralCode ?? null, message: this.text() };
    },

    /**
     * Sets the user's own code once: generated, or custom (trimmed, letters, digits, underscore). The code and the
     * request's Idempotency-Key mark commit together (a retry after a crash is told so).
     */
    async setCode(
      userId: string,
      source: 'generate' | 'custom',
      custom: string,
      claim: IdempotencyClaim | null = null,
    ) {
      let code: string;
      if (source === 'custom') {
        code = custom.trim().replace(/[^A-Za-z0-9_]/g, '');
        if (!code)
          throw new AppError('VALIDATION_ERROR', MSG.referral.customInvalid, {
            referralCode: MSG.referral.customInvalid,
          });
        if (code.length > CODE_MAX)
          throw new AppError('VALIDATION_ERROR', MSG.referral.tooLong, { referralCode: MSG.referral.tooLong });
      } else {
        code = Array.from(randomBytes(8), (b) => ALPHABET[b % ALPHABET.length]).join('');
      }
      try {
        await inTransaction(
          db,
          async (tx) => {
            const updated = await tx
              .update(users)
              .set({ referralCode: code })
              .where(and(eq(users.id, userId), isNull(users.referralCode)))
              .returning({ code: users.referralCode });
            if (updated.length === 0) throw new AppError('CONFLICT', MSG.referral.alreadySet);
          },
          claim,
        );
      } catch (error) {
        if (pgErrorCode(error) === '23505') {
          throw new AppError('CONFLICT', MSG.referral.taken, { referralCode: MSG.referral.taken });
        }
        throw error;
      }
      return { referralCode: code, message: MSG.referral.saved };
    },
  };
}

export type ReferralsService = ReturnType<typeof createReferralsService>;
