import { TWO_FACTOR_MSG } from '@svp/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderAt } from '../../../test/render';
import { TwoFactorAdminReset } from './TwoFactorAdminReset';

const ID = '7d3c8a52-1f64-4c1e-9a1b-2f0c1d2e3f40';

beforeEach(() => {
  document.cookie = 'svp_csrf=t; path=/';
});

describe("admin: a user's two-factor reset", () => {
  it('shows On, asks to confirm, resets, then shows Off with the server message', async () => {
    let enabled = true;
    let resets = 0;
    mockFetch({
      [`GET /api/v1/admin/users/${ID}/two-factor`]: () => jsonResponse(200, { enabled }),
      [`POST /api/v1/admin/users/${ID}/two-factor/reset`]: () => {
        resets += 1;
        enabled = false;
        return jsonResponse(200, { success: true, message: TWO_FACTOR_MSG.reset });
      },
    });
    const user = userEvent.setup();
    renderAt(<TwoFactorAdminReset userId={ID} />, { path: '/dashadmin/withdrawals' });
    expect(await screen.findByTestId('user-two-factor-status')).toHaveTextContent('On');

    await user.click(screen.getByRole('button', { name: 'Reset two-factor authentication' }));
    expect(screen.getByText(TWO_FACTOR_MSG.resetConfirm)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(resets).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Reset two-factor authentication' }));
    await user.click(screen.getByRole('button', { name: 'Confirm reset' }));
    expect(await screen.findByRole('status')).toHaveTextContent(TWO_FACTOR_MSG.reset);
    expect(resets).toBe(1);
    await screen.findByText('Off');
    expect(screen.getByRole('button', { name: 'Reset two-factor authentication' })).toBeDisabled();
  });

  it("shows the server's refusal (an admin's factor cannot be reset here)", async () => {
    mockFetch({
      [`GET /api/v1/admin/users/${ID}/two-factor`]: () => jsonResponse(200, { enabled: true }),
      [`POST /api/v1/admin/users/${ID}/two-factor/reset`]: () =>
        jsonResponse(409, { error: { code: 'CONFLICT', message: TWO_FACTOR_MSG.resetUsersOnly } }),
    });
    const user = userEvent.setup();
    renderAt(<TwoFactorAdminReset userId={ID} />, { path: '/dashadmin/withdrawals' });
    await user.click(await screen.findByRole('button', { name: 'Reset two-factor authentication' }));
    await user.click(screen.getByRole('button', { name: 'Confirm reset' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TWO_FACTOR_MSG.resetUsersOnly);
  });
});
