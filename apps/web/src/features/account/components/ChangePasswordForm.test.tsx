import { ACCOUNT_MSG, MSG } from '@svp/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderAt, recordingBodies } from '../../../test/render';
import { ChangePasswordForm } from './ChangePasswordForm';

beforeEach(() => {
  document.cookie = 'svp_csrf=t; path=/';
});

describe('change password', () => {
  it('checks the form, shows the server refusal on its field, then changes the password', async () => {
    const sent: unknown[] = [];
    let answer: 'wrong' | 'ok' = 'wrong';
    mockFetch({
      'POST /api/v1/account/password': recordingBodies(sent, () =>
        answer === 'wrong'
          ? jsonResponse(400, {
              error: {
                code: 'VALIDATION_ERROR',
                message: ACCOUNT_MSG.currentPasswordWrong,
                fields: { currentPassword: ACCOUNT_MSG.currentPasswordWrong },
              },
            })
          : jsonResponse(200, { success: true, message: ACCOUNT_MSG.passwordChanged }),
      ),
      'GET /api/v1/account/sessions': () => jsonResponse(200, { sessions: [] }),
    });
    const user = userEvent.setup();
    renderAt(<ChangePasswordForm />, { path: '/dashboard/settings' });
    const submit = screen.getByRole('button', { name: 'Change password' });

    await user.click(submit);
    expect(screen.getByText(ACCOUNT_MSG.currentPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.register.passwordShort)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Current password'), 'old-pass');
    await user.type(screen.getByLabelText('New password'), 'new-pass');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-pas2');
    await user.click(submit);
    expect(screen.getByText(ACCOUNT_MSG.passwordsMismatch)).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'new-pass');
    await user.click(submit);
    expect(await screen.findByText(ACCOUNT_MSG.currentPasswordWrong)).toBeInTheDocument();

    answer = 'ok';
    await user.click(submit);
    expect(await screen.findByText(ACCOUNT_MSG.passwordChanged)).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(sent).toEqual([
      { currentPassword: 'old-pass', newPassword: 'new-pass' },
      { currentPassword: 'old-pass', newPassword: 'new-pass' },
    ]);
  }, 20_000); // typing three forms' worth of characters on a shared, busy machine
});
