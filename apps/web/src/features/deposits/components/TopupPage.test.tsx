import { MSG } from '@svp/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderAt, testConfig } from '../../../test/render';
import TopupPage from './TopupPage';
import { trustWalletLink } from './PaymentView';
import { CLOSE_AFTER_MS, formatClock, usePaymentWindow } from './usePaymentWindow';

const ADDRESS = '0x00f02a7fb616c181f69d32b3b5bb8b658314e78a';
const USDT = '0x55d398326f99059fF775485246999027B3197955';

function quote(expiresInMs = 900_000) {
  return {
    success: true,
    requestId: '4775ddce-ef69-41d6-bdf4-e00d90fcc051',
    walletAddress: ADDRESS,
    amount: '100',
    fee: '3',
    amountToPay: '103',
    paymentUri: `ethereum:${USDT}@56/transfer?address=${ADDRESS}&uint256=103000000000000000000`,
    expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
  };
}

beforeEach(() => {
  document.cookie = 'svp_csrf=t; path=/';
});

describe('top-up amount form', () => {
  it.each(['', '0', '-5', 'abc', '1e3'])('refuses %j with the spec message, sending nothing', async (text) => {
    const fetchMock = mockFetch({ 'GET /api/v1/config': () => jsonResponse(200, testConfig) });
    const user = userEvent.setup();
    renderAt(<TopupPage />, { path: '/dashboard/topup' });
    if (text) await user.type(screen.getByLabelText('Amount (USD)'), text);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText(MSG.topup.invalidAmount)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/topup'))).toBe(false);
  });

  it('names the 2-decimals rule when that is the one broken, sending nothing', async () => {
    const fetchMock = mockFetch({ 'GET /api/v1/config': () => jsonResponse(200, testConfig) });
    const user = userEvent.setup();
    renderAt(<TopupPage />, { path: '/dashboard/topup' });
    await user.type(screen.getByLabelText('Amount (USD)'), '10.999');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText(MSG.common.amountDecimals)).toBeInTheDocument();
    expect(screen.queryByText(MSG.topup.invalidAmount)).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/topup'))).toBe(false);
  });

  it("shows the server's field error", async () => {
    mockFetch({
      'POST /api/v1/topup': () =>
        jsonResponse(400, {
          error: {
            code: 'VALIDATION_ERROR',
            message: MSG.topup.invalidAmount,
            fields: { amount: MSG.topup.invalidAmount },
          },
        }),
    });
    const user = userEvent.setup();
    renderAt(<TopupPage />, { path: '/dashboard/topup' });
    await user.type(screen.getByLabelText('Amount (USD)'), '5');
    expect(screen.getByText(/You will pay/)).toHaveTextContent('You will pay 8.00 USDT (5.00 + $3.00 fee).');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText(MSG.topup.invalidAmount)).toBeInTheDocument();
  });

  it('opens the payment view: amount + $3 fee, address, copy for 2 s, Trust Wallet, test payment → paid', async () => {
    let posted: unknown;
    let paid = false;
    const status = () =>
      jsonResponse(200, {
        status: paid ? 'paid' : 'waiting',
        newPayments: paid
          ? [{ txHash: `0x${'ab'.repeat(32)}`, received: '50', fee: '3', credited: '47', flag: 'under', seenAt: '' }]
          : [],
      });
    mockFetch({
      'GET /api/v1/config': () => jsonResponse(200, testConfig),
      'POST /api/v1/topup': (_url, init) => {
        posted = JSON.parse(String(init?.body));
        return jsonResponse(200, quote());
      },
      [`GET /api/v1/topup/${quote().requestId}/status`]: status,
      'POST /api/v1/topup/test-payment': (_url, init) => {
        expect(JSON.parse(String(init?.body))).toEqual({ requestId: quote().requestId, amount: '50' });
        paid = true;
        return status();
      },
      'GET /api/v1/me': () => new Response('', { status: 503 }),
      'GET /api/v1/history': () => jsonResponse(200, { lines: [] }),
    });
    const user = userEvent.setup();
    renderAt(<TopupPage />, { path: '/dashboard/topup' });

    await user.type(screen.getByLabelText('Amount (USD)'), '100');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(posted).toEqual({ amount: '100' });
    expect(await screen.findByText('103 USDT')).toBeInTheDocument();
    expect(screen.getByText('$100.00')).toBeInTheDocument();
    expect(screen.getByText('$3.00')).toBeInTheDocument();
    expect(screen.getByTestId('deposit-address')).toHaveTextContent(ADDRESS);
    expect(screen.getByText(/still credited/)).toBeInTheDocument();
    expect(screen.getByText(/USDT on BEP-20 only/)).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^1[45]:\d\d$/);
    expect(screen.getByRole('link', { name: 'Pay with Trust Wallet' })).toHaveAttribute(
      'href',
      trustWalletLink(quote()),
    );
    expect(await screen.findByRole('link', { name: 'Messaging channel' })).toHaveAttribute(
      'href',
      testConfig.links.channel,
    );
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy deposit address' }));
    expect(await navigator.clipboard.readText()).toBe(ADDRESS); // user-event's clipboard stand-in
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Copied' })).not.toBeInTheDocument(), {
      timeout: 3000,
    });

    await user.type(screen.getByLabelText('Test amount (USDT, optional)'), '50');
    await user.click(screen.getByRole('button', { name: 'Send test payment' }));
    const received = await screen.findByRole('status', { name: /Credited to your balance/ });
    expect(within(received).getByText('$47.00')).toBeInTheDocument();
    expect(within(received).getByText(/less than the amount to pay/)).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });
});

describe('Trust Wallet link', () => {
  it('sends USDT (token_id) on BNB Smart Chain for the amount to pay', () => {
    const url = new URL(trustWalletLink(quote()));
    expect(url.origin + url.pathname).toBe('https://link.trustwallet.com/send');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      coin: '20000714',
      address: ADDRESS,
      amount: '103',
      token_id: USDT,
    });
  });
});

function Harness({ expiresAt, stopped, onClose }: { expiresAt: string; stopped: boolean; onClose: () => void }) {
  const left = usePaymentWindow(expiresAt, stopped, onClose);
  return <span role="timer">{formatClock(left)}</span>;
}

/** Effects schedule the next tick after each render, so time moves one second per act(). */
function tick(ms: number) {
  for (let passed = 0; passed < ms; passed += 1000) act(() => vi.advanceTimersByTime(Math.min(1000, ms - passed)));
}

describe('payment countdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts 15 minutes down and closes 1.5 s after reaching zero', () => {
    const onClose = vi.fn();
    render(<Harness expiresAt={new Date(Date.now() + 900_000).toISOString()} stopped={false} onClose={onClose} />);
    expect(screen.getByRole('timer')).toHaveTextContent('15:00');
    tick(61_000);
    expect(screen.getByRole('timer')).toHaveTextContent('13:59');
    tick(839_000);
    expect(screen.getByRole('timer')).toHaveTextContent('00:00');
    expect(onClose).not.toHaveBeenCalled();
    tick(CLOSE_AFTER_MS - 100);
    expect(onClose).not.toHaveBeenCalled();
    tick(100);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('never shows more than the 15-minute window, and stops once paid', () => {
    const onClose = vi.fn();
    const expiresAt = new Date(Date.now() + 45 * 86_400_000).toISOString(); // a server clock far ahead
    const { rerender } = render(<Harness expiresAt={expiresAt} stopped={false} onClose={onClose} />);
    expect(screen.getByRole('timer')).toHaveTextContent('15:00');
    tick(5_000);
    rerender(<Harness expiresAt={expiresAt} stopped onClose={onClose} />);
    tick(2_000_000);
    expect(screen.getByRole('timer')).toHaveTextContent('14:55');
    expect(onClose).not.toHaveBeenCalled();
  });
});
