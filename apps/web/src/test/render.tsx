import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/AppProviders';
import QueryProvider, { createQueryClient } from '../app/QueryProvider';
import { MSG, type MeResponse, type UserSnapshot } from '@svp/shared';

/** Shows the current path so tests can assert where the app navigated. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

/** Renders `element` at `path` (matching `route`), with every provider the app has, transitions off. */
export function renderAt(element: ReactElement, { path = '/', route = '*' }: { path?: string; route?: string } = {}) {
  const queryClient = createQueryClient();
  // The app's defaults (how long an answer stays fresh above all), without retries: a failure shows at once.
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return render(
    <AppProviders env="test">
      <QueryProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={element} />
            <Route path="/" element={<div>Login page</div>} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </QueryProvider>
    </AppProviders>,
  );
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

/** Replaces fetch with a router over "METHOD /path" keys; unknown calls fail the test loudly. */
export function mockFetch(routes: Record<string, Handler>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = `${init?.method ?? 'GET'} ${url.replace(/^https?:\/\/[^/]+/, '')}`;
    const handler = routes[key];
    if (!handler) throw new Error(`Unexpected fetch: ${key}`);
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** A mockFetch route that keeps each request's JSON body in `bodies`, then answers with `answer()`. */
export function recordingBodies(bodies: unknown[], answer: () => Response | Promise<Response>): Handler {
  return (_url, init) => {
    bodies.push(JSON.parse(String(init?.body)));
    return answer();
  };
}

export const testUser: UserSnapshot = {
  id: 'u1',
  email: 'ada@example.com',
  role: 'user',
  username: 'ada',
  balance: '1234.5',
  tier: 'No Plan',
  wallet: '0x1111111111111111111111111111111111111111',
  end_time: null,
  expectedWithdrawal: '22.5',
  withdrawableNow: '0',
  investedAmount: '0',
  history: 'Registered\nTopped up $20',
  coins: '20000',
  dailyCoins: '0.25',
  botEarn: '0',
  earnings: '0',
  earnedTotal: '0',
  botStatus: 0,
  referralCode: null,
  language: 'en',
};

/** The home's coin box and bot box as /me carries them for testUser: welcome reward claimed, bot inactive. */
export const testEngagement: NonNullable<MeResponse['engagement']> = {
  rewards: {
    rewardClaimed: 1,
    coins: testUser.coins,
    dailyCoins: testUser.dailyCoins,
    message: MSG.rewards.statusClaimed,
  },
  bot: { botStatus: 0, state: 'inactive', reason: null, paidThrough: null, botEarn: '0' },
};

/** A GET /me answer body, as the server sends it for a user (an admin's has `engagement: null`). */
export function meAnswer(
  user: UserSnapshot = testUser,
  engagement: MeResponse['engagement'] = testEngagement,
): MeResponse {
  return { success: true, user, engagement, emailVerified: true };
}

export const testConfig = {
  brand: 'My Dashboard',
  notice: 'New investment plans are coming soon!',
  links: { channel: 'https://t.me/example', chatBot: 'https://t.me/example_bot', telegramTask: 'https://t.me/x' },
  referralText: 'Invite a friend: you each get $1 plus 100,000 SVP tokens when they pick a plan.',
  minEarningsToWithdraw: '5',
  withdrawalRuleText:
    'To withdraw to your wallet at maturity you need at least $5 in earnings (for example 5 referrals at $1 each); without them you can move the matured plan to your balance.',
  devTools: true,
  testClock: false,
  explorerUrl: null,
};

/** A withdrawal quote's controls on the product's defaults: no hold, no review, nothing of the caps used. */
export const testWithdrawalControls = {
  dailyCap: '10000',
  dailyUsed: '0',
  monthlyCap: '50000',
  monthlyUsed: '0',
  hold: null,
  review: [],
  promise:
    'Withdrawals are processed within 48 hours to 3 days; extra verification may be needed for large withdrawals.',
};
