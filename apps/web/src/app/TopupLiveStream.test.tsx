import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../lib/storedUser';
import { jsonResponse, mockFetch, renderAt, testConfig, testUser } from '../test/render';
import { liveStreamUp, SILENCE_MS, useLiveStream } from '../features/notifications/live/stream';
import { STATUS_POLL_MS } from '../features/deposits/api/topup';
import TopupPage from '../features/deposits/components/TopupPage';

const REQUEST_ID = '4775ddce-ef69-41d6-bdf4-e00d90fcc051';
const ADDRESS = '0x00f02a7fb616c181f69d32b3b5bb8b658314e78a';

/** The live stream as the server opens it; the test decides what it sends next (or that it says nothing). */
function openStream() {
  let push: (text: string) => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(new TextEncoder().encode(text));
    },
  });
  const response = new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  return { response, push: (text: string) => push(text) };
}

/** The top bar keeps the stream open on every dashboard page; here it sits beside the panel. */
function PanelWithStream() {
  useLiveStream(useQueryClient());
  return <TopupPage />;
}

beforeEach(() => {
  document.cookie = 'svp_csrf=t; path=/';
  setStoredUser(testUser);
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function openPanel() {
  let stream = openStream();
  let checks = 0;
  let opened = 0;
  mockFetch({
    'GET /api/v1/config': () => jsonResponse(200, testConfig),
    'GET /api/v1/events': () => {
      opened += 1;
      if (opened > 1) {
        // A reconnect that opens as the server does and then says nothing, as the first one did.
        stream = openStream();
        stream.push('retry: 3000\n\n');
      }
      return stream.response;
    },
    'POST /api/v1/topup': () =>
      jsonResponse(200, {
        success: true,
        requestId: REQUEST_ID,
        walletAddress: ADDRESS,
        amount: '100',
        fee: '3',
        amountToPay: '103',
        paymentUri: `ethereum:0x55d398326f99059fF775485246999027B3197955@56/transfer?address=${ADDRESS}`,
        expiresAt: new Date(Date.now() + 900_000).toISOString(),
      }),
    [`GET /api/v1/topup/${REQUEST_ID}/status`]: () => {
      checks += 1;
      return jsonResponse(200, { status: 'waiting', newPayments: [] });
    },
  });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderAt(<PanelWithStream />, { path: '/dashboard/topup' });
  stream.push('retry: 3000\n\n: heartbeat\n\n');
  await waitFor(() => expect(liveStreamUp()).toBe(true));
  await user.type(screen.getByLabelText('Amount (USD)'), '100');
  await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
  expect(await screen.findByText('Send your payment')).toBeInTheDocument();
  await waitFor(() => expect(checks).toBe(1));
  return { push: (text: string) => stream.push(text), checks: () => checks };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('top-up panel and the live stream', () => {
  it('does not poll while heartbeats arrive: the stream brings the payment', async () => {
    const { push, checks } = await openPanel();
    for (let beat = 0; beat < 4; beat += 1) {
      await advance(25_000);
      push(': heartbeat\n\n');
    }
    expect(liveStreamUp()).toBe(true);
    expect(checks()).toBe(1);
  });

  it('checks every 30 seconds again once a heartbeat is missed', async () => {
    const { checks } = await openPanel();
    // Connected, then silent: no heartbeat comes.
    await advance(SILENCE_MS);
    expect(liveStreamUp()).toBe(false);
    await waitFor(() => expect(checks()).toBe(2)); // the catch-up check as the stream goes down
    for (const expected of [3, 4]) {
      await advance(STATUS_POLL_MS);
      await waitFor(() => expect(checks()).toBe(expected));
    }
    expect(liveStreamUp()).toBe(false);
    expect(screen.getByText('Send your payment')).toBeInTheDocument();
  });
});
