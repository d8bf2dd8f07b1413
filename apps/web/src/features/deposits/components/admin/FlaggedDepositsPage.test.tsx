import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderAt } from '../../../../test/render';
import FlaggedDepositsPage from './FlaggedDepositsPage';

const BASE = {
  userId: 'u1',
  username: 'bob',
  email: 'bob@example.com',
  txHash: `0x${'a'.repeat(64)}`,
  seenAt: '2026-03-02T10:00:00.000Z',
};
const REASON =
  'Not credited: 999,999,999,999,999,999,999 USDT is above the ceiling of $10,000,000 for one payment. Follow it up with the user.';

describe('flagged deposits page', () => {
  it('shows a rejected transfer of any size with its reason beside the credited ones', async () => {
    mockFetch({
      'GET /api/v1/admin/deposits/flagged': () =>
        jsonResponse(200, {
          deposits: [
            {
              ...BASE,
              id: 'r1',
              flag: 'rejected',
              expected: null,
              // More whole digits than the money formatter takes: shown as it came, not a crash.
              received: '999999999999999999999',
              credited: '0',
              reason: REASON,
            },
            { ...BASE, id: 'd1', flag: 'under', expected: '13', received: '12', credited: '9', reason: null },
          ],
        }),
    });
    renderAt(<FlaggedDepositsPage />, { path: '/dashadmin/deposits' });
    const table = await screen.findByTestId('flagged-deposits');
    const [rejected, under] = within(table).getAllByRole('row').slice(1);
    expect(rejected).toHaveTextContent('Rejected');
    expect(rejected).toHaveTextContent(REASON);
    expect(rejected).toHaveTextContent('$999999999999999999999');
    expect(rejected).toHaveTextContent('$0.00');
    expect(under).toHaveTextContent('Underpaid');
    expect(under).toHaveTextContent('$13.00');
    expect(under).toHaveTextContent('$9.00');
    expect(under).not.toHaveTextContent('Not credited');
  });
});
