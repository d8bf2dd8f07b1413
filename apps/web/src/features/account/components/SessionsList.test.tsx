import { ACCOUNT_MSG } from '@svp/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderAt } from '../../../test/render';
import { SessionsList } from './SessionsList';

beforeEach(() => {
  document.cookie = 'svp_csrf=t; path=/';
});

const here = {
  id: '11111111-1111-4111-8111-111111111111',
  device: 'Chrome on Windows',
  ip: '10.0.0.1',
  createdAt: '2026-03-02T09:00:00.000Z',
  lastSeenAt: '2026-03-02T10:00:00.000Z',
  current: true,
};
const phone = {
  ...here,
  id: '22222222-2222-4222-8222-222222222222',
  device: 'Safari on iOS',
  ip: '10.0.0.2',
  current: false,
};

describe('sessions', () => {
  it('marks this device, offers Sign out for the others only, and reloads after one ends', async () => {
    let sessions = [here, phone];
    const revoked: string[] = [];
    mockFetch({
      'GET /api/v1/account/sessions': () => jsonResponse(200, { sessions }),
      [`POST /api/v1/account/sessions/${phone.id}/revoke`]: () => {
        revoked.push(phone.id);
        sessions = [here];
        return jsonResponse(200, { success: true, message: ACCOUNT_MSG.sessionEnded, ended: 1 });
      },
    });
    const user = userEvent.setup();
    renderAt(<SessionsList />, { path: '/dashboard/settings' });
    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: /Sign out/ })).toBeNull();
    expect(within(rows[1]!).getByText('Safari on iOS')).toBeInTheDocument();

    await user.click(within(rows[1]!).getByRole('button', { name: /Sign out Safari on iOS/ }));
    expect(await screen.findByText(ACCOUNT_MSG.sessionEnded)).toBeInTheDocument();
    expect(revoked).toEqual([phone.id]);
    await screen.findByText('Chrome on Windows');
    expect(await screen.findAllByTestId('session-row')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  });

  it('signs out everywhere else', async () => {
    let calls = 0;
    mockFetch({
      'GET /api/v1/account/sessions': () =>
        jsonResponse(200, {
          sessions: calls ? [here] : [here, phone, phone].map((s, i) => ({ ...s, id: `${i}${s.id.slice(1)}` })),
        }),
      'POST /api/v1/account/sessions/revoke-others': () => {
        calls++;
        return jsonResponse(200, { success: true, message: ACCOUNT_MSG.otherSessionsEnded(2), ended: 2 });
      },
    });
    const user = userEvent.setup();
    renderAt(<SessionsList />, { path: '/dashboard/settings' });
    expect(await screen.findAllByTestId('session-row')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText(ACCOUNT_MSG.otherSessionsEnded(2))).toBeInTheDocument();
    expect(calls).toBe(1);
  });
});
