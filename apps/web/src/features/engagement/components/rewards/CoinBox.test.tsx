import { MSG } from '@svp/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setStoredUser } from '../../../../lib/storedUser';
import {
  jsonResponse,
  meAnswer,
  mockFetch,
  renderAt,
  testConfig,
  testEngagement,
  testUser,
} from '../../../../test/render';
import { CoinBox, resetWelcomeAutoOpen } from './CoinBox';

const status = (rewardClaimed: 0 | 1, dailyCoins = '0', coins = '100') => ({
  rewardClaimed,
  coins,
  dailyCoins,
  message: rewardClaimed ? MSG.rewards.statusClaimed : MSG.rewards.statusUnclaimed,
});

beforeEach(() => {
  setStoredUser(testUser);
  document.cookie = 'svp_csrf=t; path=/';
  resetWelcomeAutoOpen();
});

/** GET /me carrying `rewards` as the coin box's status (the box sends no request of its own). */
const me = (rewards: ReturnType<typeof status>) =>
  jsonResponse(200, meAnswer(testUser, { ...testEngagement, rewards }));

const base = { 'GET /api/v1/config': () => jsonResponse(200, testConfig) };

describe('coin box', () => {
  it('disables "Claim Daily Bonus" with no daily coins and hides the welcome button once claimed', async () => {
    mockFetch({ ...base, 'GET /api/v1/me': () => me(status(1, '0')) });
    renderAt(<CoinBox coins="100" dailyCoins="0" />, { path: '/dashboard/test' });
    expect(await screen.findByRole('button', { name: 'Claim Daily Bonus' })).toBeDisabled();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Claim Welcome Coin' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('claims the daily bonus, shows the toast, and is disabled while claiming', async () => {
    let current = status(1, '1000', '100');
    let release: () => void = () => {};
    mockFetch({
      ...base,
      'GET /api/v1/me': () => me(current),
      'POST /api/v1/rewards/daily/claim': async () => {
        await new Promise<void>((r) => (release = r));
        current = status(1, '0', '1100');
        return jsonResponse(200, { success: true, message: MSG.rewards.dailyClaimed, coins: '1100', dailyCoins: '0' });
      },
    });
    const user = userEvent.setup();
    renderAt(<CoinBox coins="100" dailyCoins="0" />, { path: '/dashboard/test' });
    await waitFor(() => expect(screen.getByTestId('daily-coins')).toHaveTextContent('1,000.00'));
    const button = screen.getByRole('button', { name: 'Claim Daily Bonus' });
    expect(button).toBeEnabled();
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    release();
    expect(await screen.findByText(MSG.rewards.dailyClaimed)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('coins')).toHaveTextContent('1,100.00'));
    expect(screen.getByRole('button', { name: 'Claim Daily Bonus' })).toBeDisabled();
  });

  it("shows the server's message, or the spec's fallback, when the claim fails", async () => {
    let fail = () => jsonResponse(409, { error: { code: 'CONFLICT', message: MSG.rewards.noDailyCoins } });
    mockFetch({
      ...base,
      'GET /api/v1/me': () => me(status(1, '5')),
      'POST /api/v1/rewards/daily/claim': () => fail(),
    });
    const user = userEvent.setup();
    renderAt(<CoinBox coins="100" dailyCoins="5" />, { path: '/dashboard/test' });
    await user.click(await screen.findByRole('button', { name: 'Claim Daily Bonus' }));
    expect(await screen.findByText(MSG.rewards.noDailyCoins)).toBeInTheDocument();
    fail = () => jsonResponse(500, {});
    await waitFor(() => expect(screen.getByRole('button', { name: 'Claim Daily Bonus' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Claim Daily Bonus' }));
    expect(await screen.findByText(MSG.rewards.dailyFailed)).toBeInTheDocument();
  });

  it('opens the welcome modal once by itself, reopens from the button, and closes after "I\'ve Done It"', async () => {
    let claimed: 0 | 1 = 0;
    mockFetch({
      ...base,
      'GET /api/v1/me': () => me(status(claimed)),
      'POST /api/v1/rewards/welcome/claim': () => {
        claimed = 1;
        return jsonResponse(200, {
          success: true,
          message: MSG.rewards.welcomeUpdated,
          coins: '20100',
          dailyCoins: '0',
        });
      },
    });
    const user = userEvent.setup();
    renderAt(<CoinBox coins="100" dailyCoins="0" />, { path: '/dashboard/test' });
    const dialog = await screen.findByRole('dialog', { name: 'Claim your welcome coins' });
    expect(dialog).toHaveTextContent('Complete the task');
    expect(await screen.findByRole('link', { name: 'Telegram bot' })).toHaveAttribute(
      'href',
      testConfig.links.telegramTask,
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Claim Welcome Coin' }));
    await user.click(await screen.findByRole('button', { name: "I've Done It" }));
    expect(await screen.findByText(MSG.rewards.welcomeUpdated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Claim Welcome Coin' })).toBeNull();
  });
});
