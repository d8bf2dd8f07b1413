import { eq } from 'drizzle-orm';
import { MSG, toDecimalString, withdrawableNow, type MeResponse, type UserSnapshot } from '@svp/shared';
import { users } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { pgErrorCode } from '../../db/pg-errors.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../clock.js';
import { inTransaction, type IdempotencyClaim } from '../../db/transaction.js';
import type { HistoryService } from '../history/history.service.js';
import type { EngagementService } from '../engagement/engagement.service.js';
import { botStatusView, rewardStatusView } from '../engagement/engagement.views.js';
import { usersRepository, type SnapshotRow, type UserRow } from './users.repository.js';

/** A balance the snapshot row read, in minor units (0 for an account not opened yet). */
const balanceOf = (row: SnapshotRow, code: string) => BigInt(row.balances?.[code] ?? '0');

/** The §3 snapshot: identity from the users table, every amount from the ledger (DESIGN D3). */
export function createUsersService(
  db: Db,
  clock: Clock,
  engagement: EngagementService,
  history: HistoryService,
  /** Earnings needed before a withdrawal to the wallet (MIN_WITHDRAWAL_EARNINGS_USD). */
  minEarnings: bigint,
) {
  const HISTORY_LINES = 20;

  function fromRow(row: SnapshotRow, lines: string[]): UserSnapshot {
    const amount = (code: string) => balanceOf(row, code);
    return {
      id: row.id,
      email: row.email,
      role: row.role,
      username: row.username,
      balance: toDecimalString(amount('usd.balance'), 'USD'),
      tier: row.plan_name ?? 'No Plan',
      wallet: row.wallet_address,
      end_time: row.ends_at_ms ? new Date(Number(row.ends_at_ms)).toISOString() : null,
      expectedWithdrawal: toDecimalString(BigInt(row.expected_withdrawal ?? '0'), 'USD'),
      withdrawableNow: toDecimalString(
        withdrawableNow(
          {
            expectedWithdrawal: BigInt(row.expected_withdrawal ?? '0'),
            earnings: amount('usd.earnings'),
            endsAt: row.ends_at_ms ? new Date(Number(row.ends_at_ms)) : null,
          },
          minEarnings,
          clock.now(),
        ),
        'USD',
      ),
      investedAmount: toDecimalString(amount('usd.invested'), 'USD'),
      history: lines.join('\n'),
      coins: toDecimalString(amount('coin.coins'), 'COIN'),
      dailyCoins: toDecimalString(amount('coin.daily'), 'COIN'),
      botEarn: '0',
      earnings: toDecimalString(amount('usd.earnings'), 'USD'),
      earnedTotal: toDecimalString(BigInt(row.earned_total ?? '0'), 'USD'),
      botStatus: row.bot_status === 'active' ? 1 : 0,
      referralCode: row.referral_code,
      language: row.language,
    };
  }

  /** The row as it stands once daily coins and bot upkeep are settled, when they were due (DESIGN D11). */
  async function settled(row: SnapshotRow | undefined): Promise<SnapshotRow | undefined> {
    if (!row || row.role !== 'user' || !row.engagement_due) return row;
    await engagement.settle(row.id);
    return usersRepository.snapshotRow(db, row.id, clock.now());
  }

  /** The statement lines come from the history cache when the user's entries are unchanged. */
  const snapshotOf = async (row: SnapshotRow) =>
    fromRow(row, await history.lines(row.id, HISTORY_LINES, row.entries_total));

  /** The §3 snapshot from a row already read, accruals settled first when due. */
  async function snapshotFrom(row: SnapshotRow | undefined): Promise<UserSnapshot | null> {
    const current = await settled(row);
    return current ? snapshotOf(current) : null;
  }

  /**
   * GET /me's answer from the row its session statement read: the snapshot and, for a user, the dashboard
   * home's coin box and bot box as GET /rewards and GET /bot would answer them, so the home's first screen
   * needs no request of its own for them (test/users/first-screen.test.ts counts them).
   */
  async function meFrom(row: SnapshotRow | undefined): Promise<MeResponse | null> {
    const current = await settled(row);
    if (!current) return null;
    const user = await snapshotOf(current);
    const emailVerified = current.email_verified;
    if (current.role !== 'user') return { success: true, user, engagement: null, emailVerified };
    const rewards = rewardStatusView({
      welcomeClaimed: current.welcome_claimed,
      coins: balanceOf(current, 'coin.coins'),
      dailyCoins: balanceOf(current, 'coin.daily'),
    });
    const bot = botStatusView({
      botStatus: current.bot_status ?? 'inactive',
      botReason: current.bot_reason,
      botPaidThrough: current.bot_paid_through_ms ? new Date(Number(current.bot_paid_through_ms)) : null,
    });
    return { success: true, user, engagement: { rewards, bot }, emailVerified };
  }

  const snapshotById = async (id: string) => snapshotFrom(await usersRepository.snapshotRow(db, id, clock.now()));

  async function snapshot(user: UserRow): Promise<UserSnapshot> {
    const result = await snapshotById(user.id);
    if (!result) throw new Error(`user ${user.id} vanished while reading its snapshot`);
    return result;
  }

  return {
    snapshot,
    /**
     * Username: unique regardless of case (SPEC §2 Settings). The change and the request's Idempotency-Key mark
     * commit together (a retry after a crash is told so).
     */
    async changeUsername(userId: string, username: string, claim: IdempotencyClaim | null = null) {
      const taken = await usersRepository.findByUsername(db, username);
      if (taken && taken.id !== userId)
        throw new AppError('CONFLICT', MSG.profile.usernameTaken, { username: MSG.profile.usernameTaken });
      try {
        await inTransaction(
          db,
          (tx) => tx.update(users).set({ username, updatedAt: clock.now() }).where(eq(users.id, userId)),
          claim,
        );
      } catch (error) {
        if (pgErrorCode(error) === '23505')
          throw new AppError('CONFLICT', MSG.profile.usernameTaken, { username: MSG.profile.usernameTaken });
        throw error;
      }
      return { success: true as const, message: MSG.profile.usernameSaved };
    },
    snapshotById,
    meFrom,
    /** GET /me's SessionRead: the session and the snapshot's row in one statement. */
    snapshotWithSession: usersRepository.snapshotBySession,
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
