import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API, DAY_MS } from '@svp/shared';
import { sessions } from '../../src/db/schema.js';
import { buildTestApp, signedInUser, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function sessionCount(userId: string) {
  const rows = await t.database.db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return rows.length;
}

describe('session housekeeping', () => {
  it('deletes sessions expired by both the clock and real time, and keeps what only a clock moved ahead expired', async () => {
    // Born at the test epoch, in the real past: once the clock passes its 30-day lifetime it is dead for good.
    const old = await signedInUser(t.app, '10.0.9.1');
    // Born with the clock a day ahead of real time: a clock jumped further ahead expires it only for a moment.
    t.clock.advance(Date.now() - t.clock.now().getTime() + DAY_MS);
    const live = await signedInUser(t.app, '10.0.9.2');

    t.clock.advance(31 * DAY_MS); // nobody calls while the clock is ahead (a request then would end the session)
    await t.app.services.sessions.pruneExpired();
    expect(await sessionCount(old.user.id)).toBe(0);
    expect(await sessionCount(live.user.id)).toBe(1);

    t.clock.reset();
    t.clock.advance(Date.now() - t.clock.now().getTime() + DAY_MS + 60_000);
    await t.app.services.sessions.pruneExpired();
    expect(await sessionCount(live.user.id)).toBe(1);
    expect((await live.client.get(API.me)).status).toBe(200);
  });
});
