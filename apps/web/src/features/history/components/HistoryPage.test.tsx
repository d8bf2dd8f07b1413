import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/text';
import { jsonResponse, mockFetch, renderAt } from '../../../test/render';
import HistoryPage, { splitLine } from './HistoryPage';

describe('History page', () => {
  it('shows each line as its sentence, with the time in the reader’s locale', async () => {
    mockFetch({
      'GET /api/v1/history': () =>
        jsonResponse(200, {
          lines: [
            '2026-03-04 10:30 UTC — 1,000.00 daily coins earned for 2 days, Mar 3, 2026 to Mar 4, 2026',
            '2026-03-02 09:00 UTC — Top-up received: $50.00 added to your balance (53.00 USDT paid, $3.00 fee)',
          ],
        }),
    });
    renderAt(<HistoryPage />, { path: '/dashboard/history' });
    const lines = await screen.findAllByTestId('history-line');
    expect(lines).toHaveLength(2);
    // The sentence stands on its own, not behind a ledger time stamp.
    expect(
      within(lines[1]!).getByText('Top-up received: $50.00 added to your balance (53.00 USDT paid, $3.00 fee)'),
    ).toBeInTheDocument();
    const time = within(lines[1]!).getByText(formatDateTime('2026-03-02T09:00:00Z'));
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-03-02T09:00:00Z');
    expect(screen.queryByText(/UTC —/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV statement' })).toHaveAttribute('href', '/api/v1/history.csv');
  });

  it('says how old its figures are when a read replica served them, and nothing when the primary did', async () => {
    const asOf = new Date(Date.now() - 40_000).toISOString();
    mockFetch({
      'GET /api/v1/history': () =>
        jsonResponse(200, { lines: ['2026-03-02 09:00 UTC — Registered'], figuresAsOf: asOf }),
    });
    renderAt(<HistoryPage />, { path: '/dashboard/history' });
    const age = await screen.findByTestId('figures-age');
    expect(age).toHaveTextContent(`Figures as of ${formatDateTime(asOf)} (40 s behind)`);
  });

  it('says nothing of the figures’ age when the primary answered', async () => {
    mockFetch({ 'GET /api/v1/history': () => jsonResponse(200, { lines: ['2026-03-02 09:00 UTC — Registered'] }) });
    renderAt(<HistoryPage />, { path: '/dashboard/history' });
    await screen.findAllByTestId('history-line');
    expect(screen.queryByTestId('figures-age')).not.toBeInTheDocument();
  });

  it('shows a line without a time stamp as it came', () => {
    expect(splitLine('Registered')).toEqual({ what: 'Registered', at: null });
  });
});
