import { ACCOUNT_MSG } from '@svp/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setStoredUser } from '../lib/storedUser';
import { jsonResponse, meAnswer, mockFetch, renderAt, testUser, testWithdrawalControls } from '../test/render';
import { Sidebar } from './dashboard/Sidebar';

const matured = { ...testUser, withdrawableNow: '24.9', end_time: '2026-02-15T00:00:00.000Z' };
const quote = (reasons: string[]) => ({
  hasPlan: true,
  endTime: matured.end_time,
  daysRemaining: 0,
  expectedWithdrawal: '22.5',
  earnings: '5',
  canOpen: true,
  canSubmit: reasons.length === 0,
  reasons,
  maturity: { gross: '27.5', fees: '2.6', feeSplit: { handling: '1', crypto: '1', charity: '0.6' }, payout: '24.9' },
  breakInvestment: {
    invested: '10',
    gross: '4',
    fees: '2.6',
    feeSplit: { handling: '1', crypto: '1', charity: '0.6' },
    payout: '1.4',
  },
  canBreak: false,
  canMoveToBalance: true,
  breakRefusal: null,
  controls: testWithdrawalControls,
  wallet: matured.wallet,
});

beforeEach(() => setStoredUser(matured));

describe('the sidebar while a withdrawal is blocked', () => {
  it('says why under "Withdrawable balance", with the way to verify', async () => {
    mockFetch({
      'GET /api/v1/me': () => jsonResponse(200, { ...meAnswer(matured), emailVerified: false }),
      'GET /api/v1/withdrawals/quote': () => jsonResponse(200, quote([ACCOUNT_MSG.withdrawalsNeedVerifiedEmail])),
    });
    renderAt(<Sidebar user={matured} />, { path: '/dashboard' });
    const note = await screen.findByTestId('withdraw-blocked');
    expect(note).toHaveTextContent(ACCOUNT_MSG.withdrawalsBlockedUnverified);
    expect(screen.getByRole('link', { name: 'Verify it' })).toHaveAttribute('href', '/dashboard/settings');
  });

  it('says nothing, and asks nothing more, once the address is verified', async () => {
    const fetched = mockFetch({ 'GET /api/v1/me': () => jsonResponse(200, meAnswer(matured)) });
    renderAt(<Sidebar user={matured} />, { path: '/dashboard' });
    await waitFor(() => expect(fetched).toHaveBeenCalled());
    expect(screen.queryByTestId('withdraw-blocked')).toBeNull();
    expect(fetched.mock.calls.map(([url]) => String(url))).toEqual(['/api/v1/me']);
  });

  it('says nothing where the operator does not require a verified address', async () => {
    let quoted = false;
    mockFetch({
      'GET /api/v1/me': () => jsonResponse(200, { ...meAnswer(matured), emailVerified: false }),
      'GET /api/v1/withdrawals/quote': () => {
        quoted = true;
        return jsonResponse(200, quote([]));
      },
    });
    renderAt(<Sidebar user={matured} />, { path: '/dashboard' });
    await waitFor(() => expect(quoted).toBe(true));
    await act(() => Promise.resolve());
    expect(screen.queryByTestId('withdraw-blocked')).toBeNull();
  });
});
