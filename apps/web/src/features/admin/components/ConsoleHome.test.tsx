import { PERMISSIONS, ROLE_PERMISSIONS } from '@svp/shared';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderAt } from '../../../test/render';
import { signIn, testAdmin, testSolvency } from '../../../test/console';
import { ConsoleHome } from './ConsoleHome';

const COUNTS = { users: 2, admins: 1, activeInvestments: 1, pendingWithdrawals: 2, openTickets: 1, flaggedDeposits: 0 };
const SOLVENCY = { ...testSolvency, depositsReceived: '203', netHeld: '203', surplus: '23' };
const hour = 3_600_000;
const withdrawal = (id: string, status: string, dueInHours: number) => ({
  id,
  status,
  requestedAt: new Date(Date.now() - 72 * hour).toISOString(),
  dueAt: new Date(Date.now() + dueInHours * hour).toISOString(),
});

beforeEach(() => signIn(testAdmin));

describe('the console opens on what matters', () => {
  it('says whether the platform can pay, what waits for a decision and what is late, above the Settings', async () => {
    mockFetch({
      'GET /api/v1/admin/operator/me': () => jsonResponse(200, { roles: ['superadmin'], permissions: PERMISSIONS }),
      'GET /api/v1/admin/overview': () =>
        jsonResponse(200, { counts: COUNTS, invariants: { ok: true, problems: [] }, solvency: SOLVENCY }),
      'GET /api/v1/admin/withdrawals': () =>
        jsonResponse(200, {
          withdrawals: [
            withdrawal('w1', 'pending', -5),
            withdrawal('w2', 'pending', 20),
            withdrawal('w3', 'approved', 1),
          ],
        }),
    });
    renderAt(<ConsoleHome />, { path: '/dashadmin' });
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Yes: $23.00 to spare')).toBeInTheDocument();
    expect(screen.getByText('2 withdrawals')).toBeInTheDocument();
    expect(await screen.findByTestId('late-withdrawals')).toHaveTextContent('1 withdrawal late');
    expect(screen.getByRole('link', { name: 'Open the withdrawal queue' })).toHaveAttribute(
      'href',
      '/dashadmin/withdrawals',
    );
    expect(screen.getByRole('link', { name: 'Holdings and payouts' })).toHaveAttribute('href', '/dashadmin/treasury');
    // The spec's Settings stay whole below.
    expect(screen.getByRole('heading', { name: 'Settings', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage Withdrawals' })).toBeInTheDocument();
  });

  it('is the Settings page for a role without the overview', async () => {
    mockFetch({
      'GET /api/v1/admin/operator/me': () =>
        jsonResponse(200, { roles: ['support'], permissions: ROLE_PERMISSIONS.support }),
    });
    renderAt(<ConsoleHome />, { path: '/dashadmin' });
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Can the platform pay?')).toBeNull();
  });
});
