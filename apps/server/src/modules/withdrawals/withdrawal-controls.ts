import {
  WITHDRAWAL_CONTROLS_MSG as CONTROLS_MSG,
  HOLD_CHANGES,
  REVIEW_REASONS,
  usdText,
  type WithdrawalLimitsSet,
  fromDecimalString,
} from '@svp/shared';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { functionCall } from '../../db/sql-functions.js';
import { users, withdrawalLimits } from '../../db/schema.js';
import { errors } from '../../http/errors.js';
import type { SignedInActor } from '../../http/session.js';
import type { AuditLog } from '../audit/audit.js';
import type { Clock } from '../../clock.js';

/*
 * Withdrawal controls (DESIGN D18, docs/decisions/0044-withdrawal-controls.md). The rules run in the
 * database (sql/functions/withdrawals/withdrawal_controls.sql), called by the request's one statement under the
 * user's locks; this file gives them their configuration, reads the same function for the quote and the admin's
 * limits page, and words a refusal.
 */

/** The configured figures the statement is given (config.ts, docs/configuration.md). */
export interface ControlsConfig {
  /** Default caps in micro-dollars over 24 hours and 30 days; 0: no cap. */
  dailyCap: bigint;
  monthlyCap: bigint;
  /** A payout above it needs a second admin's approval; 0: never. */
  fourEyesAbove: bigint;
  /** The first withdrawal to a wallet changed within this many ms needs one too; 0: never. */
  newWalletMs: number;
  /** How long a change to the account holds withdrawals (fixed on each hold when it starts); 0: no hold. */
  holdMs: number;
}

/** None of them: for a service built without configuration (tests of other modules). */
export const NO_CONTROLS: ControlsConfig = {
  dailyCap: 0n,
  monthlyCap: 0n,
  fourEyesAbove: 0n,
  newWalletMs: 0,
  holdMs: 0,
};

export function controlsConfig(config: Config): ControlsConfig {
  return {
    dailyCap: config.WITHDRAWAL_DAILY_CAP_USD,
    monthlyCap: config.WITHDRAWAL_MONTHLY_CAP_USD,
    fourEyesAbove: config.WITHDRAWAL_FOUR_EYES_ABOVE_USD,
    newWalletMs: config.WITHDRAWAL_NEW_WALLET_REVIEW_DAYS * 24 * 3_600_000,
    holdMs: config.WITHDRAWAL_HOLD_HOURS * 3_600_000,
  };
}

/** The refusals withdrawal_controls adds to withdrawal_price's. */
export const CONTROL_REFUSALS = ['hold', 'daily-cap', 'monthly-cap'] as const;
export type ControlRefusal = (typeof CONTROL_REFUSALS)[number];

/** What a request's statement stores beside a cap refusal (api_withdrawal_request.sql). */
export const capFigures = z.object({ payout: z.string(), cap: z.string(), used: z.string() });
/** And beside a hold: until when and why. */
export const holdFigures = z.object({ until: z.string(), change: z.enum(HOLD_CHANGES) });

/** A control's refusal in words, from the figures the statement stored with it. */
export function controlRefusalMessage(
  refusal: ControlRefusal,
  cap: z.infer<typeof capFigures> | null | undefined,
  hold?: z.infer<typeof holdFigures> | null,
) {
  if (refusal === 'hold') return CONTROLS_MSG.hold(hold?.until ?? new Date(0), hold?.change ?? 'password');
  const payout = BigInt(cap?.payout ?? '0');
  const limit = BigInt(cap?.cap ?? '0');
  const used = BigInt(cap?.used ?? '0');
  return refusal === 'daily-cap'
    ? CONTROLS_MSG.dailyCap(payout, limit, used)
    : CONTROLS_MSG.monthlyCap(payout, limit, used);
}

const controlsCall = functionCall(
  'withdrawal_controls',
  `o_refusal as refusal, o_daily_cap::text as "dailyCap", o_daily_used::text as "dailyUsed",
   o_monthly_cap::text as "monthlyCap", o_monthly_used::text as "monthlyUsed", o_review::text[] as review,
   o_hold_until as "holdUntil", o_hold_change as "holdChange"`,
  {
    p_user_id: 'uuid',
    p_now: 'timestamptz',
    p_payout: 'bigint',
    p_daily_cap: 'bigint',
    p_monthly_cap: 'bigint',
    p_four_eyes_above: 'bigint',
    p_wallet: 'text',
    p_new_wallet_ms: 'bigint',
  },
  z.object({
    refusal: z.enum(CONTROL_REFUSALS).nullable(),
    dailyCap: z.string().nullable(),
    dailyUsed: z.string(),
    monthlyCap: z.string().nullable(),
    monthlyUsed: z.string(),
    review: z.array(z.enum(REVIEW_REASONS)),
    holdUntil: z.union([z.date(), z.string()]).nullable(),
    holdChange: z.enum(HOLD_CHANGES).nullable(),
  }),
);

/** The controls as a request for `payout` would meet them now (outside the request's locks: for showing). */
export async function readControls(
  db: Db,
  cfg: ControlsConfig,
  user: { id: string; wallet: string },
  now: Date,
  payout: bigint,
) {
  const [row] = await controlsCall(db, {
    p_user_id: user.id,
    p_now: now.toISOString(),
    p_payout: payout.toString(),
    p_wallet: user.wallet,
    p_new_wallet_ms: cfg.newWalletMs,
    p_daily_cap: cfg.dailyCap.toString(),
    p_monthly_cap: cfg.monthlyCap.toString(),
    p_four_eyes_above: cfg.fourEyesAbove.toString(),
  });
  const r = row!;
  const text = (v: string | null) => (v === null ? null : usdText(BigInt(v)));
  const hold =
    r.holdUntil && r.holdChange ? { until: new Date(r.holdUntil).toISOString(), change: r.holdChange } : null;
  const message = (refusal: ControlRefusal) =>
    controlRefusalMessage(
      refusal,
      {
        payout: payout.toString(),
        cap: (refusal === 'daily-cap' ? r.dailyCap : r.monthlyCap) ?? '0',
        used: refusal === 'daily-cap' ? r.dailyUsed : r.monthlyUsed,
      },
      hold,
    );
  return {
    refusal: r.refusal,
    review: r.review,
    hold: hold && { ...hold, message: CONTROLS_MSG.hold(hold.until, hold.change) },
    message: r.refusal ? message(r.refusal) : null,
    figures: {
      dailyCap: text(r.dailyCap),
      dailyUsed: usdText(BigInt(r.dailyUsed)),
      monthlyCap: text(r.monthlyCap),
      monthlyUsed: usdText(BigInt(r.monthlyUsed)),
    },
  };
}

/** Finance's side: a user's caps, read and set (withdrawals.read / withdrawals.limits), audited. */
export function createWithdrawalLimits(deps: { db: Db; clock: Clock; audit: AuditLog; controls: ControlsConfig }) {
  const { db, clock, audit, controls } = deps;
  const text = (v: bigint | null) => (v === null ? null : usdText(v));

  async function get(userId: string) {
    const [user] = await db
      .select({ id: users.id, wallet: users.walletAddress })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw errors.notFound(CONTROLS_MSG.userNotFound);
    const [row] = await db.select().from(withdrawalLimits).where(eq(withdrawalLimits.userId, userId));
    const now = await readControls(db, controls, user, clock.now(), 0n);
    return {
      userId,
      defaults: {
        dailyCap: controls.dailyCap > 0n ? usdText(controls.dailyCap) : null,
        monthlyCap: controls.monthlyCap > 0n ? usdText(controls.monthlyCap) : null,
      },
      override: row
        ? {
            dailyCap: text(row.dailyCap),
            monthlyCap: text(row.monthlyCap),
            note: row.note,
            setBy: row.setBy,
            setAt: row.setAt.toISOString(),
          }
        : null,
      ...now.figures,
    };
  }

  return {
    get,
    /** Sets the user's own caps (null: the default); both null removes the override. Audited with before and after. */
    async set(admin: SignedInActor, userId: string, input: WithdrawalLimitsSet) {
      const cap = (v: string | null) => (v === null ? null : fromDecimalString(v, 'USD'));
      const dailyCap = cap(input.dailyCap);
      const monthlyCap = cap(input.monthlyCap);
      const now = clock.now();
      await audit.change(async (tx, record) => {
        const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        if (!user) throw errors.notFound(CONTROLS_MSG.userNotFound);
        const [before] = await tx.select().from(withdrawalLimits).where(eq(withdrawalLimits.userId, userId));
        if (dailyCap === null && monthlyCap === null) {
          await tx.delete(withdrawalLimits).where(eq(withdrawalLimits.userId, userId));
        } else {
          const values = { dailyCap, monthlyCap, note: input.note, setBy: admin.userId, setAt: now };
          await tx
            .insert(withdrawalLimits)
            .values({ userId, ...values })
            .onConflictDoUpdate({ target: withdrawalLimits.userId, set: values });
        }
        const shown = (r: { dailyCap: bigint | null; monthlyCap: bigint | null; note?: string } | undefined) =>
          r ? { dailyCap: text(r.dailyCap), monthlyCap: text(r.monthlyCap), note: r.note ?? '' } : null;
        await record({
          actorId: admin.userId,
          action: 'withdrawal.limits',
          targetType: 'user',
          targetId: userId,
          before: shown(before),
          after: dailyCap === null && monthlyCap === null ? null : shown({ dailyCap, monthlyCap, note: input.note }),
          ip: admin.ip,
        });
      }, admin.claim);
      return { success: true as const, message: CONTROLS_MSG.limitsSaved, limits: await get(userId) };
    },
  };
}

export type WithdrawalLimitsService = ReturnType<typeof createWithdrawalLimits>;
