import { MSG } from '@svp/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderAt } from '../../../test/render';
import { avatarFor } from './Leaderboard';
import StakingRoomPage from './StakingRoomPage';

vi.mock('./StakingChart', () => ({ default: () => <div data-testid="chart" /> }));

const summary = {
  username: 'ada',
  balance: '100',
  fundBalance: '20',
  tokenWallet: '0',
  staked: '0',
  earned: '0',
  totalEarned: '0',
  status: 'In-Active',
  achievements: [],
  apy: '12%',
  stakingStartDate: null,
  stakingEndDate: null,
  stakeDay: null,
};

beforeEach(() => {
  document.cookie = 'svp_csrf=t; path=/';
});

const others = {
  'GET /api/v1/me': () => jsonResponse(401, {}),
  'GET /api/v1/staking/leaderboard': () =>
    jsonResponse(200, {
      top: [{ rank: 1, username: 'grace', balance: '1', fundBalance: '2', staked: '300', earned: '0.5' }],
      me: { rank: 7, username: 'ada', balance: '100', fundBalance: '20', staked: '0', earned: '0' },
    }),
};

describe('staking room', () => {
  it('shows server errors verbatim in the dismissible alert', async () => {
    mockFetch({
      ...others,
      'GET /api/v1/staking': () => jsonResponse(200, summary),
      'POST /api/v1/staking/buy': () =>
        jsonResponse(400, { error: { code: 'VALIDATION_ERROR', message: MSG.staking.buyMinimum } }),
    });
    const user = userEvent.setup();
    renderAt(<StakingRoomPage firstLoadMs={0} />, { path: '/dashboard/test' });
    const buy = await screen.findByRole('form', { name: 'Buy SVP' });
    await user.type(within(buy).getByLabelText('Amount to spend (USD)'), '0.5');
    expect(within(buy).getByText('You get 50,000 SVP')).toBeInTheDocument();
    await user.click(within(buy).getByRole('button', { name: 'Buy SVP' }));
    const alert = await screen.findByTestId('staking-alert');
    expect(alert).toHaveTextContent(MSG.staking.buyMinimum);
    expect(screen.queryByTestId('staking-popup')).toBeNull();
    await user.click(alert);
    expect(screen.queryByTestId('staking-alert')).toBeNull();
  });

  it('names the rule a typed amount breaks: at most 2 decimals for dollars, whole SVP tokens', async () => {
    mockFetch({ ...others, 'GET /api/v1/staking': () => jsonResponse(200, summary) }); // nothing is posted
    const user = userEvent.setup();
    renderAt(<StakingRoomPage firstLoadMs={0} />, { path: '/dashboard/test' });
    const convert = await screen.findByRole('form', { name: 'Convert' });
    await user.type(within(convert).getByLabelText('Amount (USD)'), '1.005');
    await user.click(within(convert).getByRole('button', { name: 'Convert' }));
    expect(await screen.findByTestId('staking-message')).toHaveTextContent(MSG.common.amountDecimals);
    const stake = screen.getByRole('form', { name: 'Stake Tokens' });
    await user.type(within(stake).getByLabelText('Tokens to stake'), '1.5');
    await user.click(within(stake).getByRole('button', { name: 'Stake' }));
    await waitFor(() => expect(screen.getByTestId('staking-message')).toHaveTextContent(MSG.common.tokensWhole));
    const transfer = screen.getByRole('form', { name: 'Transfer' });
    await user.type(within(transfer).getByLabelText('Recipient username'), 'grace');
    await user.type(within(transfer).getByLabelText('Amount to transfer (USD)'), '2.999');
    await user.click(within(transfer).getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(screen.getByTestId('staking-message')).toHaveTextContent(MSG.common.amountDecimals));
  });

  it('shows a success in the alert and the popup, updates the summary and resets the transfer form', async () => {
    let sent: unknown;
    const message = MSG.staking.transferred('5', 'grace');
    mockFetch({
      ...others,
      'GET /api/v1/staking': () => jsonResponse(200, summary),
      'POST /api/v1/staking/transfer': (_url, init) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(200, { success: true, message, summary: { ...summary, fundBalance: '15' } });
      },
    });
    const user = userEvent.setup();
    renderAt(<StakingRoomPage firstLoadMs={0} />, { path: '/dashboard/test' });
    const form = await screen.findByRole('form', { name: 'Transfer' });
    await user.type(within(form).getByLabelText('Recipient username'), 'grace');
    await user.type(within(form).getByLabelText('Amount to transfer (USD)'), '5');
    await user.click(within(form).getByRole('button', { name: 'Transfer' }));
    expect(sent).toEqual({ recipient: 'grace', amount: '5' });
    expect(await screen.findByTestId('staking-alert')).toHaveTextContent(message);
    expect(screen.getByTestId('staking-popup')).toHaveTextContent(message);
    expect(screen.getByTestId('staking-fund')).toHaveTextContent('$15.00');
    expect(within(form).getByLabelText('Recipient username')).toHaveValue('');
    expect(within(form).getByLabelText('Amount to transfer (USD)')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Close message' }));
    expect(screen.queryByTestId('staking-popup')).toBeNull();
  });

  it('toggles the leaderboard with ranks, 2 decimals and the user own rank', async () => {
    mockFetch({ ...others, 'GET /api/v1/staking': () => jsonResponse(200, summary) });
    const user = userEvent.setup();
    renderAt(<StakingRoomPage firstLoadMs={0} />, { path: '/dashboard/test' });
    await user.click(await screen.findByRole('button', { name: 'Show Leaderboard' }));
    const row = await screen.findByTestId('leaderboard-row');
    expect(row).toHaveTextContent('#1');
    expect(row).toHaveTextContent('grace');
    expect(row).toHaveTextContent('300.00');
    expect(screen.getByTestId('leaderboard-me')).toHaveTextContent('Your rank #7');
    await user.click(screen.getByRole('button', { name: 'Hide Leaderboard' }));
    await waitFor(() => expect(screen.queryByTestId('leaderboard')).toBeNull());
  });

  it('generates avatars locally from the username', () => {
    expect(avatarFor('ada.lovelace')).toEqual(avatarFor('ada.lovelace'));
    expect(avatarFor('ada.lovelace').initials).toBe('AL');
    expect(avatarFor('grace').initials).toBe('GR');
  });
});
