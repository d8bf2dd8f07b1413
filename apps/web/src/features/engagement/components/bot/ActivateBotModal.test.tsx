import { MSG } from '@svp/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderAt } from '../../../../test/render';
import { ActivateBotModal } from './ActivateBotModal';

beforeEach(() => {
  document.cookie = 'svp_csrf=t; path=/';
});

describe('bot activation modal', () => {
  it('shows the hint when neither coins nor balance suffice, and the server message on failure', async () => {
    let sent: unknown;
    mockFetch({
      'POST /api/v1/bot/activate': (_url, init) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(400, { error: { code: 'VALIDATION_ERROR', message: MSG.bot.needPlan } });
      },
    });
    const user = userEvent.setup();
    renderAt(<ActivateBotModal opened onClose={() => {}} coins="499999.99" balance="4.99" />, {
      path: '/dashboard/test',
    });
    expect(await screen.findByText(MSG.bot.hint)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $5' }));
    expect(sent).toEqual({ method: 'balance' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.bot.needPlan);
  });

  it('has no hint when either way of paying suffices, and toasts the success', async () => {
    let closed = false;
    mockFetch({
      'POST /api/v1/bot/activate': () =>
        jsonResponse(200, {
          success: true,
          message: MSG.bot.activated,
          botStatus: 1,
          state: 'active',
          reason: null,
          paidThrough: null,
          botEarn: '0',
        }),
      'GET /api/v1/me': () => jsonResponse(401, {}),
    });
    const user = userEvent.setup();
    renderAt(<ActivateBotModal opened onClose={() => (closed = true)} coins="500000" balance="0" />, {
      path: '/dashboard/test',
    });
    await screen.findByRole('dialog');
    expect(screen.queryByText(MSG.bot.hint)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Pay 500,000 Coins' }));
    expect(await screen.findByText(MSG.bot.activated)).toBeInTheDocument();
    expect(closed).toBe(true);
  });
});
