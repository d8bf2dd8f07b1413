import { eq } from 'drizzle-orm';
import { MSG, toDecimalString, type UserSnapshot } from '@svp/shared';
import { users } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { pgErrorCode } from '../ledger/ledger.errors.js';
import type { Db } from '../../db/client.js';
import type { HistoryService } from '../history/history.service.js';
import type { Ledger } from '../ledger/ledger.service.js';
import { plansRepository } from '../plans/plans.repository.js';
import type { EngagementService } from '../engagement/engagement.service.js';
import { usersRepository, type UserRow } from './users.repository.js';

/** The §3 snapshot: identity from the users table, every amount from the ledger (DESIGN D3). */
export function createUsersService(db: Db, ledger: Ledger, history: HistoryService, engagement: EngagementService) {
  async function snapshot(user: UserRow): Promise<UserSnapshot> {
    // Daily coins and bot upkeep are settled lazily when the user's state is read (DESIGN D11).
    const state = user.role === 'user' ? await engagement.settleIfDue(user.id) : undefined;
    const balances = await ledger.balances(user.id);
    const active = await plansRepository.activeInvestment(db, user.id);
    const plan = active ? await plansRepository.find(db, active.planCode) : undefined;
    const lines = await history.lines(user.id, 20);
    const amount = (code: string) => balances.get(code) ?? 0n;
    return {
      id: user.id,
      email: user.email,
      role: user.role,
      username: user.username,
      balance: toDecimalString(amount('usd.balance'), 'USD'),
      tier: plan?.name ?? 'No Plan',
      wallet: user.walletAddress,
      end_time: active?.endsAt.toISOString() ?? null,
      expectedWithdrawal: toDecimalString(active?.expectedWithdrawal ?? 0n, 'USD'),
      investedAmount: toDecimalString(amount('usd.invested'), 'USD'),
      history: lines.join('\n'),
      coins: toDecimalString(amount('coin.coins'), 'COIN'),
      dailyCoins: toDecimalString(amount('coin.daily'), 'COIN'),
      botEarn: '0',
      earnings: toDecimalString(amount('usd.earnings'), 'USD'),
      botStatus: state?.botStatus === 'active' ? 1 : 0,
      referralCode: user.referralCode,
    };
  }

  return {
    snapshot,
    /** Username: unique regardless of case (SPEC §2 Settings). */
    async changeUsername(userId: string, username: string) {
      const taken = await usersRepository.findByUsername(db, username);
      if (taken && taken.id !== userId)
        throw new AppError(409, 'CONFLICT', MSG.profile.usernameTaken, { username: MSG.profile.usernameTaken });
      try {
        await db.update(users).set({ username, updatedAt: new Date() }).where(eq(users.id, userId));
      } catch (error) {
        if (pgErrorCode(error) === '23505')
          throw new AppError(409, 'CONFLICT', MSG.profile.usernameTaken, { username: MSG.profile.usernameTaken });
        throw error;
      }
      return { success: true as const, message: MSG.profile.usernameSaved };
    },
    async snapshotById(id: string): Promise<UserSnapshot | null> {
      const user = await usersRepository.findById(db, id);
      return user ? snapshot(user) : null;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
