import { MSG } from '@svp/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, meAnswer, mockFetch, renderAt, testConfig, testWithdrawalControls } from '../../../test/render';
import type { WithdrawalQuote } from '../api/withdrawals';
import WithdrawPage from './WithdrawPage';

const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
const base: WithdrawalQuote = {
  hasPlan: true,
  endTime: '2026-02-15T00:00:00.000Z',
  daysRemaining: 0,
  expectedWithdrawal: '22.5',
  earnings: '5',
  canOpen: true,
  canSubmit: true,
  reasons: [],
  maturity: { gross: '27.5', fees: '2.6', feeSplit: { handling: '1', crypto: '1', charity: '0.6' }, payout: '24.9' },
  breakInvestment: {
    invested: '10',
    gross: '4',
    fees: '2.6',
    feeSplit: { handling: '1', crypto: '1', charity: '0.6' },
    payout: '1.4',
  },
  canBreak: false,
  canMoveToBalance: true,
  breakRefusal: null,
  controls: testWithdrawalControls,
  wallet: WALLET,
};
const WITHDRAWAL = {
  id: 'w1',
  kind: 'maturity',
  gross: '27.5',
  fees: '2.6',
  payout: '24.9',
  wallet: WALLET,
  status: 'pending',
  txHash: null,
  reason: null,
  requestedAt: '2026-02-15T10:00:00.000Z',
  dueAt: '2026-02-17T10:00:00.000Z',
  decidedAt: null,
  review: null,
};

function setup(quote: WithdrawalQuote, extra: Parameters<typeof mockFetch>[0] = {}) {
  const calls: Record<string, number> = {};
  const count = (key: string, res: () => Response) => () => {
    calls[key] = (calls[key] ?? 0) + 1;
    return res();
  };
  mockFetch({
    'GET /api/v1/withdrawals/quote': count('quote', () => jsonResponse(200, quote)),
    'GET /api/v1/earnings': () => jsonResponse(200, { success: true, earnings: quote.earnings, message: '' }),
    'GET /api/v1/withdrawals': count('list', () => jsonResponse(200, { withdrawals: [] })),
    'GET /api/v1/me': () => jsonResponse(200, meAnswer()),
    ...extra,
  });
  renderAt(<WithdrawPage />, { path: '/dashboard/withdraw' });
  return { user: userEvent.setup(), calls };
}

beforeEach(() => {
  document.cookie = 'svp_csrf=t; path=/';
});

describe('Withdraw page', () => {
  it('keeps the form closed before maturity and says why', async () => {
    setup({
      ...base,
      daysRemaining: 12,
      canOpen: false,
      canSubmit: false,
      canBreak: true,
      canMoveToBalance: false,
      reasons: [MSG.withdraw.notMatured(12), MSG.withdraw.earningsTooLow],
    });
    const open = await screen.findByRole('button', { name: 'Open withdrawal form' });
    expect(open).toBeDisabled();
    expect(screen.getByText('Days remaining').nextSibling).toHaveTextContent('12');
    expect(screen.getByText(MSG.withdraw.notMatured(12))).toBeInTheDocument();
    expect(screen.getByText(MSG.withdraw.earningsTooLow)).toBeInTheDocument();
    expect(await screen.findByText('No withdrawals yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move to balance' })).not.toBeInTheDocument();
  });

  it('moves a matured plan to the balance when earnings are short, then reloads the data', async () => {
    let posted = 0;
    const { user, calls } = setup(
      { ...base, earnings: '0', canSubmit: false, reasons: [MSG.withdraw.earningsTooLow] },
      {
        'POST /api/v1/withdrawals/to-balance': () => {
          posted++;
          return jsonResponse(200, { success: true, amount: '22.5', message: MSG.withdraw.movedToBalance('$22.50') });
        },
      },
    );
    const move = await screen.findByRole('button', { name: 'Move to balance' });
    // Why the wallet withdrawal is closed is said on the page, before the form is opened.
    expect(screen.getByRole('list', { name: 'Before you can withdraw to your wallet' })).toHaveTextContent(
      MSG.withdraw.earningsTooLow,
    );
    await user.click(move);
    const modal = await screen.findByRole('dialog', { name: 'Move to balance' });
    expect(modal).toHaveTextContent('To your balance$22.50');
    const before = { ...calls };
    await user.click(within(modal).getByRole('button', { name: 'Move $22.50 to balance' }));
    expect(await screen.findByText(MSG.withdraw.movedToBalance('$22.50'))).toBeInTheDocument();
    expect(posted).toBe(1);
    await waitFor(() => expect(calls.quote).toBeGreaterThan(before.quote!));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Move to balance' })).not.toBeInTheDocument());
  });

  it("shows the server's refusal to move the plan in the dialog", async () => {
    const { user } = setup(base, {
      'POST /api/v1/withdrawals/to-balance': () =>
        jsonResponse(409, { error: { code: 'NOT_ELIGIBLE', message: MSG.withdraw.noPlan } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Move to balance' }));
    const modal = await screen.findByRole('dialog', { name: 'Move to balance' });
    await user.click(within(modal).getByRole('button', { name: 'Move $22.50 to balance' }));
    expect(await within(modal).findByRole('alert')).toHaveTextContent(MSG.withdraw.noPlan);
  });

  it("shows the quote's fee split as the server priced it, computing none itself", async () => {
    // A split no formula in the browser would give for these figures: the form must show the server's.
    const { user } = setup({
      ...base,
      maturity: {
        gross: '27.5',
        fees: '2.6',
        feeSplit: { handling: '0.25', crypto: '1.75', charity: '0.6' },
        payout: '24.9',
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Open withdrawal form' }));
    const form = screen.getByRole('region', { name: 'Withdrawal form' });
    expect(form).toHaveTextContent('Handling fee− $0.25');
    expect(form).toHaveTextContent('Crypto network fee− $1.75');
    expect(form).toHaveTextContent('Charity− $0.60');
  });

  it('shows exactly which conditions are not met and disables submit', async () => {
    const { user } = setup({
      ...base,
      earnings: '2',
      canSubmit: false,
      reasons: [MSG.withdraw.earningsTooLow],
      maturity: {
        gross: '24.5',
        fees: '2.6',
        feeSplit: { handling: '1', crypto: '1', charity: '0.6' },
        payout: '21.9',
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Open withdrawal form' }));
    const form = screen.getByRole('region', { name: 'Withdrawal form' });
    expect(within(form).getByLabelText('Wallet address')).toHaveValue(WALLET);
    expect(within(form).getByLabelText('Wallet address')).toHaveAttribute('readonly');
    expect(form).toHaveTextContent('Handling fee− $1.00');
    expect(form).toHaveTextContent('Crypto network fee− $1.00');
    expect(form).toHaveTextContent('Charity− $0.60');
    expect(form).toHaveTextContent('You will receive$21.90');
    expect(within(form).getByText(MSG.withdraw.earningsTooLow)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: /^Withdraw/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Close withdrawal form' }));
    expect(screen.queryByRole('region', { name: 'Withdrawal form' })).not.toBeInTheDocument();
  });

  it('submits, shows the success modal, and reloads the data on OK', async () => {
    let posted: unknown;
    const { user, calls } = setup(base, {
      'POST /api/v1/withdrawals': (_url, init) => {
        posted = JSON.parse(String(init?.body));
        return jsonResponse(200, { success: true, message: MSG.withdraw.success, withdrawal: WITHDRAWAL });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Open withdrawal form' }));
    const submit = screen.getByRole('button', { name: 'Withdraw $24.90' });
    expect(submit).toBeEnabled();
    expect(screen.queryByText('You cannot submit yet')).not.toBeInTheDocument();
    await user.click(submit);
    expect(posted).toEqual({ kind: 'maturity' });
    const modal = await screen.findByRole('dialog', { name: 'Withdrawal requested' });
    expect(modal).toHaveTextContent(MSG.withdraw.success);
    expect(modal).toHaveTextContent('$24.90');
    const before = { ...calls };
    await user.click(within(modal).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls.quote).toBeGreaterThan(before.quote!));
    await waitFor(() => expect(calls.list).toBeGreaterThan(before.list!));
  });

  it("shows the server's refusal", async () => {
    const { user } = setup(base, {
      'POST /api/v1/withdrawals': () =>
        jsonResponse(409, { error: { code: 'NOT_ELIGIBLE', message: MSG.withdraw.earningsTooLow } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Open withdrawal form' }));
    await user.click(screen.getByRole('button', { name: 'Withdraw $24.90' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.withdraw.earningsTooLow);
  });

  it('breaks the investment: 40% − $2.60 with 3 decimals, then confirms', async () => {
    let posted: unknown;
    const { user } = setup(
      {
        ...base,
        daysRemaining: 30,
        canOpen: false,
        canSubmit: false,
        canBreak: true,
        canMoveToBalance: false,
        reasons: [],
      },
      {
        'POST /api/v1/withdrawals': (_url, init) => {
          posted = JSON.parse(String(init?.body));
          return jsonResponse(200, {
            success: true,
            message: MSG.withdraw.success,
            withdrawal: { ...WITHDRAWAL, kind: 'break', gross: '4', payout: '1.4' },
          });
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Break investment' }));
    const modal = await screen.findByRole('dialog', { name: 'Break investment' });
    expect(modal).toHaveTextContent('You will receive$1.400');
    await user.click(within(modal).getByRole('button', { name: 'Confirm break' }));
    expect(posted).toEqual({ kind: 'break' });
    expect(await screen.findByRole('dialog', { name: 'Withdrawal requested' })).toHaveTextContent('$1.400');
  });

  it('shows the spec message when earnings cannot be fetched, and the list with statuses', async () => {
    const hash = `0x1234${'1'.repeat(56)}abcd`;
    setup(base, {
      'GET /api/v1/earnings': () => new Response('', { status: 500 }),
      'GET /api/v1/withdrawals': () =>
        jsonResponse(200, {
          withdrawals: [
            { ...WITHDRAWAL, id: 'a', status: 'paid', txHash: hash },
            { ...WITHDRAWAL, id: 'b', status: 'rejected', reason: 'Wallet flagged' },
            { ...WITHDRAWAL, id: 'c', status: 'rejected', reason: 'Not your wallet.' },
            { ...WITHDRAWAL, id: 'd', status: 'approved' },
            { ...WITHDRAWAL, id: 'e', status: 'pending' },
          ],
        }),
    });
    expect(await screen.findByText(MSG.earnings.failed)).toBeInTheDocument();
    const rows = await screen.findAllByTestId('withdrawal-row');
    expect(rows[0]).toHaveTextContent('Paid');
    // Shortened on screen, whole in the title, to screen readers and to the copy button.
    expect(within(rows[0]!).getByText('0x1234…abcd')).toBeInTheDocument();
    expect(within(rows[0]!).getByTitle(hash)).toHaveTextContent(hash);
    expect(within(rows[0]!).getByRole('button', { name: 'Copy transaction hash 0x1234…abcd' })).toBeInTheDocument();
    // The simulated chain has no explorer (testConfig's explorerUrl is null): no link.
    expect(within(rows[0]!).queryByRole('link')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Rejected');
    expect(rows[1]).toHaveTextContent('Reason: Wallet flagged. The amount was returned to your account.');
    // A reason that ends its own sentence gets no second full stop.
    expect(rows[2]).toHaveTextContent('Reason: Not your wallet. The amount was returned to your account.');
    expect(rows[3]).toHaveTextContent('Approved — being paid');
    expect(rows[3]).toHaveTextContent('Being sent to your wallet');
    expect(rows[4]).toHaveTextContent('Requested');
    expect(rows[4]).toHaveTextContent('Waiting for review');
  });

  it('links a paid withdrawal to the explorer the server names', async () => {
    const hash = `0x${'5'.repeat(64)}`;
    setup(base, {
      'GET /api/v1/config': () => jsonResponse(200, { ...testConfig, explorerUrl: 'https://bscscan.com' }),
      'GET /api/v1/withdrawals': () =>
        jsonResponse(200, { withdrawals: [{ ...WITHDRAWAL, id: 'a', status: 'paid', txHash: hash }] }),
    });
    const [row] = await screen.findAllByTestId('withdrawal-row');
    expect(await within(row!).findByRole('link')).toHaveAttribute('href', `https://bscscan.com/tx/${hash}`);
  });
});
