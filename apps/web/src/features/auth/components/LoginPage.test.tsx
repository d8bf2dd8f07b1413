import { MSG, TWO_FACTOR_MSG } from '@svp/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getStoredUser } from '../../../lib/useStoredUser';
import { jsonResponse, mockFetch, renderAt, testUser } from '../../../test/render';
import { LoginPage } from './LoginPage';

beforeEach(() => {
  document.cookie = 'svp_csrf=t; path=/';
  localStorage.clear();
});

describe('user login with two-factor sign-in on', () => {
  it('asks for the code after the password, stores nothing before it, then goes to the dashboard', async () => {
    let attempt = 0;
    mockFetch({
      'POST /api/v1/auth/login': () =>
        jsonResponse(200, { success: true, message: TWO_FACTOR_MSG.signInRequired, mfa: 'verify' }),
      'POST /api/v1/auth/two-factor/verify': () => {
        attempt += 1;
        return attempt === 1
          ? jsonResponse(400, { error: { code: 'OTP_INVALID', message: MSG.totp.invalid } })
          : jsonResponse(200, { success: true, message: MSG.totp.verified, user: testUser });
      },
    });
    const user = userEvent.setup();
    renderAt(<LoginPage />, { path: '/login', route: '/login' });
    await user.type(screen.getByLabelText('Email or phone'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(screen.getByText(TWO_FACTOR_MSG.signInRequired)).toBeInTheDocument();
    expect(getStoredUser()).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');

    const input = screen.getByLabelText('Code from your app or a recovery code');
    await user.type(input, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.totp.invalid);
    await user.type(input, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(getStoredUser()).toEqual(testUser);
  });
});
