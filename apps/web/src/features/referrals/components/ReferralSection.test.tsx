import { MSG } from '@svp/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, meAnswer, mockFetch, renderAt } from '../../../test/render';
import ReferralPage from './ReferralPage';
import { cleanReferralCode } from './ReferralSection';

const RULE = 'Invite a friend: you each receive $5 plus 100,000 SVP tokens.';

beforeEach(() => {
  document.cookie = 'svp_csrf=t; path=/';
});

describe('referral code', () => {
  it('strips everything but letters, digits and underscores', () => {
    expect(cleanReferralCode('  ada_99! ')).toBe('ada_99');
    expect(cleanReferralCode('-- !!')).toBe('');
  });

  it('refuses a custom code with nothing left, then saves a cleaned one and shows it with a share link', async () => {
    let posted: unknown;
    mockFetch({
      'GET /api/v1/referral': () => jsonResponse(200, { referralCode: null, message: RULE }),
      'POST /api/v1/referral': (_url, init) => {
        posted = JSON.parse(String(init?.body));
        return jsonResponse(200, { success: true, referralCode: 'ada_99', message: MSG.referral.saved });
      },
      'GET /api/v1/me': () => jsonResponse(200, meAnswer()),
    });
    const user = userEvent.setup();
    renderAt(<ReferralPage />, { path: '/dashboard/referral' });
    expect(await screen.findByText(RULE)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Customize' }));
    await user.type(screen.getByLabelText('Custom code'), '!!!');
    await user.click(screen.getByRole('button', { name: 'Save my code' }));
    expect(screen.getByText(MSG.referral.customInvalid)).toBeInTheDocument();
    expect(posted).toBeUndefined();

    await user.clear(screen.getByLabelText('Custom code'));
    await user.type(screen.getByLabelText('Custom code'), ' ada_99! ');
    await user.click(screen.getByRole('button', { name: 'Save my code' }));
    expect(posted).toEqual({ source: 'custom', referralCode: 'ada_99' });
    await waitFor(() => expect(screen.getByTestId('referral-code')).toHaveTextContent('ada_99'));
    expect(screen.getByText(`${window.location.origin}/register?ref=ada_99`)).toBeInTheDocument();
    expect(await screen.findByText(MSG.referral.saved)).toBeInTheDocument();
  });

  it("shows the server's message when a code is taken", async () => {
    mockFetch({
      'GET /api/v1/referral': () => jsonResponse(200, { referralCode: null, message: RULE }),
      'POST /api/v1/referral': () =>
        jsonResponse(409, {
          error: { code: 'CONFLICT', message: MSG.referral.taken, fields: { referralCode: MSG.referral.taken } },
        }),
    });
    const user = userEvent.setup();
    renderAt(<ReferralPage />, { path: '/dashboard/referral' });
    await user.click(await screen.findByRole('radio', { name: 'Customize' }));
    await user.type(screen.getByLabelText('Custom code'), 'taken');
    await user.click(screen.getByRole('button', { name: 'Save my code' }));
    expect(await screen.findByText(MSG.referral.taken)).toBeInTheDocument();
  });
});
