import { MSG } from '@svp/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getStoredUser } from '../../lib/useStoredUser';
import { jsonResponse, meAnswer, mockFetch, renderAt, testConfig, testUser } from '../../test/render';
import { historyAnswer, signIn } from '../../test/console';
import DashboardRoutes from './DashboardRoutes';

function renderDashboard(path = '/dashboard') {
  renderAt(<DashboardRoutes />, { path, route: '/dashboard/*' });
  return userEvent.setup();
}

beforeEach(() => signIn(testUser));

describe('Dashboard', () => {
  it('shows the loading state, then the home with the fresh /me snapshot', async () => {
    const fresh = { ...testUser, username: 'ada-lovelace', balance: '99.999' };
    mockFetch({
      'GET /api/v1/me': () => jsonResponse(200, meAnswer(fresh)),
      'GET /api/v1/config': () => jsonResponse(200, testConfig),
    });
    renderDashboard();
    expect(screen.getByText(MSG.dashboard.loading)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome, ada-lovelace!' })).toBeInTheDocument();
    expect(screen.getByText('Not selected')).toBeInTheDocument();
    expect(screen.getAllByText('$100.00').length).toBeGreaterThan(0);
    expect(getStoredUser()?.username).toBe('ada-lovelace');
    expect(await screen.findByText(testConfig.notice)).toBeInTheDocument();
  });

  it("sends /me and /config only: the home's coin box and bot box come with /me", async () => {
    const bot = {
      botStatus: 0 as const,
      state: 'paused' as const,
      reason: MSG.bot.paused,
      paidThrough: null,
      botEarn: '0',
    };
    const rewards = { rewardClaimed: 1 as const, coins: '20100', dailyCoins: '3', message: MSG.rewards.statusClaimed };
    const fetched = mockFetch({
      'GET /api/v1/me': () => jsonResponse(200, meAnswer(testUser, { bot, rewards })),
      'GET /api/v1/config': () => jsonResponse(200, testConfig),
    });
    renderDashboard();
    await waitFor(() => expect(screen.getByTestId('bot-state')).toHaveTextContent('Paused'));
    expect(screen.getByText(MSG.bot.paused)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('coins')).toHaveTextContent('20,100.00'));
    expect(screen.getByTestId('daily-coins')).toHaveTextContent('3.00');
    expect(screen.queryByRole('button', { name: 'Claim Welcome Coin' })).toBeNull();
    const sent = fetched.mock.calls.map(([url]) => String(url)).sort();
    expect(sent).toEqual(['/api/v1/config', '/api/v1/me']);
  });

  it('shows the error box when /me fails', async () => {
    mockFetch({
      'GET /api/v1/me': () => new Response('down', { status: 503 }),
      'GET /api/v1/config': () => jsonResponse(200, testConfig),
    });
    renderDashboard();
    expect(await screen.findByRole('alert')).toHaveTextContent(`Error: ${MSG.dashboard.fetchError}`);
  });

  it('shows "Page Not Found" for an unknown section', async () => {
    mockFetch({
      'GET /api/v1/me': () => jsonResponse(200, meAnswer()),
      'GET /api/v1/config': () => jsonResponse(200, testConfig),
    });
    renderDashboard('/dashboard/nowhere');
    expect(await screen.findByRole('heading', { name: MSG.dashboard.notFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('confirms before logging out, then forgets the user and goes to login', async () => {
    let loggedOut = false;
    mockFetch({
      'GET /api/v1/me': () => jsonResponse(200, meAnswer()),
      'GET /api/v1/config': () => jsonResponse(200, testConfig),
      'POST /api/v1/auth/logout': () => {
        loggedOut = true;
        return jsonResponse(200, { success: true });
      },
    });
    const user = renderDashboard();
    await screen.findByRole('heading', { name: 'Welcome, ada!' });
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: MSG.logout.title });
    expect(within(dialog).getByText(MSG.logout.question)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(loggedOut).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(loggedOut).toBe(true);
    expect(getStoredUser()).toBeNull();
  });

  it('has the sidebar card and buttons, and a "More" toggle for narrow screens', async () => {
    mockFetch({
      'GET /api/v1/me': () => jsonResponse(200, meAnswer()),
      'GET /api/v1/config': () => jsonResponse(200, testConfig),
      'GET /api/v1/history': () => jsonResponse(200, historyAnswer('Topped up $20')),
      'GET /api/v1/plans': () => jsonResponse(200, { plans: [], durations: [] }),
      'GET /api/v1/investments': () => jsonResponse(200, { investment: null }),
    });
    const user = renderDashboard('/dashboard/history');
    const sidebar = screen.getByRole('navigation', { name: 'Dashboard navigation' });
    for (const label of ['Dashboard', 'Plan', 'Reports', 'History', 'Messages', 'Top Up', 'Withdraw']) {
      expect(within(sidebar).getByRole('link', { name: label })).toBeInTheDocument();
    }
    // Not matured yet: nothing is withdrawable now (the expected $22.50 shows once the plan has an end date).
    expect(within(sidebar).getByText('Withdrawable balance').nextElementSibling).toHaveTextContent('$0.00');
    expect(await screen.findByText('Topped up $20', {}, { timeout: 5_000 })).toBeInTheDocument();

    const more = screen.getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(sidebar).getByRole('link', { name: 'Plan' }));
    expect(await screen.findByRole('heading', { name: 'Investment Plans' })).toBeInTheDocument();
    expect(more).toHaveAttribute('aria-expanded', 'false');
  });
});
