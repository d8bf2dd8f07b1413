import { BOT_SIM, MSG } from '@svp/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderAt } from '../../../test/render';
import { BotBox } from './BotBox';

vi.mock('./BotChart', () => ({
  default: ({ candles }: { candles: unknown[] }) => <div>{candles.length} candles</div>,
}));

describe('bot box', () => {
  it("labels the simulation, lists the last 10 messages and shows the server's pause reason", async () => {
    mockFetch({
      'GET /api/v1/bot': () =>
        jsonResponse(200, { botStatus: 0, state: 'paused', reason: MSG.bot.paused, paidThrough: null, botEarn: '0' }),
    });
    renderAt(<BotBox coins="0" balance="0" fallbackStatus={0} seed={42} />, { path: '/dashboard' });
    expect(screen.getByText(MSG.bot.simulated)).toBeVisible();
    expect(screen.getAllByTestId('bot-message')).toHaveLength(BOT_SIM.maxMessages);
    expect(BOT_SIM.statusLines).toContain(screen.getByTestId('bot-status-line').textContent);
    expect(await screen.findByText('10 candles')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('bot-state')).toHaveTextContent('Paused'));
    expect(screen.getByText(MSG.bot.paused)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate bot' })).toBeEnabled();
  });
});
