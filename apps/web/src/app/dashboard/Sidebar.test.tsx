import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, testUser } from '../../test/render';
import { Sidebar } from './Sidebar';

/** The sidebar of a user whose plan pays $22.50 at maturity on 16 April 2026, `withdrawableNow` withdrawable now. */
function renderSidebar(withdrawableNow: string) {
  const user = { ...testUser, expectedWithdrawal: '22.5', withdrawableNow, end_time: '2026-04-16T09:00:00.000Z' };
  renderAt(<Sidebar user={user} />, { path: '/dashboard' });
}

const amountOf = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('Sidebar amounts', () => {
  it('shows nothing withdrawable before maturity, and the expected payout with its date beside it', () => {
    renderSidebar('0');
    expect(amountOf('Withdrawable balance')).toBe('$0.00');
    expect(screen.getByText(/^Expected \$22\.50 at maturity, /)).toHaveTextContent('2026');
  });

  it('shows what a withdrawal would pay once it can be made', () => {
    renderSidebar('24.9');
    expect(amountOf('Withdrawable balance')).toBe('$24.90');
    expect(screen.queryByText(/^Expected /)).not.toBeInTheDocument();
  });
});
