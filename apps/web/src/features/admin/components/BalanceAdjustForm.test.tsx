import { MSG } from '@svp/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderAt, recordingBodies } from '../../../test/render';
import { BalanceAdjustForm } from './BalanceAdjustForm';

beforeEach(() => {
  document.cookie = 'svp_csrf=t; path=/';
});

describe('admin balance adjustment', () => {
  it('sends the amount exactly as typed, and refuses what it would have to guess at', async () => {
    const bodies: unknown[] = [];
    mockFetch({
      'POST /api/v1/admin/users/u1/adjustments': recordingBodies(bodies, () =>
        jsonResponse(200, { success: true, message: MSG.admin.adjusted }),
      ),
    });
    const user = userEvent.setup();
    renderAt(<BalanceAdjustForm userId="u1" />, { path: '/dashadmin/withdrawals' });
    const amount = screen.getByLabelText('Amount');
    await user.click(screen.getByLabelText('Reason'));
    await user.paste('Goodwill');
    // A thousands separator, exponent notation and a third decimal are refused as typed, never rewritten.
    for (const typed of ['1,000', '1e9', '12.345', '0', '-5']) {
      await user.clear(amount);
      await user.paste(typed); // the field has the focus after clear
      expect(amount).toHaveValue(typed);
      await user.click(screen.getByRole('button', { name: 'Apply adjustment' }));
      expect(screen.getByRole('alert')).toHaveTextContent(MSG.admin.adjustInvalid);
    }
    expect(bodies).toEqual([]);
    await user.clear(amount);
    await user.paste('1000.5');
    await user.click(screen.getByRole('button', { name: 'Apply adjustment' }));
    expect(await screen.findByText(MSG.admin.adjusted)).toBeInTheDocument();
    expect(bodies).toEqual([{ account: 'usd.balance', direction: 'credit', amount: '1000.5', reason: 'Goodwill' }]);
  }, 15_000); // five submissions through Mantine in jsdom: seconds on a busy 2-core machine
});
