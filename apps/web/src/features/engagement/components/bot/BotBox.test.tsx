import { BOT_SIM, MSG } from '@svp/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../../../lib/storedUser';
import { jsonResponse, meAnswer, mockFetch, renderAt, testEngagement, testUser } from '../../../../test/render';
import { BotBox } from './BotBox';

vi.mock('./BotChart', () => ({
  default: ({ candles }: { candles: { close: number }[] }) => (
    <div>
      {candles.length} candles, last close {candles.at(-1)?.close}
    </div>
  ),
}));

beforeEach(() => setStoredUser(testUser));
afterEach(() => vi.unstubAllGlobals());

/** GET /me carrying `bot` as the bot box's status (the box sends no request of its own). */
const me = (bot: typeof testEngagement.bot) => jsonResponse(200, meAnswer(testUser, { ...testEngagement, bot }));

describe('bot box', () => {
  it("labels the simulation, lists the last 10 messages and shows the server's pause reason", async () => {
    mockFetch({
      'GET /api/v1/me': () =>
        me({ botStatus: 0, state: 'paused', reason: MSG.bot.paused, paidThrough: null, botEarn: '0' }),
    });
    renderAt(<BotBox coins="0" balance="0" fallbackStatus={0} seed={42} />, { path: '/dashboard' });
    expect(screen.getByText(MSG.bot.simulated)).toBeVisible();
    expect(screen.getAllByTestId('bot-message')).toHaveLength(BOT_SIM.maxMessages);
    expect(BOT_SIM.statusLines).toContain(screen.getByTestId('bot-status-line').textContent);
    expect(await screen.findByText(/^10 candles/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('bot-state')).toHaveTextContent('Paused'));
    expect(screen.getByText(MSG.bot.paused)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate bot' })).toBeEnabled();
  });

  it('shows a labelled placeholder where the chart will be until it comes into view', () => {
    // The chart is off the screen: the observer never reports it near.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    mockFetch({
      'GET /api/v1/me': () => me(testEngagement.bot),
    });
    renderAt(<BotBox coins="0" balance="0" fallbackStatus={0} seed={42} />, { path: '/dashboard' });
    expect(screen.getByTestId('bot-chart-placeholder')).toHaveTextContent(
      'Simulated BTCUSD chart: it is drawn when it comes into view.',
    );
    expect(screen.queryByText(/candles/)).toBeNull();
  });

  it('draws the chosen symbol, each at its own price level', async () => {
    mockFetch({
      'GET /api/v1/me': () => me(testEngagement.bot),
    });
    const user = userEvent.setup();
    renderAt(<BotBox coins="0" balance="0" fallbackStatus={0} seed={42} />, { path: '/dashboard' });
    const close = async () => Number((await screen.findByText(/candles, last close/)).textContent!.split(' ').at(-1));
    expect(await close()).toBeGreaterThan(10_000); // BTCUSD
    await user.selectOptions(screen.getByLabelText('Chart symbol'), 'DOGEUSD');
    expect(screen.getByTestId('bot-chart-symbol')).toHaveTextContent('DOGEUSD · simulated');
    await waitFor(async () => expect(await close()).toBeLessThan(1));
  });
});
