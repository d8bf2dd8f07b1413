import { MSG } from '@svp/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  jsonResponse,
  meAnswer,
  mockFetch,
  renderAt,
  testConfig,
  testUser,
  recordingBodies,
} from '../../../test/render';
import { DashboardUserContext } from '../../../shared/session/user-context';
import type { Plan } from '../api/plans';
import PlansPage from './PlansPage';
import { pickPlanError, previewInvestment } from './preview';

const PLANS = {
  plans: [
    {
      code: 'standard',
      name: 'Standard',
      type: 'Basic',
      dailyTask: 1,
      minAmount: '10',
      multiplier: 1,
      ratios: { '45': '2.25', '120': '6' },
    },
    {
      code: 'silver',
      name: 'Silver',
      type: 'Premium',
      dailyTask: 2,
      minAmount: '20',
      multiplier: 2,
      ratios: { '45': '2.25', '120': '6' },
    },
    {
      code: 'gold',
      name: 'Gold',
      type: 'Elite',
      dailyTask: 3,
      minAmount: '50',
      multiplier: 4,
      ratios: { '45': '1.8', '120': '4.8' },
    },
    {
      code: 'platinum',
      name: 'Platinum',
      type: 'Master',
      dailyTask: 4,
      minAmount: '100',
      multiplier: 8,
      ratios: { '45': '1.8', '120': '4.8' },
    },
  ],
  durations: [
    { days: 45, enabled: true },
    { days: 120, enabled: false },
  ],
};
const standard = PLANS.plans[0] as Plan;
const INVESTMENT = {
  id: 'i1',
  plan: 'Standard',
  amount: '10',
  expectedWithdrawal: '22.5',
  expectedProfit: '12.5',
  days: 45,
  startedAt: '2026-01-01T00:00:00.000Z',
  endsAt: '2026-02-15T00:00:00.000Z',
  status: 'active',
};

function renderPlans(balance = '100') {
  renderAt(
    <DashboardUserContext.Provider value={{ ...testUser, balance }}>
      <PlansPage />
    </DashboardUserContext.Provider>,
    { path: '/dashboard/plan' },
  );
  return userEvent.setup();
}

beforeEach(() => {
  document.cookie = 'svp_csrf=t; path=/';
});

describe('plan preview (shared formula)', () => {
  it('matches the spec at the tier amounts and scales with the amount', () => {
    const usd = (n: number) => BigInt(n) * 1_000_000n;
    expect(previewInvestment(standard, 45, usd(10))).toEqual({
      expectedWithdrawal: 22_500_000n,
      expectedProfit: 12_500_000n,
    });
    expect(previewInvestment(standard, 45, usd(200))?.expectedWithdrawal).toBe(usd(450));
    expect(previewInvestment(PLANS.plans[3] as Plan, 45, usd(100))?.expectedWithdrawal).toBe(usd(180));
    // Operator-changed rates: the preview follows the plan's own multiplier and minimum.
    expect(previewInvestment({ ...standard, multiplier: 2 }, 45, usd(10))?.expectedWithdrawal).toBe(usd(45));
  });

  it('checks in the spec order: plan and duration, minimum, balance', () => {
    const balance = 50_000_000n;
    expect(pickPlanError(null, { duration: 45, amount: '10', balance })).toBe(MSG.invest.missingPlan);
    expect(pickPlanError(standard, { duration: null, amount: '10', balance })).toBe(MSG.invest.missingPlan);
    expect(pickPlanError(standard, { duration: 45, amount: '9.99', balance })).toBe('Amount must be at least $10');
    expect(pickPlanError(standard, { duration: 45, amount: 'ten', balance })).toBe('Amount must be at least $10');
    // The rule that failed is the one named: 10.005 is above the minimum, with a third decimal.
    expect(pickPlanError(standard, { duration: 45, amount: '10.005', balance })).toBe(MSG.common.amountDecimals);
    expect(pickPlanError(standard, { duration: 45, amount: '50.01', balance })).toBe(MSG.invest.insufficient);
    expect(pickPlanError(standard, { duration: 45, amount: '50', balance })).toBeNull();
  });
});

describe('Investment Plans page', () => {
  it('shows four cards, the details modal, and a live preview in the pick modal; validates before sending', async () => {
    const posted: unknown[] = [];
    mockFetch({
      'GET /api/v1/plans': () => jsonResponse(200, PLANS),
      'GET /api/v1/investments': () => jsonResponse(200, { investment: null }),
      'POST /api/v1/investments': recordingBodies(posted, () =>
        jsonResponse(200, { success: true, message: MSG.invest.success, investment: INVESTMENT }),
      ),
      'GET /api/v1/me': () => jsonResponse(200, meAnswer()),
      'GET /api/v1/config': () => jsonResponse(200, testConfig),
    });
    const user = renderPlans('40');
    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Standard',
      'Silver',
      'Gold',
      'Platinum',
    ]);
    const gold = screen.getByRole('article', { name: 'Gold' });
    expect(gold).toHaveTextContent('Elite');
    expect(gold).toHaveTextContent('Daily task power: 3');
    expect(gold).toHaveTextContent('Minimum: $50.00');
    expect(gold).toHaveTextContent('Pays at 45 days: 1.8×');

    await user.click(within(gold).getByRole('button', { name: 'More about Gold' }));
    const details = await screen.findByRole('dialog', { name: 'Gold plan' });
    expect(within(details).getByRole('cell', { name: '$90.00' })).toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'Close' }));

    await user.click(
      within(screen.getByRole('article', { name: 'Standard' })).getByRole('button', { name: 'Pick Plan' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Pick the Standard plan' });
    const duration = within(dialog).getByLabelText('Duration');
    expect(within(duration).getByRole('option', { name: '120 days (coming soon)' })).toBeDisabled();
    expect(within(dialog).getByTestId('preview-withdrawal')).toHaveTextContent('—');
    expect(await within(dialog).findByTestId('withdrawal-rule')).toHaveTextContent(testConfig.withdrawalRuleText);

    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MSG.invest.missingPlan);

    await user.selectOptions(duration, '45');
    const amount = within(dialog).getByLabelText('Amount (USD)');
    expect(amount).toHaveValue('10');
    expect(within(dialog).getByTestId('preview-withdrawal')).toHaveTextContent('$22.50');
    expect(within(dialog).getByTestId('preview-profit')).toHaveTextContent('$12.50');

    await user.clear(amount);
    await user.type(amount, '200');
    expect(within(dialog).getByTestId('preview-withdrawal')).toHaveTextContent('$450.00');
    expect(within(dialog).getByTestId('preview-profit')).toHaveTextContent('$250.00');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MSG.invest.insufficient);

    await user.clear(amount);
    await user.type(amount, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Amount must be at least $10');
    expect(posted).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(posted).toEqual([{ plan: 'standard', duration: 45, amount: '10' }]);
    const success = await screen.findByRole('dialog', { name: 'Investment started' });
    expect(success).toHaveTextContent(MSG.invest.success);
    expect(success).toHaveTextContent('$22.50');
    expect(
      await screen.findByText('Investment started', { selector: '.mantine-Notification-title' }),
    ).toBeInTheDocument();
    expect(await screen.findByText(/Your Standard plan is active/)).toBeInTheDocument();
  });

  it("shows the server's message for an active plan", async () => {
    const active = MSG.invest.activePlan('Standard');
    mockFetch({
      'GET /api/v1/plans': () => jsonResponse(200, PLANS),
      'GET /api/v1/investments': () => jsonResponse(200, { investment: null }),
      'POST /api/v1/investments': () => jsonResponse(409, { error: { code: 'PLAN_ACTIVE', message: active } }),
    });
    const user = renderPlans();
    await user.click(
      within(await screen.findByRole('article', { name: 'Silver' })).getByRole('button', { name: 'Pick Plan' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Pick the Silver plan' });
    await user.selectOptions(within(dialog).getByLabelText('Duration'), '45');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(active);
  });
});
