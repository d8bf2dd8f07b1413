import { daysRemaining, formatUsdShort, formatUsd, MSG, usdText, WITHDRAWAL_CONTROLS_MSG } from '@svp/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { inTransaction, type IdempotencyClaim } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import type { AuditLog } from '../audit/audit.js';
import { systemAccount, userAccount, type Ledger } from '../ledger/ledger.service.js';
import { plansRepository } from '../plans/plans.repository.js';
import { usersRepository } from '../users/users.repository.js';
import { createPayoutConfirmation, type PayoutChain } from './payout-confirmation.js';
import { createWithdrawalDecisions } from './withdrawal-decisions.js';
import { feeTotal, withdrawalView } from './withdrawal-money.js';
import { withdrawalsRepository as repo } from './withdrawals.repository.js';
import { createWithdrawalRequest } from './withdrawal-request.js';
import { priceWithdrawals, pricingRule, refusalMessage, type Price } from './withdrawal-price.js';
import { ledgerKey } from '../ledger/ledger-keys.js';
import { createWithdrawalLimits, NO_CONTROLS, readControls, type ControlsConfig } from './withdrawal-controls.js';

/** A price as the quote shows it: the gross, the fees (their total and each), and what arrives. */
const quotedPayout = (p: Price) => ({
  gross: usdText(p.gross),
  fees: usdText(feeTotal(p)),
  feeSplit: { handling: usdText(p.fees.handling), crypto: usdText(p.fees.crypto), charity: usdText(p.fees.charity) },
  payout: usdText(p.payout),
});

/**
 * Withdrawals (SPEC §4, §9; DESIGN D6, D7), the user's side: the quote, the request (which holds the payout
 * in a pending account at once) and moving a matured plan to the balance; the admin's decisions are in
 * withdrawal-decisions.ts.
 */
export function createWithdrawalsService(deps: {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  audit: AuditLog;
  /** Earnings needed before a withdrawal to the wallet, and the referral bonus that earns them (0: none). */
  rule: { minEarnings: bigint; referralBonusUsd: bigint };
  /** The chain that confirms payouts, and the treasury they leave from (DESIGN D16). */
  chain: PayoutChain;
  treasury: string | null;
  /** WITHDRAWALS_REQUIRE_VERIFIED_EMAIL (ADR 0023): a request needs the account's e-mail verified. */
  requireVerifiedEmail?: boolean;
  /** Caps, four eyes and holds (ADR 0044); tests that build the service alone get the defaults' absence: none. */
  controls?: ControlsConfig;
}) {
  const { db, clock, ledger } = deps;
  const { minEarnings, referralBonusUsd } = deps.rule;

  /** The pricing rule, the same the request's statement is given (withdrawal-price.ts). */
  const rule = pricingRule({ minEarnings, requireVerified: deps.requireVerifiedEmail ?? false });

  const payouts = createPayoutConfirmation(deps);
  const controls: ControlsConfig = deps.controls ?? NO_CONTROLS;

  return {
    ...createWithdrawalDecisions(deps),
    /** Where the watcher hands USDT leaving the treasury. */
    payoutSink: payouts.sink,
    payByHash: payouts.payByHash,

    /** The withdrawal rule in one sentence with the configured figures, said before a plan is confirmed. */
    ruleText(): string {
      const referrals =
        referralBonusUsd > 0n
          ? {
              count: Number((minEarnings + referralBonusUsd - 1n) / referralBonusUsd),
              bonus: formatUsdShort(referralBonusUsd),
            }
          : null;
      return referrals
        ? MSG.withdraw.ruleBeforeInvestingWithReferrals(
            formatUsdShort(minEarnings),
            String(referrals.count),
            referrals.bonus,
          )
        : MSG.withdraw.ruleBeforeInvesting(formatUsdShort(minEarnings));
    },

    async quote(userId: string) {
      const investment = await plansRepository.activeInvestment(db, userId);
      const user = await usersRepository.findById(db, userId);
      const earnings = (await ledger.balances(userId)).get('usd.earnings') ?? 0n;
      const { maturity, broken } = await priceWithdrawals(
        db,
        { plan: investment, earnings, verified: Boolean(user?.emailVerifiedAt), now: clock.now() },
        rule,
      );
      const days = maturity.days;
      const now = clock.now();
      const controlled = { id: userId, wallet: user?.walletAddress ?? '' };
      // The caps as a request of each kind would meet them (withdrawal_controls, the statement's own rule).
      const [matureControls, breakControls] = await Promise.all([
        readControls(db, controls, controlled, now, maturity.payout),
        readControls(db, controls, controlled, now, broken.payout),
      ]);
      // Every reason the request would refuse, the e-mail's first (ADR 0023): the page says why before it is sent.
      const reasons = [
        ...maturity.refusals.filter((r) => r === 'unverified'),
        ...maturity.refusals.filter((r) => r !== 'unverified'),
      ].map((r) => refusalMessage(r, days ?? 0, minEarnings));
      if (matureControls.message) reasons.push(matureControls.message);
      return {
        hasPlan: Boolean(investment),
        endTime: investment?.endsAt.toISOString() ?? null,
        daysRemaining: days,
        expectedWithdrawal: usdText(investment?.expectedWithdrawal ?? 0n),
        earnings: usdText(earnings),
        canOpen: days !== null && days <= 0,
        canSubmit: reasons.length === 0,
        reasons,
        maturity: quotedPayout(maturity),
        breakInvestment: { invested: usdText(investment?.amount ?? 0n), ...quotedPayout(broken) },
        canBreak: broken.refusals.length === 0 && breakControls.refusal === null,
        breakRefusal: broken.refusals.length === 0 ? breakControls.message : null,
        canMoveToBalance: days !== null && days <= 0,
        wallet: user?.walletAddress ?? '',
        controls: {
          ...matureControls.figures,
          hold: matureControls.hold,
          review: matureControls.review,
          promise: WITHDRAWAL_CONTROLS_MSG.promise,
        },
      };
    },

    list: async (userId: string) => ({ withdrawals: (await repo.listForUser(db, userId)).map(withdrawalView) }),

    /** The request: priced and made in one statement (withdrawal-request.ts, ADR 0038). */
    request: createWithdrawalRequest({
      db,
      ledger,
      rule: { minEarnings, requireVerified: deps.requireVerifiedEmail ?? false },
      controls,
    }),

    /** Finance's caps per user (ADR 0044). */
    limits: createWithdrawalLimits({ db, clock, audit: deps.audit, controls }),

    /**
     * Closes a matured plan into the balance: the invested amount and its profit, no fees (nothing leaves
     * for the chain). Without it a user short of the $5 of earnings a withdrawal needs could neither
     * withdraw, break (matured) nor start a new plan (one active plan): the money was stuck (ADR 0013).
     */
    async moveToBalance(userId: string, claim: IdempotencyClaim | null = null) {
      const moved = await inTransaction(
        db,
        async (tx) => {
          const investment = await plansRepository.lockActiveInvestment(tx, userId);
          if (!investment) throw new AppError('NOT_ELIGIBLE', MSG.withdraw.noPlan);
          const days = daysRemaining(investment.endsAt, clock.now());
          if (days > 0) throw new AppError('NOT_ELIGIBLE', MSG.withdraw.notMatured(days));
          await plansRepository.close(tx, investment.id, clock.now());
          await ledger.postIn(tx, {
            kind: 'investment.to-balance',
            idempotencyKey: ledgerKey.investmentToBalance(investment.id),
            actorId: userId,
            memo: `Matured plan moved to your balance: ${usdText(investment.expectedWithdrawal)}`,
            legs: [
              { account: userAccount(userId, 'usd.invested'), amount: -investment.amount },
              { account: systemAccount('usd.platform'), amount: -(investment.expectedWithdrawal - investment.amount) },
              { account: userAccount(userId, 'usd.balance'), amount: investment.expectedWithdrawal },
            ].filter((l) => l.amount !== 0n),
          });
          return investment.expectedWithdrawal;
        },
        claim,
      );
      const amount = usdText(moved);
      return { success: true as const, message: MSG.withdraw.movedToBalance(formatUsd(amount)), amount };
    },
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
