import { MSG } from '@svp/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderAt } from '../../../test/render';
import ForgotPasswordPage from './ForgotPasswordPage';

describe('ForgotPasswordPage', () => {
  it('walks from email to OTP to done, checking the confirmation locally', async () => {
    document.cookie = 'svp_csrf=t; path=/';
    const bodies: unknown[] = [];
    mockFetch({
      'POST /api/v1/auth/password/otp': () => jsonResponse(200, { success: true, message: MSG.otp.sent }),
      'POST /api/v1/auth/password/reset': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(200, { success: true, message: MSG.otp.resetDone });
      },
    });
    renderAt(<ForgotPasswordPage />, { path: '/forgetPass', route: '/forgetPass' });
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText(MSG.otp.sent)).toBeInTheDocument();

    await user.type(screen.getByLabelText('One-time code (OTP)'), '123456');
    await user.type(screen.getByLabelText('New password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'different-1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.otp.passwordsMismatch);
    expect(bodies).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(MSG.otp.resetDone)).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'ada@example.com', otp: '123456', newPassword: 'new-password-1' }]);
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/');
  });

  it('says no OTP could be sent when the request fails, and the connection text when offline', async () => {
    document.cookie = 'svp_csrf=t; path=/';
    const responses: (() => Response)[] = [
      () => jsonResponse(500, { error: { code: 'INTERNAL', message: MSG.common.internal } }),
      () => {
        throw new TypeError('Failed to fetch');
      },
    ];
    mockFetch({ 'POST /api/v1/auth/password/otp': () => responses.shift()!() });
    renderAt(<ForgotPasswordPage />, { path: '/forgetPass', route: '/forgetPass' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.otp.sendFailed);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText(MSG.otp.connection)).toBeInTheDocument();
  });
});
