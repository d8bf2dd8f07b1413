import { MSG } from '@svp/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderAt } from '../../../test/render';
import { PendingWithdrawals } from './PendingWithdrawals';

const ROW = {
  id: '6a0e4c3e-1f53-4a36-9b43-1f1f1f1f1f1f',
  kind: 'maturity',
  gross: '27.5',
  fees: '2.6',
  payout: '24.9',
  wallet: '0x52908400098527886E0F7030069857D2E4169EE7',
  status: 'pending',
  txHash: null,
  reason: null,
  requestedAt: '2026-02-15T10:00:00.000Z',
  dueAt: '2026-02-17T10:00:00.000Z',
  decidedAt: null,
  userId: 'u1',
  email: 'bob@example.com',
  username: 'bob',
};
const HASH = `0x${'a'.repeat(64)}`;

beforeEach(() => {
  document.cookie = 'svp_csrf=t; path=/';
});

describe('pending withdrawals queue', () => {
  it('shows the empty state', async () => {
    mockFetch({ 'GET /api/v1/admin/withdrawals': () => jsonResponse(200, { withdrawals: [] }) });
    renderAt(<PendingWithdrawals />, { path: '/dashadmin/withdrawals' });
    expect(await screen.findByText('No pending withdrawals.')).toBeInTheDocument();
  });

  it('checks the hash, shows server errors, and refreshes after marking paid', async () => {
    let pending = [ROW];
    const bodies: unknown[] = [];
    let answer: 'not-pending' | 'ok' = 'not-pending';
    mockFetch({
      'GET /api/v1/admin/withdrawals': () => jsonResponse(200, { withdrawals: pending }),
      [`POST /api/v1/admin/withdrawals/${ROW.id}/pay`]: (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        if (answer === 'not-pending') {
          return jsonResponse(409, { error: { code: 'CONFLICT', message: MSG.withdraw.notPending } });
        }
        pending = [];
        return jsonResponse(200, { ...ROW, status: 'paid', txHash: HASH });
      },
    });
    const user = userEvent.setup();
    renderAt(<PendingWithdrawals />, { path: '/dashadmin/withdrawals' });
    const row = await screen.findByTestId('pending-withdrawal');
    expect(row).toHaveTextContent('bob');
    expect(row).toHaveTextContent('bob@example.com');
    expect(row).toHaveTextContent('$24.90');

    await user.click(within(row).getByRole('button', { name: 'Mark paid: bob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark withdrawal paid' });
    await user.type(within(dialog).getByLabelText('Transaction hash'), '0x12');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(within(dialog).getByText(MSG.withdraw.txHashInvalid)).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Transaction hash'));
    await user.type(within(dialog).getByLabelText('Transaction hash'), HASH);
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG.withdraw.notPending);

    answer = 'ok';
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(bodies).toEqual([{ txHash: HASH }, { txHash: HASH }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No pending withdrawals.')).toBeInTheDocument();
  });

  it('rejects with a reason, showing field errors from the server', async () => {
    mockFetch({
      'GET /api/v1/admin/withdrawals': () => jsonResponse(200, { withdrawals: [ROW] }),
      [`POST /api/v1/admin/withdrawals/${ROW.id}/reject`]: () =>
        jsonResponse(400, {
          error: { code: 'VALIDATION_ERROR', message: MSG.withdraw.reasonRequired, fields: { reason: 'Too rude.' } },
        }),
    });
    const user = userEvent.setup();
    renderAt(<PendingWithdrawals />, { path: '/dashadmin/withdrawals' });
    await user.click(await screen.findByRole('button', { name: 'Reject: bob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject withdrawal' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText(MSG.withdraw.reasonRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Something');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Too rude.')).toBeInTheDocument();
  });
});
