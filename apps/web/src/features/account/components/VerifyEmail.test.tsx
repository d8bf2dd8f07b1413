import { ACCOUNT_MSG } from '@svp/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setStoredUser } from '../../../lib/storedUser';
import { jsonResponse, meAnswer, mockFetch, renderAt, testUser, recordingBodies } from '../../../test/render';
import { VerifyEmailBanner } from './VerifyEmailBanner';
import VerifyEmailPage from './VerifyEmailPage';
import { EmailSettings } from './EmailSettings';

beforeEach(() => {
  document.cookie = 'svp_csrf=t; path=/';
});

const TOKEN = 'a'.repeat(43);

describe('unverified banner', () => {
  it('shows until the e-mail is verified, and resends the link', async () => {
    setStoredUser(testUser);
    let resent = 0;
    mockFetch({
      'GET /api/v1/me': () => jsonResponse(200, { ...meAnswer(), emailVerified: false }),
      'POST /api/v1/account/email/resend': () => {
        resent++;
        return jsonResponse(200, { success: true, message: ACCOUNT_MSG.verificationSent(testUser.email) });
      },
    });
    const user = userEvent.setup();
    renderAt(<VerifyEmailBanner />, { path: '/dashboard' });
    expect(await screen.findByText(ACCOUNT_MSG.unverifiedBanner)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MSG.verificationSent(testUser.email));
    expect(resent).toBe(1);
  });

  it('is not shown for a verified account', async () => {
    setStoredUser(testUser);
    mockFetch({ 'GET /api/v1/me': () => jsonResponse(200, meAnswer()) });
    renderAt(
      <>
        <VerifyEmailBanner />
        <p>page</p>
      </>,
      { path: '/dashboard' },
    );
    expect(await screen.findByText('page')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('verify-email-banner')).toBeNull();
  });
});

describe('verification page', () => {
  it('uses the link once and shows the result', async () => {
    const sent: unknown[] = [];
    mockFetch({
      'POST /api/v1/account/email/verify': recordingBodies(sent, () => {
        return jsonResponse(200, {
          success: true,
          status: 'verified',
          message: ACCOUNT_MSG.verified,
          email: testUser.email,
        });
      }),
    });
    renderAt(<VerifyEmailPage />, { path: `/verify-email?token=${TOKEN}` });
    expect(await screen.findByText(ACCOUNT_MSG.verified)).toBeInTheDocument();
    expect(sent).toEqual([{ token: TOKEN }]);
  });

  it('says "already verified" for a link opened again after it worked, inside the brand frame', async () => {
    mockFetch({
      'POST /api/v1/account/email/verify': () =>
        jsonResponse(200, {
          success: true,
          status: 'already-verified',
          message: ACCOUNT_MSG.alreadyVerified,
          email: testUser.email,
        }),
    });
    renderAt(<VerifyEmailPage />, { path: `/verify-email?token=${TOKEN}` });
    const said = await screen.findByText('Your e-mail address is already verified.');
    expect(said.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('img', { name: 'SVP Invest logo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /color scheme|theme|dark|light/i })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'sign in' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('says when a link is invalid, used or expired', async () => {
    mockFetch({
      'POST /api/v1/account/email/verify': () =>
        jsonResponse(400, { error: { code: 'VALIDATION_ERROR', message: ACCOUNT_MSG.linkInvalid } }),
    });
    renderAt(<VerifyEmailPage />, { path: `/verify-email?token=${TOKEN}` });
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MSG.linkInvalid);
  });

  it('says so without calling the server when the link has no token', async () => {
    const fetch = mockFetch({});
    renderAt(<VerifyEmailPage />, { path: '/verify-email' });
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MSG.linkInvalid);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('e-mail settings', () => {
  it('shows the pending address and asks for a change with the password', async () => {
    const sent: unknown[] = [];
    let pending: string | null = null;
    mockFetch({
      'GET /api/v1/account/security': () =>
        jsonResponse(200, { email: testUser.email, emailVerified: true, pendingEmail: pending }),
      'POST /api/v1/account/email': recordingBodies(sent, () => {
        pending = 'new@example.com';
        return jsonResponse(200, { success: true, message: ACCOUNT_MSG.emailChangeSent('new@example.com') });
      }),
      'GET /api/v1/me': () => jsonResponse(200, meAnswer()),
    });
    const user = userEvent.setup();
    renderAt(<EmailSettings />, { path: '/dashboard/settings' });
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New e-mail address'), 'new@example.com');
    await user.type(screen.getByLabelText('Your password'), 'my-password');
    await user.click(screen.getByRole('button', { name: 'Change e-mail' }));
    expect(await screen.findByText(ACCOUNT_MSG.emailChangeSent('new@example.com'))).toBeInTheDocument();
    expect(await screen.findByTestId('pending-email')).toHaveTextContent('new@example.com');
    expect(sent).toEqual([{ newEmail: 'new@example.com', password: 'my-password' }]);
  });
});
