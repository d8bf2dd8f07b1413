import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createLeaderLock } from '../../src/chain/leader-lock.js';
import { preparedStatement, queryRows, type Database } from '../../src/db/client.js';
import { createTestDatabase, onPostgres } from '../helpers.js';

// What holds a session, and what must not. Run by `npm run test:pg` directly and through PgBouncer in transaction
// pooling (DATABASE_URL the pooler, DATABASE_DIRECT_URL the server: .ci/run's PgBouncer leg), where each statement
// may meet another server connection: named statements collide there and a session lock is shared by strangers.
let database: Database;
let another: Database | undefined;
let drop: () => Promise<void>;
beforeAll(async () => {
  const created = await createTestDatabase();
  ({ database, drop } = created);
  another = await created.openAnother?.();
});
afterAll(() => drop());

describe('connections', () => {
  it('runs one hot statement 200 times at once on every connection of the pool', async () => {
    const square = preparedStatement<{ n: number }>('test_square', 'select ($1::int * $1::int)::int as n');
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => square(database.db, [i])));
    expect(answers.map((rows) => rows[0]!.n)).toEqual(Array.from({ length: 200 }, (_, i) => i * i));
    // ...and inside transactions, where the statement runs on the transaction's connection.
    const inTx = await Promise.all(
      Array.from({ length: 40 }, (_, i) => database.db.transaction((tx) => square(tx, [i]))),
    );
    expect(inTx.map((rows) => rows[0]!.n)).toEqual(Array.from({ length: 40 }, (_, i) => i * i));
  });

  it('gives the deposit watcher one leader across two processes, and the next one when it lets go', async () => {
    if (!onPostgres) return; // PGlite is one process: its lock is always this process's
    const first = createLeaderLock(database.pool);
    const second = createLeaderLock(another!.pool);
    // Ten tries each, interleaved: behind a transaction pooler the second would be handed the first's session.
    const taken: boolean[] = [];
    for (let i = 0; i < 10; i++) taken.push(await first.acquire(), await second.acquire());
    expect(taken.filter((t, i) => i % 2 === 0 && t)).toHaveLength(10);
    expect(taken.filter((t, i) => i % 2 === 1 && t)).toHaveLength(0);
    await first.release();
    expect(await second.acquire()).toBe(true);
    expect(await first.acquire()).toBe(false);
    await second.release();
  });

  it('runs with jit off on every connection, pooled or not', async () => {
    if (!onPostgres) return; // PGlite has no JIT
    const rows = await queryRows<{ jit: string }>(database.db, sql`select current_setting('jit') as jit`);
    expect(rows[0]!.jit).toBe('off');
  });
});
