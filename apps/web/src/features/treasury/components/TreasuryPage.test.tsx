import { MSG, PERMISSIONS, type TreasuryReport, type TreasuryRun, type TreasuryRunStatus } from '@svp/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setStoredUser } from '../../../lib/storedUser';
import { jsonResponse, meAnswer, mockFetch, renderAt, testUser, recordingBodies } from '../../../test/render';
import { operatorMe } from '../../../test/console';
import AdminRoutes from '../../../app/routes/AdminRoutes';
import TreasuryPage from './TreasuryPage';

const TREASURY = `0x${'7'.repeat(40)}`;
const GAS = `0x${'6'.repeat(40)}`;
const TX = `0x${'b'.repeat(64)}`;
const WALLET = `0x${'5'.repeat(40)}`;
/** A transfer out of the treasury that matches no withdrawal. */
const UNMATCHED = {
  txHash: TX,
  logIndex: 0,
  to: WALLET,
  amount: '12.5',
  blockNumber: '4567',
  seenAt: '2026-03-02T09:00:00.000Z',
};

/** 1,500.25 USDT on chain (1,400 in the treasury, 100.25 on 3 deposit addresses) against $1,234.50 owed. */
const COVERED: TreasuryReport = {
  chain: 'bsc',
  explorerUrl: 'https://bscscan.com',
  treasuryAddress: TREASURY,
  gasWalletAddress: GAS,
  onChain: {
    treasuryUsdt: '1400',
    unsweptUsdt: '100.250000000000000001',
    unsweptAddresses: 3,
    gasBnb: '0.123456789',
    sweepsCovered: 41,
    total: '1500.250000000000000001',
    refreshedAt: '2026-03-02T10:00:00.000Z',
  },
  owed: {
    now: '1000',
    available: '880',
    inActivePlans: '120',
    activePlans: 2,
    atMaturity: '234.5',
    approvedUnpaid: '24.9',
    approvedCount: 1,
    total: '1234.5',
  },
  difference: '265.75',
  summary: MSG.treasury.surplus('$265.75'),
  unmatched: [],
  payoutsInFlight: 0,
  devCommands: false,
};

beforeEach(() => {
  document.cookie = 'svp_csrf=t; path=/';
});

function show(report: TreasuryReport, extra: Parameters<typeof mockFetch>[0] = {}) {
  const loads = { treasury: 0 };
  mockFetch({
    'GET /api/v1/admin/treasury': () => {
      loads.treasury += 1;
      return jsonResponse(200, report);
    },
    'GET /api/v1/admin/operator/me': () => jsonResponse(200, { roles: ['superadmin'], permissions: PERMISSIONS }),
    ...extra,
  });
  renderAt(<TreasuryPage />, { path: '/dashadmin/treasury' });
  return { user: userEvent.setup(), loads };
}

describe('treasury page', () => {
  it('opens from the console settings beside the other pages', async () => {
    const admin = { ...testUser, role: 'admin' as const };
    setStoredUser(admin);
    mockFetch({
      'GET /api/v1/me': () => jsonResponse(200, meAnswer(admin, null)),
      'GET /api/v1/admin/treasury': () => jsonResponse(200, COVERED),
      // The console shows what the admin's roles may use (DESIGN D18).
      'GET /api/v1/admin/operator/me': () => jsonResponse(200, { roles: ['superadmin'], permissions: PERMISSIONS }),
    });
    const user = userEvent.setup();
    renderAt(<AdminRoutes />, { path: '/dashadmin', route: '/dashadmin/*' });
    await user.click(await screen.findByRole('link', { name: 'Treasury' }));
    expect(await screen.findByRole('heading', { name: 'Treasury', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashadmin/treasury');
    expect(await screen.findByTestId('treasury-holdings')).toBeInTheDocument();
  });

  it('shows the holdings beside what the ledger owes, and the covered difference in green', async () => {
    show(COVERED);
    const holdings = await screen.findByTestId('treasury-holdings');
    expect(holdings).toHaveTextContent(/Treasury0x7777….*1,400\.00 USDT\+ Not swept/);
    expect(holdings).toHaveTextContent('On 3 deposit addresses100.25 USDT');
    expect(holdings).toHaveTextContent('Held on chain1,500.25 USDT');
    expect(holdings).toHaveTextContent('Pays for about 41 more sweeps.');
    expect(holdings).toHaveTextContent('0.1235 BNB');
    expect(holdings).toHaveTextContent('Last read from the chain:');
    expect(within(holdings).getByRole('link', { name: new RegExp(TREASURY) })).toHaveAttribute(
      'href',
      `https://bscscan.com/address/${TREASURY}`,
    );
    const owed = screen.getByTestId('treasury-owed');
    // What users could withdraw now, apart from what active plans hold until they end (ADR 0041).
    expect(screen.getByTestId('treasury-owed-available')).toHaveTextContent(
      'Withdrawable by users nowBalances, earnings, fund balances and pending withdrawals$880.00',
    );
    expect(screen.getByTestId('treasury-owed-in-plans')).toHaveTextContent(
      '+ Locked in active plansInvested in 2 active plans: owed, but not withdrawable until each plan ends$120.00',
    );
    expect(screen.getByTestId('treasury-owed-now')).toHaveTextContent('Owed to users now$1,000.00');
    expect(screen.getByTestId('treasury-approved-unpaid')).toHaveTextContent('1 approved withdrawal$24.90');
    expect(owed).toHaveTextContent('Still to come at maturity');
    expect(owed).toHaveTextContent('Owed in total$1,234.50');
    const difference = screen.getByTestId('treasury-difference');
    expect(difference).toHaveAttribute('role', 'status');
    expect(difference).toHaveTextContent('Covered: +$265.75');
    expect(difference).toHaveTextContent(MSG.treasury.surplus('$265.75'));
    expect(difference.getAttribute('style')).toMatch(/--mantine-color-green/);
    expect(screen.getByText('No unmatched transfers.')).toBeInTheDocument();
    expect(screen.getByTestId('treasury-in-flight')).toHaveTextContent('0');
    expect(screen.queryByRole('heading', { name: 'Development' })).not.toBeInTheDocument();
  });

  it('says the chain has not been read yet when there are no holdings', async () => {
    show({ ...COVERED, onChain: null, difference: null, summary: MSG.treasury.notRefreshed });
    const holdings = await screen.findByTestId('treasury-holdings');
    expect(holdings).toHaveTextContent(MSG.treasury.notRefreshed);
    expect(holdings).not.toHaveTextContent('USDT');
    expect(screen.getByTestId('treasury-owed')).toHaveTextContent('$1,234.50');
    expect(screen.queryByTestId('treasury-difference')).not.toBeInTheDocument();
  });

  it('shows a read-only role the figures without the buttons that run or explain anything', async () => {
    show(
      {
        ...COVERED,
        chain: 'simulated',
        explorerUrl: null,
        devCommands: true,
        unmatched: [UNMATCHED],
      },
      {
        'GET /api/v1/admin/operator/me': operatorMe('compliance'),
      },
    );
    expect(await screen.findByTestId('unmatched-transfers')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Development' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: `Explain the transfer ${TX}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send payouts' })).not.toBeInTheDocument();
  });

  it('shows a shortfall in red, and transfers that matched no withdrawal', async () => {
    show({
      ...COVERED,
      difference: '-34.5',
      summary: MSG.treasury.shortfall('$34.50'),
      unmatched: [UNMATCHED],
      payoutsInFlight: 2,
    });
    const difference = await screen.findByTestId('treasury-difference');
    expect(difference).toHaveAttribute('role', 'alert');
    expect(difference).toHaveTextContent('Shortfall: −$34.50');
    expect(difference).toHaveTextContent(MSG.treasury.shortfall('$34.50'));
    expect(difference.getAttribute('style')).toMatch(/--mantine-color-red/);
    expect(screen.getByText(MSG.treasury.unmatched)).toBeInTheDocument();
    const [, row] = within(screen.getByTestId('unmatched-transfers')).getAllByRole('row');
    expect(row).toHaveTextContent('12.50 USDT');
    expect(row).toHaveTextContent('4567');
    expect(within(row!).getByRole('link', { name: new RegExp(TX) })).toHaveAttribute(
      'href',
      `https://bscscan.com/tx/${TX}`,
    );
    expect(screen.getByTestId('treasury-in-flight')).toHaveTextContent('2');
    expect(screen.getByText(/2 payouts sent, waiting for the chain to confirm/)).toBeInTheDocument();
  });

  it(
    'starts a development run, shows its progress until it ends, lists what it did and reloads the report',
    { timeout: 20_000 },
    async () => {
      const RUN_ID = '0b6f5a4e-9d1c-4c44-8a0e-3f3f3f3f3f3f';
      const action = {
        kind: 'payout' as const,
        subject: '6a0e4c3e-1f53-4a36-9b43-1f1f1f1f1f1f',
        to: WALLET,
        amount: '24.9',
        txHash: TX,
        outcome: 'sent',
      };
      const result: TreasuryRun = {
        command: 'payouts',
        dryRun: false,
        gas: '0.00021',
        actions: [
          action,
          {
            kind: 'payout',
            subject: '9c0e4c3e-1f53-4a36-9b43-2f2f2f2f2f2f',
            to: WALLET,
            amount: '92.4',
            txHash: null,
            outcome: 'waiting: the treasury has 37.5 USDT free, this payout needs more; sweep or fund it',
          },
        ],
        unpaid: {
          withdrawals: [
            {
              withdrawalId: '9c0e4c3e-1f53-4a36-9b43-2f2f2f2f2f2f',
              wallet: WALLET,
              amount: '92.4',
              approvedAt: '2026-03-02T09:00:00.000Z',
              reason: 'waiting: the treasury has 37.5 USDT free, this payout needs more; sweep or fund it',
            },
          ],
          total: '92.4',
          free: '12.6',
          toFund: '79.8',
        },
      };
      const status = (over: Partial<TreasuryRunStatus>): TreasuryRunStatus => ({
        runId: RUN_ID,
        command: 'payouts',
        dryRun: false,
        status: 'queued',
        actions: [],
        result: null,
        error: null,
        createdAt: '2026-03-02T10:00:00.000Z',
        startedAt: null,
        finishedAt: null,
        ...over,
      });
      const answers = [
        status({ status: 'running', actions: [action], startedAt: '2026-03-02T10:00:01.000Z' }),
        status({ status: 'done', actions: result.actions, result, finishedAt: '2026-03-02T10:00:02.000Z' }),
      ];
      const bodies: unknown[] = [];
      const { user, loads } = show(
        { ...COVERED, chain: 'simulated', explorerUrl: null, devCommands: true },
        {
          'POST /api/v1/dev/treasury/payouts': recordingBodies(bodies, () => jsonResponse(202, status({}))),
          [`GET /api/v1/dev/treasury/runs/${RUN_ID}`]: () => jsonResponse(200, answers.shift() ?? answers[0]!),
          'POST /api/v1/dev/treasury/sweep': () =>
            jsonResponse(403, { error: { code: 'FORBIDDEN', message: MSG.common.internal } }),
        },
      );
      const dev = await screen.findByRole('region', { name: 'Development' });
      await user.click(within(dev).getByRole('button', { name: 'Send payouts' }));
      expect(await within(dev).findByTestId('treasury-run-progress')).toHaveTextContent(
        /Send payouts: (waiting for another treasury run to finish|running, 1 action so far)\./,
      );
      expect(within(dev).getByRole('button', { name: 'Sweep deposits' })).toBeDisabled();
      const done = await within(dev).findByTestId('treasury-run', {}, { timeout: 5_000 });
      expect(bodies).toEqual([{}]);
      expect(done).toHaveTextContent('Send payouts: 2 actions, gas 0.0002 BNB.');
      const [sent] = within(done).getAllByTestId('treasury-action');
      expect(sent).toHaveTextContent('Payout');
      expect(sent).toHaveTextContent('24.90 USDT');
      expect(sent).toHaveTextContent('sent');
      expect(within(sent!).getByTitle(TX)).toBeInTheDocument();
      expect(within(sent!).queryByRole('link')).not.toBeInTheDocument(); // the simulated chain has no explorer
      const unpaid = within(done).getByTestId('treasury-unpaid');
      expect(unpaid).toHaveTextContent('Left 1 approved withdrawal unpaid: 92.40 USDT still needed');
      expect(unpaid).toHaveTextContent('92.40 USDT: waiting: the treasury has 37.5 USDT free');
      expect(unpaid).toHaveTextContent('The treasury has 12.60 USDT free: it needs 79.80 USDT more');
      expect(screen.queryByTestId('treasury-run-progress')).not.toBeInTheDocument();
      await waitFor(() => expect(loads.treasury).toBe(2));

      await user.click(within(dev).getByRole('button', { name: 'Sweep deposits' }));
      expect(await within(dev).findByRole('alert')).toHaveTextContent(MSG.common.internal);
    },
  );

  it('shows a run that failed with its reason', async () => {
    const RUN_ID = '1b6f5a4e-9d1c-4c44-8a0e-3f3f3f3f3f3f';
    const failed: TreasuryRunStatus = {
      runId: RUN_ID,
      command: 'sweep',
      dryRun: false,
      status: 'failed',
      actions: [],
      result: null,
      error: 'Another treasury run holds the treasury lock; try again once it has finished.',
      createdAt: '2026-03-02T10:00:00.000Z',
      startedAt: null,
      finishedAt: '2026-03-02T10:10:00.000Z',
    };
    const { user } = show(
      { ...COVERED, chain: 'simulated', explorerUrl: null, devCommands: true },
      {
        'POST /api/v1/dev/treasury/sweep': () =>
          jsonResponse(202, { ...failed, status: 'queued', finishedAt: null, error: null }),
        [`GET /api/v1/dev/treasury/runs/${RUN_ID}`]: () => jsonResponse(200, failed),
      },
    );
    const dev = await screen.findByRole('region', { name: 'Development' });
    await user.click(within(dev).getByRole('button', { name: 'Sweep deposits' }));
    const alert = await within(dev).findByRole('alert', {}, { timeout: 5_000 });
    expect(alert).toHaveTextContent('Sweep deposits failed');
    expect(alert).toHaveTextContent(failed.error!);
  });

  it('clears an unmatched transfer with an explanation the server keeps', async () => {
    const notes: unknown[] = [];
    let unmatched: TreasuryReport['unmatched'] = [UNMATCHED];
    mockFetch({
      'GET /api/v1/admin/treasury': () => jsonResponse(200, { ...COVERED, unmatched }),
      'GET /api/v1/admin/operator/me': operatorMe('finance'),
      [`POST /api/v1/admin/treasury/unmatched/${TX}/0/acknowledge`]: recordingBodies(notes, () => {
        unmatched = [];
        return jsonResponse(200, { success: true, message: MSG.treasury.unmatchedAcknowledged });
      }),
    });
    renderAt(<TreasuryPage />, { path: '/dashadmin/treasury' });
    const user = userEvent.setup();
    expect(await screen.findByText(MSG.treasury.unmatched)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: `Explain the transfer ${TX}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Explain this transfer' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear the alert' }));
    expect(within(dialog).getByText('Say in a few words what this transfer was.')).toBeInTheDocument();
    expect(notes).toEqual([]);
    await user.type(within(dialog).getByLabelText(/What was it\?/), 'Moved to cold storage');
    await user.click(within(dialog).getByRole('button', { name: 'Clear the alert' }));
    expect(await screen.findByText(MSG.treasury.unmatchedAcknowledged)).toBeInTheDocument();
    expect(notes).toEqual([{ note: 'Moved to cold storage' }]);
    expect(await screen.findByText('No unmatched transfers.')).toBeInTheDocument();
    expect(screen.queryByText(MSG.treasury.unmatched)).not.toBeInTheDocument();
  });
});
