import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, convertSchema, MSG } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import { IdempotencyClaimLost, inTransaction } from '../../src/db/transaction.js';
import { recoverStaleIdempotencyKeys, requestHashOf } from '../../src/http/idempotency.js';
import {
  buildTestApp,
  Client,
  PASSWORD,
  signedInAdmin,
  signedInUser,
  topUp,
  uniqueEmail,
  WALLET,
  type TestApp,
  expectLedgerConsistent,
} from '../helpers.js';

// A crash between claiming an Idempotency-Key and answering leaves the key unfinished. These tests
// stage that state directly (the process cannot be killed inside app.inject) and check each way out.
const STALE_MS = 30_000;

describe('Idempotency-Keys after a crash', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  async function fundedUser(ip: string) {
    const u = await signedInUser(t.app, ip);
    await topUp(u.client, '50');
    return u;
  }
  const fund = async (client: Awaited<ReturnType<typeof signedInUser>>['client']) =>
    (await client.get(API.staking)).body.fundBalance as string;
  async function deadAttempt(userId: string, key: string, body: unknown, committed: boolean) {
    // The body as the route validates it (amounts parsed), hashed as the server hashes it.
    const hash = requestHashOf('POST', `/api/v1${API.stakingConvert}`, convertSchema.parse(body));
    const claimedAt = new Date(Date.now() - STALE_MS - 1000);
    await t.database.db.execute(sql`
      insert into idempotency_keys (scope, key, route, request_hash, claim, claimed_at, committed_at, created_at)
      values (${`user:${userId}`}, ${key}, ${'/api/v1' + API.stakingConvert}, ${hash}, 'dead-attempt',
        ${claimedAt}, ${committed ? claimedAt : null}, ${t.clock.now()})`);
  }

  it('runs a retry whose earlier attempt died before committing, exactly once', async () => {
    const u = await fundedUser('10.7.0.1');
    const body = { direction: 'toFund', amount: '10' };
    await deadAttempt(u.user.id, 'key-dead-uncommitted', body, false);
    const retry = await u.client.post(API.stakingConvert, body, { 'idempotency-key': 'key-dead-uncommitted' });
    expect(retry.status).toBe(200);
    const again = await u.client.post(API.stakingConvert, body, { 'idempotency-key': 'key-dead-uncommitted' });
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await fund(u.client)).toBe('10');
  });

  it('tells a retry whose earlier attempt committed that it was done, and does not do it again', async () => {
    const u = await fundedUser('10.7.0.2');
    const body = { direction: 'toFund', amount: '10' };
    await deadAttempt(u.user.id, 'key-dead-committed', body, true);
    const retry = await u.client.post(API.stakingConvert, body, { 'idempotency-key': 'key-dead-committed' });
    expect(retry.status).toBe(409);
    expect(retry.body.error.message).toBe(MSG.common.requestDoneAnswerLost);
    expect(await fund(u.client)).toBe('0');
  });

  it('answers "still processing" while the earlier attempt may be alive', async () => {
    const u = await fundedUser('10.7.0.3');
    const body = { direction: 'toFund', amount: '10' };
    await deadAttempt(u.user.id, 'key-recent', body, false);
    await t.database.db.execute(sql`update idempotency_keys set claimed_at = now() where key = 'key-recent'`);
    const retry = await u.client.post(API.stakingConvert, body, { 'idempotency-key': 'key-recent' });
    expect(retry.status).toBe(409);
    expect(retry.body.error).toEqual({
      code: 'IDEMPOTENCY_IN_PROGRESS',
      message: MSG.common.requestInProgress,
      key: 'MSG.common.requestInProgress',
      params: [],
    });
    expect(retry.headers['retry-after']).toBe('1');
  });

  it('lets no attempt commit once its key was taken over, and rolls its work back', async () => {
    await t.database.db.execute(sql`
      insert into idempotency_keys (scope, key, route, request_hash, claim, created_at)
      values ('user:x', 'key-taken', '/x', 'h', 'new-owner', ${t.clock.now()})`);
    const work = inTransaction(
      t.database.db,
      async (tx) => {
        await tx.execute(sql`insert into rate_limits (bucket, window_start, hits) values ('probe', now(), 1)`);
      },
      { scope: 'user:x', key: 'key-taken', claim: 'old-owner' },
    );
    await expect(work).rejects.toBeInstanceOf(IdempotencyClaimLost);
    expect(await queryRows(t.database.db, sql`select 1 from rate_limits where bucket = 'probe'`)).toHaveLength(0);
  });

  it("marks the key as acted on inside each route's own transaction (the claim is passed down, not ambient)", async () => {
    const u = await signedInUser(t.app, '10.7.0.5');
    const admin = await signedInAdmin(t, '10.7.0.6');
    const marked = async (key: string) =>
      (
        await queryRows<{ done: boolean }>(
          t.database.db,
          sql`select committed_at is not null as done from idempotency_keys where key = ${key}`,
        )
      )[0]?.done;
    let n = 0;
    const send = async (client: Client, path: string, body: unknown) => {
      const key = `key-mark-${++n}`;
      const res = await client.post(path, body, { 'idempotency-key': key });
      expect(res.status, `${path}: ${res.raw}`).toBeLessThan(300);
      return key;
    };
    const keys = [
      await send(new Client(t.app, '10.7.0.7'), API.register, {
        email: uniqueEmail('mark'),
        password: PASSWORD,
        walletAddress: WALLET,
        referralCode: '',
      }),
      await send(u.client, API.topup, { amount: '20' }),
      await send(u.client, API.tickets, { subject: 'Hello', message: 'A question' }),
      await send(u.client, API.rewardsWelcome, {}),
      await send(admin.client, API.adminUserAdjust.replace(':id', u.user.id), {
        account: 'usd.balance',
        direction: 'credit',
        amount: '3',
        reason: 'goodwill',
      }),
      await send(admin.client, API.adminUserField.replace(':id', u.user.id), { field: 'name', value: 'Marked' }),
    ];
    const ticket = (await u.client.get(API.tickets)).body.tickets[0].id as string;
    keys.push(
      await send(u.client, API.ticketMessages.replace(':id', ticket), { message: 'More' }),
      await send(admin.client, API.adminTicketReply.replace(':id', ticket), { message: 'Answered' }),
      await send(u.client, API.profileUsername, { username: `marked_${u.user.id.slice(0, 8)}` }),
      await send(u.client, API.referral, { source: 'generate', referralCode: '' }),
      await send(u.client, API.accountPassword, { currentPassword: PASSWORD, newPassword: 'a-new-password-123' }),
    );
    for (const key of keys) expect([key, await marked(key)]).toEqual([key, true]);
  });

  it('settles keys nobody retried: committed ones as "answer lost", the rest freed', async () => {
    const u = await fundedUser('10.7.0.4');
    await deadAttempt(u.user.id, 'key-sweep-done', { direction: 'toFund', amount: '1' }, true);
    await deadAttempt(u.user.id, 'key-sweep-none', { direction: 'toFund', amount: '2' }, false);
    await recoverStaleIdempotencyKeys(t.database.db, STALE_MS);
    const rows = await queryRows<{ key: string; status_code: number | null }>(
      t.database.db,
      sql`select key, status_code from idempotency_keys where key like 'key-sweep-%' order by key`,
    );
    expect(rows).toEqual([{ key: 'key-sweep-done', status_code: 409 }]);
    await expectLedgerConsistent(t);
  });
});
