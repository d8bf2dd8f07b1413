import { toDecimalString, type UserSnapshot } from '@svp/shared';
import type { Db } from '../../db/client.js';
import type { Ledger } from '../ledger/ledger.service.js';
import { usersRepository, type UserRow } from './users.repository.js';

/** The §3 snapshot: identity from the users table, every amount from the ledger (DESIGN D3). */
export function createUsersService(db: Db, ledger: Ledger) {
  async function snapshot(user: UserRow): Promise<UserSnapshot> {
    const balances = await ledger.balances(user.id);
    const amount = (code: string) => balances.get(code) ?? 0n;
    return {
      id: user.id,
      email: user.email,
      role: user.role,
      username: user.username,
      balance: toDecimalString(amount('usd.balance'), 'USD'),
      tier: 'No Plan',
      wallet: user.walletAddress,
      end_time: null,
      expectedWithdrawal: '0',
      investedAmount: toDecimalString(amount('usd.invested'), 'USD'),
      history: '',
      coins: toDecimalString(amount('coin.coins'), 'COIN'),
      dailyCoins: toDecimalString(amount('coin.daily'), 'COIN'),
      botEarn: '0',
      botStatus: 0,
      referralCode: user.referralCode,
    };
  }

  return {
    snapshot,
    async snapshotById(id: string): Promise<UserSnapshot | null> {
      const user = await usersRepository.findById(db, id);
      return user ? snapshot(user) : null;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
