import { MSG, PERMISSIONS, ROLE_PERMISSIONS, type Permission } from '@svp/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderAt } from '../../../../test/render';
import { PendingWithdrawals } from './PendingWithdrawals';

/** The admin's roles decide which actions the queue shows (DESIGN D18): a superadmin's, unless a test says. */
const mockQueue = (routes: Parameters<typeof mockFetch>[0], permissions: readonly Permission[] = PERMISSIONS) =>
  mockFetch({
    'GET /api/v1/admin/operator/me': () => jsonResponse(200, { roles: ['superadmin'], permissions }),
    ...routes,
  });

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
  sendingTxHash: null,
  review: null,
  firstApprovedBy: null,
  late: false,
};
const APPROVED = { ...ROW, status: 'approved', decidedAt: '2026-02-16T10:00:00.000Z' };
const HASH = `0x${'a'.repeat(64)}`;
const QUEUE = 'GET /api/v1/admin/withdrawals';

beforeEach(() => {
  document.cookie = 'svp_csrf=t; path=/';
});

function render() {
  const user = userEvent.setup();
  renderAt(<PendingWithdrawals />, { path: '/dashadmin/withdrawals' });
  return user;
}

describe('withdrawal queue', () => {
  it('shows four eyes: the approvals so far, the first approver, a second-approval button, late rows', async () => {
    const half = {
      ...ROW,
      review: { reasons: ['large'], approvalsNeeded: 2, approvals: 1 },
      firstApprovedBy: 'ann@example.com',
      late: true,
    };
    mockQueue({
      [QUEUE]: () => jsonResponse(200, { withdrawals: [half] }),
      'GET /api/v1/admin/withdrawals/late': () => jsonResponse(200, { withdrawals: [{ ...half, hoursLate: 5 }] }),
    });
    render();
    expect(await screen.findByTestId('four-eyes')).toHaveTextContent(
      '1 of 2 approvals (a large withdrawal) — first by ann@example.com',
    );
    expect(screen.getByRole('button', { name: 'Approve: bob' })).toHaveTextContent('Second approval');
    expect(screen.getByTestId('late')).toBeInTheDocument();
    expect(await screen.findByTestId('late-withdrawal')).toHaveTextContent('5 h');
  });

  it('shows the empty state', async () => {
    mockQueue({ [QUEUE]: () => jsonResponse(200, { withdrawals: [] }) });
    render();
    expect(await screen.findByText('No withdrawals waiting.')).toBeInTheDocument();
  });

  it('shows a read-only role the queue without the actions the server would refuse', async () => {
    mockQueue({ [QUEUE]: () => jsonResponse(200, { withdrawals: [ROW] }) }, ROLE_PERMISSIONS.compliance);
    render();
    expect(await screen.findByTestId('queued-withdrawal')).toHaveTextContent('bob');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve: bob' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Reject: bob' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdrawal limits: bob' })).not.toBeInTheDocument();
  });

  it('approves a pending withdrawal once, however often it is clicked, and shows it approved', async () => {
    let queue: unknown[] = [ROW];
    let approvals = 0;
    let answer: (value: Response) => void = () => undefined;
    mockQueue({
      [QUEUE]: () => jsonResponse(200, { withdrawals: queue }),
      [`POST /api/v1/admin/withdrawals/${ROW.id}/approve`]: (_url, init) => {
        approvals += 1;
        expect(JSON.parse(String(init?.body))).toEqual({});
        return new Promise<Response>((resolve) => (answer = resolve));
      },
    });
    const user = render();
    const row = await screen.findByTestId('queued-withdrawal');
    expect(row).toHaveTextContent('bob@example.com');
    expect(row).toHaveTextContent('$24.90');
    expect(row).toHaveTextContent('Pending');
    expect(within(row).queryByRole('button', { name: /Mark paid|Enter payment hash/ })).not.toBeInTheDocument();
    expect(screen.getByText('1 to approve')).toBeInTheDocument();

    const approve = within(row).getByRole('button', { name: 'Approve: bob' });
    await Promise.all([user.click(approve), user.click(approve)]);
    await waitFor(() => expect(approve).toBeDisabled());
    expect(within(row).getByRole('button', { name: 'Reject: bob' })).toBeDisabled();
    queue = [APPROVED];
    answer(jsonResponse(200, APPROVED));

    expect(await screen.findByText('Withdrawal of bob approved.')).toBeInTheDocument();
    expect(await within(row).findByText('Approved — awaiting payment')).toBeInTheDocument();
    expect(approvals).toBe(1);
    expect(within(row).getByRole('button', { name: 'Enter payment hash: bob' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Reject: bob' })).toBeEnabled();
    expect(within(row).queryByRole('button', { name: 'Approve: bob' })).not.toBeInTheDocument();
    expect(screen.getByText('1 being paid')).toBeInTheDocument();
  });

  it('says why an approval was refused, and reloads the queue', async () => {
    let loads = 0;
    mockQueue({
      [QUEUE]: () => {
        loads += 1;
        return jsonResponse(200, { withdrawals: [ROW] });
      },
      [`POST /api/v1/admin/withdrawals/${ROW.id}/approve`]: () =>
        jsonResponse(409, { error: { code: 'CONFLICT', message: MSG.withdraw.notPending } }),
    });
    const user = render();
    await user.click(await screen.findByRole('button', { name: 'Approve: bob' }));
    expect(await screen.findByText(MSG.withdraw.notPending)).toBeInTheDocument();
    await waitFor(() => expect(loads).toBe(2));
  });

  it('shows a payout on its way and hides Reject while it is', async () => {
    mockQueue({ [QUEUE]: () => jsonResponse(200, { withdrawals: [{ ...APPROVED, sendingTxHash: HASH }] }) });
    render();
    const row = await screen.findByTestId('queued-withdrawal');
    const sent = within(row).getByTestId('payout-sent');
    expect(sent).toHaveTextContent('Payout sent: 0xaaaa…aaaa');
    expect(within(sent).getByTitle(HASH)).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Enter payment hash: bob' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Reject: bob' })).not.toBeInTheDocument();
  });

  it('checks the hash, shows the chain check refusal in the dialog, and refreshes once paid', async () => {
    let queue: unknown[] = [APPROVED];
    const bodies: unknown[] = [];
    let answer: 'unverified' | 'ok' = 'unverified';
    mockQueue({
      [QUEUE]: () => jsonResponse(200, { withdrawals: queue }),
      [`POST /api/v1/admin/withdrawals/${ROW.id}/pay`]: (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        if (answer === 'unverified') {
          return jsonResponse(422, {
            error: {
              code: 'PAYOUT_UNVERIFIED',
              message: MSG.payoutCheck.notFromTreasury,
              fields: { txHash: MSG.payoutCheck.notFromTreasury },
            },
          });
        }
        queue = [];
        return jsonResponse(200, { ...ROW, status: 'paid', txHash: HASH });
      },
    });
    const user = render();
    const row = await screen.findByTestId('queued-withdrawal');
    await user.click(within(row).getByRole('button', { name: 'Enter payment hash: bob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter payment hash' });
    const input = within(dialog).getByLabelText('Transaction hash');
    await user.type(input, '0x12');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(within(dialog).getByText(MSG.withdraw.txHashInvalid)).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(input);
    await user.type(input, HASH);
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    // The server names the hash field: its reason shows under the hash, once.
    expect(await within(dialog).findByText(MSG.payoutCheck.notFromTreasury)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Transaction hash')).toHaveAccessibleDescription(
      expect.stringContaining(MSG.payoutCheck.notFromTreasury),
    );

    answer = 'ok';
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(bodies).toEqual([{ txHash: HASH }, { txHash: HASH }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No withdrawals waiting.')).toBeInTheDocument();
  });

  it('rejects with a reason, showing field errors from the server', async () => {
    mockQueue({
      [QUEUE]: () => jsonResponse(200, { withdrawals: [ROW] }),
      [`POST /api/v1/admin/withdrawals/${ROW.id}/reject`]: () =>
        jsonResponse(400, {
          error: { code: 'VALIDATION_ERROR', message: MSG.withdraw.reasonRequired, fields: { reason: 'Too rude.' } },
        }),
    });
    const user = render();
    await user.click(await screen.findByRole('button', { name: 'Reject: bob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject withdrawal' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText(MSG.withdraw.reasonRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Something');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Too rude.')).toBeInTheDocument();
  });

  it('says so when an approved withdrawal cannot be rejected because its payout left meanwhile', async () => {
    mockQueue({
      [QUEUE]: () => jsonResponse(200, { withdrawals: [APPROVED] }),
      [`POST /api/v1/admin/withdrawals/${ROW.id}/reject`]: () =>
        jsonResponse(409, { error: { code: 'CONFLICT', message: MSG.withdraw.payoutInFlight } }),
    });
    const user = render();
    await user.click(await screen.findByRole('button', { name: 'Reject: bob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject withdrawal' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Wrong wallet');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG.withdraw.payoutInFlight);
  });
});
