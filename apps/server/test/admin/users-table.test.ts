import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG } from '@svp/shared';
import { usersRepository } from '../../src/modules/users/users.repository.js';
import { buildTestApp, signedInAdmin, signedInUser, type TestApp } from '../helpers.js';

// Manage Users at any size: keyset pages in three orders, a filter by the start of an e-mail or
// username, and a status filter. Pages must neither skip nor repeat a row, ties in sign-up time included.

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
const made: { id: string; email: string; username: string; disabled: boolean }[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInAdmin(t);
  const names = ['carol', 'alice', 'bob', 'dave', 'erin', 'a_b', 'a%z', 'frank'];
  for (const [i, name] of names.entries()) {
    // Three users share one sign-up instant: the id breaks the tie.
    if (i !== 2 && i !== 3) t.clock.advance(1_000);
    const now = t.clock.now();
    const row = await usersRepository.insert(t.database.db, {
      email: `${name}.${randomBytes(2).toString('hex')}@example.com`,
      username: `u_${name.replace(/[^a-z]/g, 'x')}_${i}`,
      walletAddress: '0x' + '1'.repeat(40),
      passwordHash: 'not-a-hash',
      role: 'user',
      disabled: name === 'dave' || name === 'erin',
      createdAt: now,
      updatedAt: now,
    });
    made.push({ id: row.id, email: row.email, username: row.username, disabled: row.disabled });
  }
});
afterAll(() => t.close());

type Row = { id: string; email: string; username: string; disabled: boolean };

/** Every page of a query, following nextCursor. */
async function allPages(query: Record<string, string>): Promise<Row[][]> {
  const pages: Row[][] = [];
  let after = '';
  for (let i = 0; i < 50; i++) {
    const params = new URLSearchParams({ ...query, ...(after ? { after } : {}) });
    const res = await admin.client.get(`${API.adminUsers}?${params}`);
    expect(res.status).toBe(200);
    pages.push(res.body.users);
    if (res.body.nextCursor === null) return pages;
    after = res.body.nextCursor;
  }
  throw new Error('no last page');
}

const ours = (rows: Row[]) => rows.filter((r) => made.some((m) => m.id === r.id));

describe('Manage Users table', () => {
  it('pages newest first by default, three at a time, with no row skipped or repeated (ties included)', async () => {
    const pages = await allPages({ limit: '3' });
    expect(pages.every((p) => p.length <= 3)).toBe(true);
    const ids = pages.flat().map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(made.length + 1); // and the admin
    expect(ours(pages.flat()).map((r) => r.email)[0]).toBe(made[made.length - 1]!.email);
  });

  it('pages oldest first and by e-mail in the e-mails order', async () => {
    const oldest = ours((await allPages({ sort: 'oldest', limit: '2' })).flat()).map((r) => r.id);
    expect(oldest).toHaveLength(made.length);
    expect(oldest[0]).toBe(made[0]!.id);
    expect(oldest.at(-1)).toBe(made.at(-1)!.id);
    const byEmail = (await allPages({ sort: 'email', limit: '4' })).flat().map((r) => r.email.toLowerCase());
    expect(byEmail).toHaveLength(made.length + 1);
    expect(byEmail).toEqual([...byEmail].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('filters by the start of an e-mail or a username, with % and _ taken literally, and by status', async () => {
    const find = async (query: Record<string, string>) =>
      ours((await allPages(query)).flat())
        .map((r) => r.email.split('.')[0])
        .sort();
    expect(await find({ q: 'A' })).toEqual(['a%z', 'a_b', 'alice']);
    expect(await find({ q: 'a_' })).toEqual(['a_b']);
    expect(await find({ q: 'a%' })).toEqual(['a%z']);
    expect(await find({ q: 'u_bob' })).toEqual(['bob']);
    expect(await find({ q: 'nobody' })).toEqual([]);
    expect(await find({ status: 'disabled' })).toEqual(['dave', 'erin']);
    expect(await find({ status: 'active', q: 'e' })).toEqual([]);
  });

  it('refuses a cursor it did not write, or one from another order, and a bad limit, with 400', async () => {
    const first = (await admin.client.get(`${API.adminUsers}?limit=2`)).body;
    expect(first.nextCursor).toEqual(expect.any(String));
    for (const query of [
      `after=${first.nextCursor}&sort=email`,
      'after=not-a-cursor',
      `after=${Buffer.from('["newest","x","y"]').toString('base64url')}`,
    ]) {
      const res = await admin.client.get(`${API.adminUsers}?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(MSG.admin.badCursor);
    }
    for (const query of ['limit=0', 'limit=101', 'sort=balance', 'status=gone']) {
      expect((await admin.client.get(`${API.adminUsers}?${query}`)).status).toBe(400);
    }
  });

  it('is for admins only', async () => {
    const u = await signedInUser(t.app);
    expect((await u.client.get(`${API.adminUsers}?q=a`)).status).toBe(403);
  });
});
