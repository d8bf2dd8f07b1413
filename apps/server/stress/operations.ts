import { API, parseAmount } from '@svp/shared';
import type { Driver } from './driver.js';
import type { Rng } from './options.js';
import type { Actor, StressUser, World } from './setup.js';

/** Micro-dollars of a two-decimal dollar string, as the server parses it. */
const micro = (dollars: string) => parseAmount(dollars, 'USD', 2)!.toString();

const WEIGHTS = {
  topup: 12,
  payAgain: 2,
  invest: 8,
  withdraw: 7,
  adminDecide: 6,
  convert: 11,
  buy: 7,
  sell: 5,
  stake: 5,
  withdrawEarned: 3,
  transfer: 8,
  crossTransfer: 4,
  dailyClaim: 2,
  welcomeClaim: 2,
  bot: 3,
  taps: 8,
  read: 3,
};
type Kind = keyof typeof WEIGHTS;

const PLANS = [
  { code: 'standard', min: 10, max: 40, weight: 0.6 },
  { code: 'silver', min: 20, max: 60, weight: 0.25 },
  { code: 'gold', min: 50, max: 80, weight: 0.1 },
  { code: 'platinum', min: 100, max: 150, weight: 0.05 },
];

/**
 * The random money traffic: every mutating money endpoint, with amounts that mostly succeed and
 * sometimes do not (insufficient funds, a plan already active, nothing to claim: 4xx, no effect).
 */
export function createScenarios(world: World, driver: Driver, rng: Rng) {
  const { admin } = world;
  const post = (endpoint: string, user: Actor, path: string, body: unknown, sig: string | null) =>
    driver.op({ endpoint, actor: user, method: 'POST', path, body, idempotent: true, sig });
  const other = (u: StressUser) => {
    const rest = world.users.filter((x) => x !== u);
    return rng.pick(rest);
  };

  const testPayment = (u: StressUser, requestId: string, amountToPay: string, explicit?: string) =>
    driver.op({
      endpoint: 'test-payment',
      actor: u,
      method: 'POST',
      path: API.topupTestPayment,
      body: explicit ? { requestId, amount: explicit } : { requestId },
      idempotent: false, // the route takes no Idempotency-Key: each call is one more payment on chain
      sig: `pay|${micro(explicit ?? amountToPay)}`,
    });

  const transfer = (from: StressUser, to: StressUser, amount: string) =>
    post(
      'transfer',
      from,
      API.stakingTransfer,
      { recipient: to.username, amount },
      `staking.transfer|${to.id}|${micro(amount)}`,
    );

  const scenarios: Record<Kind, (u: StressUser) => Promise<unknown>> = {
    async topup(u) {
      const amount = rng.chance(0.8) ? rng.dollars(15, 150) : rng.dollars(150, 600);
      const { json } = await post('topup', u, API.topup, { amount }, `topup|${micro(amount)}`);
      if (!json) return;
      u.topups.push({ requestId: json.requestId, amountToPay: json.amountToPay });
      const r = rng.next();
      if (r < 0.85) await testPayment(u, json.requestId, json.amountToPay);
      else if (r < 0.95) await testPayment(u, json.requestId, json.amountToPay, rng.dollars(1, 200)); // under/over
    },
    async payAgain(u) {
      const request = u.topups.length ? rng.pick(u.topups) : undefined;
      if (request) await testPayment(u, request.requestId, request.amountToPay); // a late or repeated payment
    },
    async invest(u) {
      let r = rng.next();
      const plan = PLANS.find((p) => (r -= p.weight) < 0) ?? PLANS[0]!;
      const amount = rng.dollars(plan.min, plan.max);
      const duration = rng.chance(0.03) ? 120 : 45; // 120 days is not open yet: 400
      await post(
        'invest',
        u,
        API.investments,
        { plan: plan.code, duration, amount },
        `investment.start|${micro(amount)}`,
      );
    },
    async withdraw(u) {
      const kind = rng.chance(0.9) ? 'break' : 'maturity'; // maturity: 45 days (clock jumps) and $5 earned
      await post(
        'withdraw',
        u,
        API.withdrawals,
        { kind },
        kind === 'break' ? 'withdrawal.break' : 'withdrawal.request',
      );
    },
    async adminDecide() {
      const { json } = await driver.op({
        endpoint: 'admin-list',
        actor: admin,
        method: 'GET',
        path: API.adminWithdrawals,
        idempotent: false,
        sig: null,
      });
      const queue: { id: string; status: string; sendingTxHash: string | null }[] = json?.withdrawals ?? [];
      if (!queue.length) return;
      const { id, status } = rng.pick(queue);
      const approve = () =>
        post('admin-approve', admin, API.adminWithdrawalApprove.replace(':id', id), undefined, null);
      const reject = () =>
        post(
          'admin-reject',
          admin,
          API.adminWithdrawalReject.replace(':id', id),
          { reason: 'stress test' },
          `withdrawal.rejected|${id}`,
        );
      // The treasury sweeps the deposit addresses and pays every approved withdrawal on the simulated chain;
      // the watcher marks them paid. Neither posts to the ledger by itself. A run is answered at once (202) with
      // its id; it is followed until it ends (at most ~30 s), so the payouts run after the sweep it needs.
      const treasury = async (command: 'sweep' | 'payouts') => {
        const { json } = await driver.op({
          endpoint: `treasury-${command}`,
          actor: admin,
          method: 'POST',
          path: API.devTreasury.replace(':command', command),
          body: { dryRun: false },
          idempotent: false,
          sig: null,
        });
        const runId = typeof json?.runId === 'string' ? json.runId : null;
        for (let poll = 0; runId && poll < 60; poll++) {
          const { json: run } = await driver.op({
            endpoint: 'treasury-run',
            actor: admin,
            method: 'GET',
            path: API.devTreasuryRun.replace(':runId', runId),
            idempotent: false,
            sig: null,
          });
          if (run?.status !== 'queued' && run?.status !== 'running') return;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      };
      const payouts = async () => {
        await treasury('sweep');
        await treasury('payouts');
      };
      const r = rng.next();
      if (status === 'approved') {
        if (r < 0.6) await payouts();
        else if (r < 0.8) await reject();
        else await Promise.all([payouts(), reject()]); // a rejection racing the payout: never both
      } else if (r < 0.5) await approve();
      else if (r < 0.75) await reject();
      else await Promise.all([approve(), reject()]); // two admins deciding at once
    },
    async convert(u) {
      const toFund = rng.chance(0.75);
      const amount = !toFund ? rng.dollars(0.5, 8) : rng.chance(0.8) ? rng.dollars(1, 25) : rng.dollars(25, 150);
      const direction = toFund ? 'toFund' : 'toBalance';
      await post(
        'convert',
        u,
        API.stakingConvert,
        { direction, amount },
        `staking.convert|${direction}|${micro(amount)}`,
      );
    },
    async buy(u) {
      const amount = rng.chance(0.8) ? rng.dollars(1, 6) : rng.dollars(20, 120); // big holdings earn visible yield
      await post('buy', u, API.stakingBuy, { amount }, `staking.buy|${micro(amount)}`);
    },
    async sell(u) {
      const tokens = String(rng.int(1_000, 150_000));
      await post('sell', u, API.stakingSell, { tokens }, `staking.sell|${tokens}`);
    },
    async stake(u) {
      const tokens = String(rng.chance(0.65) ? rng.int(1_000, 300_000) : rng.int(1_000_000, 10_000_000));
      await post('stake', u, API.stakingStake, { tokens }, `staking.stake|${tokens}`);
    },
    async withdrawEarned(u) {
      await post('withdraw-earned', u, API.stakingWithdrawEarned, undefined, 'staking.withdraw-earned');
    },
    async transfer(u) {
      if (rng.chance(0.03)) {
        const amount = rng.dollars(0.1, 4);
        await post(
          'transfer',
          u,
          API.stakingTransfer,
          { recipient: 'nobody_here', amount },
          `staking.transfer|none|${micro(amount)}`,
        );
        return;
      }
      await transfer(u, other(u), rng.dollars(0.1, 4));
    },
    async crossTransfer(u) {
      const v = other(u); // A→B and B→A at the same moment: no deadlock, both or either may pass
      await Promise.all([transfer(u, v, rng.dollars(0.1, 3)), transfer(v, u, rng.dollars(0.1, 3))]);
    },
    async dailyClaim(u) {
      await post('daily-claim', u, API.rewardsDaily, undefined, 'coins.daily-claim');
    },
    async welcomeClaim(u) {
      await post('welcome-claim', u, API.rewardsWelcome, undefined, 'coins.welcome');
    },
    async bot(u) {
      const method = rng.chance(0.75) ? 'balance' : 'coins';
      await post('bot-activate', u, API.botActivate, { method }, `bot.activation|${method}`);
    },
    async taps(u) {
      const clicks = rng.int(1, 20);
      await post('taps', u, API.taps, { clicks }, `coins.taps|${clicks * 25}`);
    },
    async read(u) {
      // Reads settle accruals (staking yield, daily coins) under the same locks as the writes.
      const path = rng.pick([API.staking, API.rewards, API.bot, API.me, API.withdrawalQuote]);
      await driver.op({ endpoint: `GET ${path}`, actor: u, method: 'GET', path, idempotent: false, sig: null });
    },
  };

  return () => scenarios[rng.weighted(WEIGHTS)](rng.pick(world.users)).then(() => undefined);
}
