/** The loads of `npm run bench`, shared with `npm run bench:profile`: one definition of each scenario. */
import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import pg from 'pg';
import { API, IDEMPOTENCY_HEADER } from '@svp/shared';
import { PASSWORD, writeHeaders, type BenchUser, type client } from './app-under-test.js';
import { DURATION, load, WRITE_CLIENTS, type LoadResult } from './references.js';
import { INVEST_BODY } from './seed-users.js';

type Api = ReturnType<typeof client>;
type Options = Partial<autocannon.Options>;

/**
 * Registers `count` users. The first `stakers` get $500, move $400 to the fund, buy tokens and stake
 * different amounts (the leaderboard's order); the first two of them are the ones who move money.
 */
export async function benchUsers(api: Api, count: number, stakers: number): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  for (let i = 0; i < count; i++) users.push(await api.register(i));
  for (const [i, u] of users.slice(0, stakers).entries()) {
    const request = await api.post(u, API.topup, { amount: '500' });
    await api.post(u, API.topupTestPayment, { requestId: request.requestId });
    await api.post(u, API.stakingConvert, { direction: 'toFund', amount: '400' });
    await api.post(u, API.stakingBuy, { amount: '50' });
    await api.post(u, API.stakingStake, { tokens: String(1_000_000 + i * 10_000) });
  }
  return users;
}

export const getLoad = (api: Api, path: string, user: BenchUser, options: Options = {}) =>
  load(api.url(path), { headers: { cookie: user.cookie }, ...options });

/** The dashboard's first paint asks for these three (features/dashboard, rewards, bot). */
export const dashboardLoad = (api: Api, user: BenchUser, options: Options = {}) =>
  load(api.url(API.me), {
    headers: { cookie: user.cookie },
    requests: [{ path: `/api/v1${API.me}` }, { path: `/api/v1${API.config}` }],
    ...options,
  });

/** A sender and the recipient of their transfers. */
export type TransferPair = readonly [from: BenchUser, to: BenchUser];

/**
 * The senders and recipients of the transfer budget: `count` pairs of different users, one a connection, as
 * TPC-B's clients update accounts of their own (docs/decisions/0036).
 */
export const transferPairs = (users: BenchUser[], count = WRITE_CLIENTS): TransferPair[] =>
  users.slice(0, count).map((from, i) => [from, users[count + i]!] as const);

/**
 * Fund transfers of $0.01, each connection from its own pair (the pairs taken in turn as the connections open):
 * one pair for all of them is the hottest case there is, every transfer queued behind the one before on the
 * same two rows. Each transfer carries its own Idempotency-Key (autocannon's `[<id>]`, fresh a request), as the
 * web client sends one with every POST: the key's claim, commit mark and stored answer are part of what a
 * user's transfer costs.
 */
export function transferLoad(api: Api, pairs: readonly TransferPair[], options: Options = {}) {
  let next = 0;
  return load(api.url(API.stakingTransfer), {
    connections: WRITE_CLIENTS,
    method: 'POST',
    idReplacement: true,
    setupClient: (connection) => {
      const [from, to] = pairs[next++ % pairs.length]!;
      connection.setHeadersAndBody(
        { ...writeHeaders(from), [IDEMPOTENCY_HEADER]: '[<id>]' },
        JSON.stringify({ recipient: to.username, amount: '0.01' }),
      );
    },
    ...options,
  });
}

/**
 * POSTs to `route`, each from the next user of `users` and with its own Idempotency-Key: for acts a user can
 * do once (one active plan each, SPEC §5). Requests past the last user are refused and counted as errors;
 * the run says so.
 */
async function oncePerUser(api: Api, route: string, users: BenchUser[], body: unknown, options: Options) {
  let next = 0;
  const payload = JSON.stringify(body);
  const result = await load(api.url(route), {
    connections: WRITE_CLIENTS,
    method: 'POST',
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => ({
          ...req,
          headers: { ...writeHeaders(users[next++ % users.length]!), [IDEMPOTENCY_HEADER]: randomUUID() },
          body: payload,
        }),
      },
    ],
    ...options,
  });
  if (next > users.length)
    console.warn(`  ${next} requests for ${users.length} seeded users: raise SEED_USERS_PER_SECOND (seed-users.ts)`);
  return result;
}

/** Investments (the Gold plan's minimum, for its enabled duration), one per seeded investor. */
export const investLoad = (api: Api, investors: BenchUser[], options: Options = {}) =>
  oncePerUser(api, API.investments, investors, INVEST_BODY, options);

/** Withdrawal requests at maturity, one per seeded matured plan. */
export const withdrawLoad = (api: Api, holders: BenchUser[], options: Options = {}) =>
  oncePerUser(api, API.withdrawals, holders, { kind: 'maturity' }, options);

/** Simulated-chain deposits to one user's address: the watcher's posting path under load. */
export async function depositLoad(api: Api, user: BenchUser, options: Options = {}) {
  const { walletAddress } = await api.post(user, API.topup, { amount: '10' });
  return load(api.url(API.devChainPay), {
    connections: WRITE_CLIENTS,
    method: 'POST',
    headers: writeHeaders(user),
    body: JSON.stringify({ to: walletAddress, amount: '1' }),
    ...options,
  });
}

/**
 * The watcher crediting what the chain brought (the deposit credit budget): `perRound` transfers to the payees'
 * deposit addresses are written straight into the simulated chain, as a block range arrives on a real one, and
 * scans are asked for (through the dev route, which runs one and joins one in flight) until every transfer is a
 * deposit. Rounds for DURATION seconds; the rate is deposits credited per second of crediting, from the moment the
 * transfers are on the chain. The pay-and-scan request above is context: it measures a scan's latency per request.
 */
export async function depositBacklogLoad(
  api: Api,
  databaseUrl: string,
  payees: BenchUser[],
  perRound = 2_000,
): Promise<LoadResult> {
  const addresses: string[] = [];
  for (const u of payees) addresses.push(String((await api.post(u, API.topup, { amount: '10' })).walletAddress));
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const depositCount = async () => Number((await db.query('select count(*)::int as n from deposits')).rows[0].n);
  let credited = 0;
  let seconds = 0;
  try {
    const until = Date.now() + DURATION * 1000;
    while (Date.now() < until) {
      const target = (await depositCount()) + perRound;
      await db.query(
        `insert into simulated_transfers (tx_hash, to_address, amount_raw, created_at)
         select '0x' || md5(random()::text || i) || md5(i::text || clock_timestamp()), ($1::text[])[1 + i % $2],
           '1000000000000000000', now()
         from generate_series(1, $3) i`,
        [addresses, addresses.length, perRound],
      );
      const start = performance.now();
      // Each ask adds its own $1 transfer, credited with the rest.
      let asked = 0;
      while ((await depositCount()) < target + asked) {
        await api.post(payees[0]!, API.devChainPay, { to: addresses[0], amount: '1' });
        asked += 1;
      }
      seconds += (performance.now() - start) / 1000;
      credited += perRound + asked;
    }
  } finally {
    await db.end();
  }
  return { rps: credited / seconds, p99: NaN, errors: 0 };
}

/**
 * Logins with a real argon2id check, each from its own address and rotating over `accounts`, so the
 * per-IP and per-account limits stay out of the way.
 */
export async function loginLoad(api: Api, accounts: BenchUser[], options: Options = {}) {
  const { headers } = await api.csrfPair('10.8.0.1');
  let n = 0;
  return load(api.url(API.login), {
    connections: WRITE_CLIENTS,
    method: 'POST',
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const u = accounts[n % accounts.length]!;
          n++;
          return {
            ...req,
            headers: { ...headers, 'x-forwarded-for': `10.7.${(n >> 8) & 255}.${n & 255}` },
            body: JSON.stringify({ email: u.email, password: PASSWORD }),
          };
        },
      },
    ],
    ...options,
  });
}
