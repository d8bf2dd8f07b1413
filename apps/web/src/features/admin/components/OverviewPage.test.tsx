import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderAt } from '../../../test/render';
import { testSolvency } from '../../../test/console';
import OverviewPage from './OverviewPage';

const COUNTS = { users: 2, admins: 1, activeInvestments: 1, pendingWithdrawals: 0, openTickets: 0, flaggedDeposits: 0 };

function renderWith(solvency: typeof testSolvency) {
  mockFetch({
    'GET /api/v1/admin/overview': () =>
      jsonResponse(200, { counts: COUNTS, invariants: { ok: true, problems: [] }, solvency }),
  });
  renderAt(<OverviewPage />, { path: '/dashadmin/overview' });
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });

describe('admin overview: can the platform pay', () => {
  it('shows owed at maturity from the expected withdrawals, net money held, and a red shortfall line', async () => {
    renderWith(testSolvency);
    const line = await screen.findByTestId('solvency-line');
    expect(line).toHaveTextContent('Shortfall');
    expect(line).toHaveTextContent('The platform owes $77.00 more than it holds');
    expect(line).toHaveAttribute('role', 'alert');
    expect(line.getAttribute('style')).toContain('--mantine-color-red');
    expect(row('Owed at maturity')).toHaveTextContent('$180.00');
    expect(row('\\+ Plan returns still to come')).toHaveTextContent(
      '1 active plan: $100.00 invested, $180.00 expected',
    );
    expect(row('Net money held')).toHaveTextContent('$103.00');
    expect(within(screen.getByTestId('solvency')).getByText('Deposits received')).toBeInTheDocument();
  });

  it('says a surplus in plain words, not in red', async () => {
    renderWith({
      ...testSolvency,
      activePlans: { count: 0, invested: '0', atMaturity: '0' },
      planReturnsToCome: '0',
      owedAtMaturity: '100',
      surplus: '3',
    });
    const line = await screen.findByTestId('solvency-line');
    expect(line).toHaveTextContent('The platform holds $3.00 more than it would owe');
    expect(line).toHaveAttribute('role', 'status');
    expect(line.getAttribute('style')).not.toContain('--mantine-color-red');
  });

  it('does not round a shortfall of a fraction of a cent away', async () => {
    renderWith({ ...testSolvency, surplus: '-0.000001' });
    expect(await screen.findByTestId('solvency-line')).toHaveTextContent('The platform owes less than $0.01 more');
  });
});

describe('admin overview: the ledger check', () => {
  it('says when the figures were taken, as a large ledger is checked in the background', async () => {
    mockFetch({
      'GET /api/v1/admin/overview': () =>
        jsonResponse(200, {
          counts: COUNTS,
          invariants: { ok: true, problems: [], checkedAt: '2026-03-02T09:00:00.000Z' },
          solvency: testSolvency,
        }),
    });
    renderAt(<OverviewPage />, { path: '/dashadmin/overview' });
    const status = await screen.findByRole('status', { name: /Ledger invariants hold/ });
    expect(status).toHaveTextContent('Last checked at');
  });
});
