import { MSG, TAP_AUTOSAVE_MS, TAP_SAVE_WINDOW_MS } from '@svp/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderAt, recordingBodies } from '../../../../test/render';
import DailyTaskPage, { counterText } from './DailyTaskPage';

beforeEach(() => {
  document.cookie = 'svp_csrf=t; path=/';
});
afterEach(() => {
  vi.useRealTimers();
});

describe('daily task', () => {
  it('formats the counter with 2 decimals from the tap count', () => {
    expect(counterText(0)).toBe('0.00');
    expect(counterText(3)).toBe('0.75');
    expect(counterText(4)).toBe('1.00');
    expect(counterText(401)).toBe('100.25');
  });

  it('counts 4 taps as 1.00, secures them as clicks: 4, then resets', async () => {
    let sent: unknown;
    let total = 10;
    mockFetch({
      'GET /api/v1/taps': () => jsonResponse(200, { totalClicks: total, coins: '5' }),
      'POST /api/v1/taps': (_url, init) => {
        sent = JSON.parse(String(init?.body));
        total += 4;
        return jsonResponse(200, { totalClicks: total, coins: '6', message: MSG.taps.saved });
      },
      'GET /api/v1/me': () => jsonResponse(401, {}),
    });
    const user = userEvent.setup();
    renderAt(<DailyTaskPage />, { path: '/dashboard/test' });
    await waitFor(() => expect(screen.getByTestId('total-clicks')).toHaveTextContent('Total Clicks: 10'));
    const tap = screen.getByRole('button', { name: /Tap to earn/ });
    for (let i = 0; i < 4; i++) await user.click(tap);
    expect(screen.getByTestId('tap-counter')).toHaveTextContent('1.00');
    expect(screen.getAllByText('+0.25').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Secure Coins' }));
    expect(sent).toEqual({ clicks: 4 });
    expect(await screen.findByText(MSG.taps.saved)).toBeInTheDocument();
    expect(screen.getByTestId('tap-counter')).toHaveTextContent('0.00');
    await waitFor(() => expect(screen.getByTestId('total-clicks')).toHaveTextContent('Total Clicks: 14'));
  });

  it('saves unsaved taps on its own within a save window (the server banks no more per save), quietly', async () => {
    expect(TAP_AUTOSAVE_MS).toBeLessThan(TAP_SAVE_WINDOW_MS);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sent: unknown[] = [];
    mockFetch({
      'GET /api/v1/taps': () => jsonResponse(200, { totalClicks: 0, coins: '0' }),
      'POST /api/v1/taps': recordingBodies(sent, () =>
        jsonResponse(200, { totalClicks: 3, coins: '0.75', message: MSG.taps.saved }),
      ),
      'GET /api/v1/me': () => jsonResponse(401, {}),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderAt(<DailyTaskPage />, { path: '/dashboard/test' });
    const tap = screen.getByRole('button', { name: /Tap to earn/ });
    for (let i = 0; i < 3; i++) await user.click(tap);
    expect(sent).toEqual([]);
    act(() => vi.advanceTimersByTime(TAP_AUTOSAVE_MS));
    await waitFor(() => expect(sent).toEqual([{ clicks: 3 }]));
    await waitFor(() => expect(screen.getByTestId('tap-counter')).toHaveTextContent('0.00'));
    await waitFor(() => expect(screen.getByTestId('total-clicks')).toHaveTextContent('Total Clicks: 3'));
    expect(screen.queryByText(MSG.taps.saved)).not.toBeInTheDocument();
  });

  it('refuses to save nothing, and shows server and network errors', async () => {
    let answer: () => Response = () =>
      jsonResponse(429, { error: { code: 'RATE_LIMITED', message: MSG.taps.tooFast } });
    mockFetch({
      'GET /api/v1/taps': () => jsonResponse(500, {}),
      'POST /api/v1/taps': () => answer(),
    });
    const user = userEvent.setup();
    renderAt(<DailyTaskPage />, { path: '/dashboard/test' });
    expect(await screen.findByText(MSG.taps.loadFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Secure Coins' }));
    expect(screen.getByText(MSG.taps.none)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Tap to earn/ }));
    // A tap makes "No Coin to save." untrue: it goes.
    expect(screen.queryByText(MSG.taps.none)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Secure Coins' }));
    expect(await screen.findByText(MSG.taps.tooFast)).toBeInTheDocument();
    expect(screen.getByTestId('tap-counter')).toHaveTextContent('0.25');
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await user.click(screen.getByRole('button', { name: 'Secure Coins' }));
    expect(await screen.findByText(MSG.taps.saveError)).toBeInTheDocument();
  });
});
