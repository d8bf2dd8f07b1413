import { MSG } from '@svp/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderAt, testUser } from '../../../test/render';
import { TotpStep } from './TotpStep';

const ADMIN = { ...testUser, role: 'admin' as const, email: 'admin@example.com' };
const CODES = Array.from({ length: 10 }, (_, i) => `CODE${i}ABCDE`);

beforeEach(() => {
  document.cookie = 'svp_csrf=t; path=/';
  localStorage.clear();
});

describe('admin second factor', () => {
  it('enrols: shows the key, refuses a wrong code, then shows the recovery codes once', async () => {
    let attempt = 0;
    let setups = 0;
    mockFetch({
      // Once enrolled, the server has no pending secret left: asking again is refused.
      'POST /api/v1/auth/admin/totp/setup': () =>
        ++setups === 1
          ? jsonResponse(200, {
              secret: 'JBSWY3DPEHPK3PXP',
              otpauthUrl: 'otpauth://totp/SVP:admin?secret=JBSWY3DPEHPK3PXP',
            })
          : jsonResponse(409, { error: { code: 'CONFLICT', message: 'Two-factor authentication is already set up.' } }),
      'POST /api/v1/auth/admin/totp/verify': () => {
        attempt += 1;
        return attempt === 1
          ? jsonResponse(400, { error: { code: 'OTP_INVALID', message: MSG.totp.invalid } })
          : jsonResponse(200, { success: true, message: MSG.totp.enabled, user: ADMIN, recoveryCodes: CODES });
      },
    });
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderAt(<TotpStep stage="setup" onDone={onDone} onCancel={() => undefined} />, { path: '/admin' });
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.totp.codeRequired);

    await user.type(screen.getByLabelText('Code from your app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG.totp.invalid));

    await user.type(screen.getByLabelText('Code from your app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(CODES[9]!)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ role: 'admin' });
    expect(onDone).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(onDone).toHaveBeenCalledOnce();
    // Storing the admin resets the tab's queries (a new identity): the set-up was asked for once all the same.
    expect(setups).toBe(1);
  });

  it('verifies a later login (a recovery code is accepted as text) and shows the rate limit', async () => {
    let attempt = 0;
    mockFetch({
      'POST /api/v1/auth/admin/totp/verify': () => {
        attempt += 1;
        return attempt === 1
          ? jsonResponse(429, { error: { code: 'RATE_LIMITED', message: MSG.common.rateLimited } })
          : jsonResponse(200, { success: true, message: MSG.totp.verified, user: ADMIN });
      },
    });
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderAt(<TotpStep stage="verify" onDone={onDone} onCancel={() => undefined} />, { path: '/admin' });
    expect(screen.queryByTestId('totp-secret')).toBeNull();
    const input = screen.getByLabelText('Code from your app or a recovery code');
    await user.type(input, 'ABCDE12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.common.rateLimited);
    await user.type(input, 'ABCDE12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
  });
});
