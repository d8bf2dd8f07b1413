import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LedgerLine } from '@svp/shared';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/text';
import { jsonResponse, mockFetch, renderAt } from '../../../test/render';
import HistoryPage from './HistoryPage';

const topUp: LedgerLine = {
  id: '12',
  transactionCount: 1,
  createdAt: '2026-03-02T09:00:00.000Z',
  kind: 'deposit',
  title: 'Top-up',
  description: 'Top-up received: $50.00 added to your balance (53.00 USDT paid, $3.00 fee)',
  changes: [{ account: 'usd.balance', label: 'Balance', asset: 'USD', amount: '50', balanceAfter: '50' }],
};
const invested: LedgerLine = {
  id: '13',
  transactionCount: 1,
  createdAt: '2026-03-03T10:30:00.000Z',
  kind: 'investment.start',
  title: 'Plan started',
  description: 'Invested in the Standard plan for 45 days: $10.00 from your balance',
  changes: [
    { account: 'usd.balance', label: 'Balance', asset: 'USD', amount: '-10', balanceAfter: '40' },
    { account: 'usd.invested', label: 'Invested amount', asset: 'USD', amount: '10', balanceAfter: '10' },
  ],
};

describe('History page (the ledger view)', () => {
  it('shows each line’s sentence and time, its signed amounts and the balance after', async () => {
    mockFetch({ 'GET /api/v1/history': () => jsonResponse(200, { items: [invested, topUp], nextCursor: null }) });
    renderAt(<HistoryPage />, { path: '/dashboard/history' });
    const rows = await screen.findAllByTestId('ledger-row');
    expect(rows).toHaveLength(2);
    // The sentence stands on its own: no signed amount inside it.
    const line = within(rows[0]!).getByTestId('history-line');
    expect(line).toHaveTextContent('Invested in the Standard plan for 45 days: $10.00 from your balance');
    expect(line.textContent).not.toMatch(/[-+−]\$?\d/);
    const time = within(rows[1]!).getByText(formatDateTime('2026-03-02T09:00:00.000Z'));
    expect(time.tagName).toBe('TIME');
    const amounts = within(rows[0]!)
      .getAllByTestId('ledger-amount')
      .map((a) => a.textContent);
    expect(amounts).toEqual(['−$10.00', '+$10.00']);
    expect(within(rows[0]!).getByText('Balance: $40.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV statement' })).toHaveAttribute('href', '/api/v1/history.csv');
  });

  it('filters by kind, and the CSV link exports the filtered view', async () => {
    mockFetch({
      'GET /api/v1/history': () => jsonResponse(200, { items: [invested, topUp], nextCursor: null }),
      'GET /api/v1/history?kind=topups': () => jsonResponse(200, { items: [topUp], nextCursor: null }),
    });
    const user = userEvent.setup();
    renderAt(<HistoryPage />, { path: '/dashboard/history' });
    await screen.findAllByTestId('ledger-row');
    await user.click(screen.getByRole('textbox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Top-ups' }));
    await waitFor(() => expect(screen.getAllByTestId('ledger-row')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Download CSV statement' })).toHaveAttribute(
      'href',
      '/api/v1/history.csv?kind=topups',
    );
  });

  it('opens a line’s details with its references', async () => {
    mockFetch({
      'GET /api/v1/history': () => jsonResponse(200, { items: [topUp], nextCursor: null }),
      'GET /api/v1/history/entries/12': () =>
        jsonResponse(200, {
          ...topUp,
          memo: null,
          references: [{ label: 'Deposit transaction', value: `0x${'ab'.repeat(32)}`, type: 'hash' }],
        }),
    });
    const user = userEvent.setup();
    renderAt(<HistoryPage />, { path: '/dashboard/history' });
    await user.click(await screen.findByRole('button', { name: /^Top-up, .*: details$/ }));
    const detail = await screen.findByTestId('ledger-detail');
    expect(within(detail).getByText('Deposit transaction')).toBeInTheDocument();
    expect(within(detail).getByTitle(`0x${'ab'.repeat(32)}`)).toBeInTheDocument();
    expect(within(detail).getByText('12')).toBeInTheDocument();
  });

  it('says how old its figures are when a read replica served them', async () => {
    const asOf = new Date(Date.now() - 40_000).toISOString();
    mockFetch({
      'GET /api/v1/history': () => jsonResponse(200, { items: [topUp], nextCursor: null, figuresAsOf: asOf }),
    });
    renderAt(<HistoryPage />, { path: '/dashboard/history' });
    const age = await screen.findByTestId('figures-age');
    expect(age).toHaveTextContent(`Figures as of ${formatDateTime(asOf)}`);
    expect(age).toHaveTextContent(/\(4\d s behind\)/);
  });

  it('says when nothing matches, apart from having no activity at all', async () => {
    mockFetch({ 'GET /api/v1/history': () => jsonResponse(200, { items: [], nextCursor: null }) });
    renderAt(<HistoryPage />, { path: '/dashboard/history' });
    expect(await screen.findByText('No activity yet.')).toBeInTheDocument();
  });
});
