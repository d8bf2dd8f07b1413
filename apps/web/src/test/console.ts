import { ROLE_PERMISSIONS } from '@svp/shared';
import type { UserSnapshot } from '@svp/shared';
import { setStoredUser } from '../lib/storedUser';
import { jsonResponse, testUser } from './render';

// Fixtures of the tests that run as a signed-in user or in the admin console.

/** The browser of a signed-in `user`: the stored user the screens read and the CSRF cookie writes send. */
export function signIn(user: UserSnapshot) {
  setStoredUser(user);
  document.cookie = 'svp_csrf=t; path=/';
}

export const testAdmin = { ...testUser, id: 'a1', email: 'admin@example.com', role: 'admin' as const };

/** The answer of GET /admin/operator/me for an operator holding `role`. */
export const operatorMe = (role: keyof typeof ROLE_PERMISSIONS) => () =>
  jsonResponse(200, { roles: [role], permissions: ROLE_PERMISSIONS[role] });

/** The overview's solvency: Ann topped up $100 (paid $103) and put it in a 1.8× plan: $180 owed at maturity. */
export const testSolvency = {
  owedNow: '100',
  activePlans: { count: 1, invested: '100', atMaturity: '180' },
  planReturnsToCome: '80',
  activeStakes: 0,
  stakingYieldToCome: '0',
  tokensHeld: '0',
  tokensAtSellPrice: '0',
  owedAtMaturity: '180',
  depositsReceived: '103',
  paidOut: '0',
  netHeld: '103',
  surplus: '-77',
};

/** The answer of GET /history: one line saying `description`, and no further page. */
export const historyAnswer = (description: string) => ({
  items: [
    {
      id: '1',
      transactionCount: 1,
      createdAt: '2026-03-02T09:00:00.000Z',
      kind: 'x',
      title: 'Activity',
      description,
      changes: [],
    },
  ],
  nextCursor: null,
});
