/**
 * Floors under the money routes' cost: bare Fastify POST routes that run an operation's own one statement through
 * the app's repository, with no hooks, no validation, no session look-up and no rendering — what one HTTP request
 * and one SQL call doing that operation cost on this machine, whatever the app does around them. Anything but a
 * posting answers 500, so a floor cannot flatter itself with cheap refusals.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API, API_PREFIX, DAY_MS, expectedWithdrawal, usd } from '@svp/shared';
import type { Db } from '../src/db/client.js';
import type { RequestFrame } from '../src/http/one-statement.js';
import { ledgerKey } from '../src/modules/ledger/ledger-keys.js';
import { ledgerRepository } from '../src/modules/ledger/ledger.repository.js';
import {
  createLedger,
  requestRecipientAccount,
  requestUserAccount,
  statementLegs,
} from '../src/modules/ledger/ledger.service.js';
import { plansRepository } from '../src/modules/plans/plans.repository.js';
import { TOUCH_EVERY_MS } from '../src/modules/auth/sessions.js';
import { createClock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import { createWithdrawalRequest } from '../src/modules/withdrawals/withdrawal-request.js';
import { controlsConfig } from '../src/modules/withdrawals/withdrawal-controls.js';
import { SEEDED_DAYS, SEEDED_PLAN } from './seed-users.js';

/** Any idle limit longer than a bench run: the seeded and signed-in sessions are fresh. */
export const FLOOR_IDLE_MS = 30 * 60_000;

/** The frame the app builds for a user's fresh request: the same touch interval, so a floor touches when the route does. */
function frame(tokenHash: string, route: string): RequestFrame {
  const key = {
    key: randomUUID(),
    route: API_PREFIX + route,
    requestHash: randomUUID(),
    claim: randomUUID(),
    held: false,
  };
  return { tokenHash, now: new Date(), idleMs: FLOOR_IDLE_MS, touchMs: TOUCH_EVERY_MS, key };
}

const posted = (row: { outcome: string; result: unknown }) =>
  row.outcome === 'ok' && (row.result as { outcome?: string } | null)?.outcome === 'ok';

/**
 * Staking transfers of $0.01 (api_user_posting), each connection from its own pair of `pairs` (a sender's session
 * hash and the recipient's username), taken in turn as connections open, as the transfer route is loaded.
 */
export function transferStatementRoute(
  app: FastifyInstance,
  db: Db,
  pairs: { tokenHash: string; recipient: string }[],
) {
  const amount = usd('0.01');
  const legs = statementLegs('staking.transfer', [
    { account: requestUserAccount('usd.fund'), amount: -amount },
    { account: requestRecipientAccount('usd.fund'), amount },
  ]);
  const pairOf = new WeakMap<object, { tokenHash: string; recipient: string }>();
  let next = 0;
  app.post('/', async (request, reply) => {
    let pair = pairOf.get(request.raw.socket);
    if (!pair) pairOf.set(request.raw.socket, (pair = pairs[next++ % pairs.length]!));
    const row = await ledgerRepository.userPosting(db, {
      ...{ frame: frame(pair.tokenHash, API.stakingTransfer), kind: 'staking.transfer', nonce: randomUUID() },
      ...{ memo: 'Fund transfer from {sender} to {recipient}', recipient: pair.recipient, legs },
      ...{ summary: 'staking', settle: null },
    });
    return posted(row) ? row : reply.code(500).send(row);
  });
}

/**
 * The bench's investment (the seeded plan at its minimum) for the next of `tokenHashes`, one investor each
 * (api_invest). No referral bonus is offered: the floor does a little less than the route, never more.
 */
export function investStatementRoute(app: FastifyInstance, db: Db, tokenHashes: string[]) {
  let next = 0;
  const plan = plansRepository.list(db).then((plans) => plans.find((p) => p.code === SEEDED_PLAN.code)!);
  app.post('/', async (_request, reply) => {
    const tokenHash = tokenHashes[next++];
    if (!tokenHash) return reply.code(500).send({ error: 'no investor left' });
    const row = await plansRepository.invest(db, {
      frame: frame(tokenHash, API.investments),
      ...(await investment(await plan)),
    });
    return posted(row) ? row : reply.code(500).send(row);
  });
}

async function investment(plan: Awaited<ReturnType<typeof plansRepository.list>>[number]) {
  const amount = plan.minAmount;
  const investmentId = randomUUID();
  return {
    ...{ refusal: null, plan, investmentId, days: SEEDED_DAYS, amount, referral: null },
    expected: expectedWithdrawal(amount, plan, SEEDED_DAYS),
    endsAt: new Date(Date.now() + SEEDED_DAYS * DAY_MS),
    ledgerKey: ledgerKey.investment(investmentId),
    memo: `Invested in the ${plan.name} plan for ${SEEDED_DAYS} days`,
    legs: statementLegs('investment.start', [
      { account: requestUserAccount('usd.balance'), amount: -amount },
      { account: requestUserAccount('usd.invested'), amount },
    ]),
  };
}

/**
 * The bench's withdrawal request at maturity for the next of `tokenHashes` (one matured plan each): the service's
 * own statement, which prices and makes the request in one call (withdrawal-request.ts), with the app's
 * rule from the same environment, and without the route's hooks, validation, key handling or rendering.
 */
export function withdrawStatementRoute(app: FastifyInstance, db: Db, tokenHashes: string[]) {
  let next = 0;
  const config = loadConfig();
  const rule = {
    minEarnings: config.MIN_WITHDRAWAL_EARNINGS_USD,
    requireVerified: config.WITHDRAWALS_REQUIRE_VERIFIED_EMAIL,
  };
  const controls = controlsConfig(config);
  const request = createWithdrawalRequest({ db, ledger: createLedger(db, createClock()), rule, controls })('maturity');
  app.post('/', async (_request, reply) => {
    const tokenHash = tokenHashes[next++];
    if (!tokenHash) return reply.code(500).send({ error: 'no matured plan left' });
    const answer = await request.run(frame(tokenHash, API.withdrawals));
    const done = answer.outcome === 'done' && (answer.result as { outcome?: string } | null)?.outcome === 'ok';
    return done ? answer : reply.code(500).send(answer);
  });
}
