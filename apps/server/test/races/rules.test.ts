import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { API } from '@svp/shared';
import { auditLog, withdrawals } from '../../src/db/schema.js';
import {
  buildTestApp,
  invest,
  onPostgres,
  signedInAdmin,
  signedInUser,
  topUp,
  travelAndSignIn,
  type Response,
  type TestApp,
} from '../helpers.js';
import { raceKit } from './race-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const { ROUNDS, nextIp, sleep, sorted, whileUserRowLocked } = raceKit(() => t);
const ticketPath = (path: string, id: string) => path.replace(':id', id);

describe('tickets, profile and referral races', () => {
  it('holds the 2-tickets-per-24-hours limit against parallel posts', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { client: user } = await signedInUser(t.app, nextIp());
      const posts = await Promise.all(
        Array.from({ length: 5 }, (_, i) => user.post(API.tickets, { subject: `S${i}`, message: 'Help' })),
      );
      expect(sorted(posts)).toEqual([200, 200, 429, 429, 429]);
      expect((await user.get(API.tickets)).body.tickets).toHaveLength(2);
    }
  });

  it('a user reply racing the admin closing the ticket never reopens it', async () => {
    const admin = await signedInAdmin(t, nextIp());
    const reopened: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { client: user } = await signedInUser(t.app, nextIp());
      const id: string = (await user.post(API.tickets, { subject: 'Race', message: 'First' })).body.ticket.id;
      const [close] = await Promise.all([
        admin.client.post(ticketPath(API.adminTicketClose, id)),
        ...[0, 1, 2].map(() => user.post(ticketPath(API.ticketMessages, id), { message: 'Late reply' })),
      ]);
      expect(close!.status).toBe(200);
      const status = (await admin.client.get(ticketPath(API.adminTicket, id))).body.ticket.status;
      if (status !== 'closed') reopened.push(`round ${round}: ${status}`);
    }
    expect(reopened).toEqual([]);
  });

  it('gives one username to one of two users asking for it at once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const a = await signedInUser(t.app, nextIp());
      const b = await signedInUser(t.app, nextIp());
      const username = `Taken_${round}_${Date.now().toString(36)}`;
      const results = await Promise.all([
        a.client.post(API.profileUsername, { username }),
        b.client.post(API.profileUsername, { username: username.toLowerCase() }),
      ]);
      expect(sorted(results)).toEqual([200, 409]);
    }
  });

  it('sets a referral code once even when several saves race', async () => {
    for (let round = 0; round < 3; round++) {
      const { client: user } = await signedInUser(t.app, nextIp());
      const results = await Promise.all(
        ['generate', 'custom', 'custom'].map((source, i) =>
          user.post(API.referral, { source, referralCode: `code_${round}_${i}_${Date.now().toString(36)}` }),
        ),
      );
      expect(sorted(results)).toEqual([200, 409, 409]);
    }
  });
});

describe('admin races', () => {
  it('pays a withdrawal requested during an admin wallet edit to the wallet that edit leaves', async () => {
    const u = await signedInUser(t.app, nextIp());
    await topUp(u.client, '100');
    expect((await invest(u.client, 'gold', '100')).status).toBe(200);
    const edited = '0x' + '5e'.repeat(20);
    let request!: Promise<Response>;
    if (onPostgres) {
      // The admin's edit holds the user's row; the request reads the wallet only once the edit committed.
      await whileUserRowLocked(
        u.user.id,
        async () => {
          request = u.client.post(API.withdrawals, { kind: 'break' });
          await sleep(300);
        },
        async (tx) => {
          await tx.execute(sql`update users set wallet_address = ${edited} where id = ${u.user.id}`);
        },
      );
    } else {
      const admin = await signedInAdmin(t, nextIp());
      await admin.client.post(API.adminUserField.replace(':id', u.user.id), { field: 'walletAddress', value: edited });
      // An admin's wallet change holds withdrawals (ADR 0044): refused now, paid to the edited wallet after the hold.
      expect((await u.client.post(API.withdrawals, { kind: 'break' })).status).toBe(409);
      await travelAndSignIn(t, u, (t.config.WITHDRAWAL_HOLD_HOURS + 1) * 3_600_000);
      request = u.client.post(API.withdrawals, { kind: 'break' });
    }
    const res = await request;
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(withdrawals).where(eq(withdrawals.userId, u.user.id));
    expect(row!.wallet).toBe(edited);
  });

  it('audits each of several simultaneous edits of one field against the value it replaced', async () => {
    const admin = await signedInAdmin(t, nextIp());
    const { user } = await signedInUser(t.app, nextIp());
    const broken: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const results = await Promise.all(
        [0, 1, 2].map((i) =>
          admin.client.post(API.adminUserField.replace(':id', user.id), { field: 'name', value: `Name ${round}.${i}` }),
        ),
      );
      expect(sorted(results)).toEqual([200, 200, 200]);
    }
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'user.update')))
      .orderBy(asc(auditLog.id));
    expect(entries).toHaveLength(ROUNDS * 3);
    let current: unknown = null;
    for (const entry of entries) {
      const { before, after } = entry as { before: { name: unknown }; after: { name: unknown } };
      if (before.name !== current)
        broken.push(`entry ${entry.id}: before ${String(before.name)}, was ${String(current)}`);
      current = after.name;
    }
    expect(broken).toEqual([]);
  });
});
