import { MSG, TWO_FACTOR_MSG } from '@svp/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderAt } from '../../../test/render';
import { TwoFactorCard } from './TwoFactorCard';

const CODES = Array.from({ length: 10 }, (_, i) => `A1B2C3D4E${i}`);
const SECRET = 'JBSWY3DPEHPK3PXP';

beforeEach(() => {
  document.cookie = 'svp_csrf=t; path=/';
});

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body ?? '{}')) as Record<string, string>;

describe('Settings → Security: two-factor authentication', () => {
  it('enrols with the key and a code (refusing a wrong one), shows the ten recovery codes once, then says On', async () => {
    let enabled = false;
    let attempts = 0;
    const fetch = mockFetch({
      'GET /api/v1/two-factor': () => jsonResponse(200, { enabled, recoveryCodesLeft: enabled ? 10 : 0 }),
      'POST /api/v1/two-factor/setup': () =>
        jsonResponse(200, { secret: SECRET, otpauthUrl: `otpauth://totp/SVP%20Invest:ada?secret=${SECRET}` }),
      'POST /api/v1/two-factor/confirm': (_url, init) => {
        attempts += 1;
        if (bodyOf(init).code !== '654321') {
          return jsonResponse(400, { error: { code: 'OTP_INVALID', message: MSG.totp.invalid } });
        }
        enabled = true;
        return jsonResponse(200, { success: true, message: TWO_FACTOR_MSG.enabled, recoveryCodes: CODES });
      },
    });
    const user = userEvent.setup();
    renderAt(<TwoFactorCard />, { path: '/dashboard/settings' });
    const card = await screen.findByRole('region', { name: 'Two-factor authentication' });
    expect(await within(card).findByTestId('two-factor-status')).toHaveTextContent('Off');

    await user.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    expect(await screen.findByTestId('two-factor-secret')).toHaveTextContent(SECRET);
    expect(screen.getByText(TWO_FACTOR_MSG.enrolStarted)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.totp.codeRequired);
    expect(attempts).toBe(0);

    await user.type(screen.getByLabelText('Code from your app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG.totp.invalid));

    await user.type(screen.getByLabelText('Code from your app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByTestId('recovery-codes');
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText(CODES[9]!)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy recovery codes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download codes' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await within(card).findByText('On')).toBeInTheDocument();
    // Shown once: gone from the page, and never asked of the server again.
    expect(screen.queryByText(CODES[0]!)).toBeNull();
    expect(screen.queryByTestId('two-factor-secret')).toBeNull();
    expect(screen.getByText(/Recovery codes left: 10/)).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/two-factor/setup'))).toHaveLength(1);
  });

  it('turns off with the password and a code, showing a wrong password as the server words it', async () => {
    let enabled = true;
    const sent: Record<string, string>[] = [];
    mockFetch({
      'GET /api/v1/two-factor': () => jsonResponse(200, { enabled, recoveryCodesLeft: enabled ? 7 : 0 }),
      'POST /api/v1/two-factor/disable': (_url, init) => {
        const body = bodyOf(init);
        sent.push(body);
        if (body.password !== 'right-password') {
          return jsonResponse(400, {
            error: {
              code: 'VALIDATION_ERROR',
              message: TWO_FACTOR_MSG.passwordWrong,
              fields: { password: TWO_FACTOR_MSG.passwordWrong },
            },
          });
        }
        enabled = false;
        return jsonResponse(200, { success: true, message: TWO_FACTOR_MSG.disabled });
      },
    });
    const user = userEvent.setup();
    renderAt(<TwoFactorCard />, { path: '/dashboard/settings' });
    expect(await screen.findByText(/Recovery codes left: 7/)).toBeInTheDocument();
    expect(screen.getByTestId('two-factor-status')).toHaveTextContent('On');

    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const submit = screen.getByRole('button', { name: 'Turn off two-factor authentication' });
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(TWO_FACTOR_MSG.passwordRequired);
    await user.type(screen.getByLabelText('Password', { exact: true }), 'wrong');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(TWO_FACTOR_MSG.codeRequired);
    expect(sent).toHaveLength(0);

    await user.type(screen.getByLabelText('Code from your app or a recovery code'), '123456');
    await user.click(submit);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(TWO_FACTOR_MSG.passwordWrong));

    await user.clear(screen.getByLabelText('Password', { exact: true }));
    await user.type(screen.getByLabelText('Password', { exact: true }), 'right-password');
    await user.type(screen.getByLabelText('Code from your app or a recovery code'), 'a1b2c3d4e5');
    await user.click(submit);
    expect(await screen.findByRole('status')).toHaveTextContent(TWO_FACTOR_MSG.disabled);
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ password: 'right-password', code: 'a1b2c3d4e5' });
    expect(screen.getByRole('button', { name: 'Set up two-factor authentication' })).toBeInTheDocument();
  });
});
