/**
 * The reference servers of DESIGN §7, run as their own process exactly like the app under test (its own
 * core to compete for, the same load generator in the bench process): `hello` answers a constant, `pk`
 * answers one primary-key SELECT over a pg pool, `me-sql` runs GET /me's own statement for one session and
 * answers its row as JSON (what /me could reach with nothing but its SQL and a body of its size), `transfer-sql`
 * and `invest-sql` run a money operation's own statement, `withdraw-sql` a withdrawal request's statement
 * (statement-routes.ts). Started by references.ts; prints
 * "ready" when listening.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { investStatementRoute, transferStatementRoute, withdrawStatementRoute } from './statement-routes.js';
import { sessionCheckParams } from '../src/db/session-row.js';
import { SNAPSHOT_BY_SESSION_SQL } from '../src/modules/users/users.repository.js';

const [mode, port, dbUrl, tokenHash] = process.argv.slice(2);
const app = Fastify();
if (mode === 'transfer-sql') {
  // tokenHash names a file here: a sender's session hash and a recipient's username a line, tab-separated.
  const pairs = readFileSync(tokenHash!, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'))
    .map(([hash, name]) => ({ tokenHash: hash!, recipient: name! }));
  transferStatementRoute(app, (await openDatabase({ databaseUrl: dbUrl })).db, pairs);
} else if (mode === 'invest-sql' || mode === 'withdraw-sql') {
  // tokenHash names a file here: one user's session hash a line, each used once.
  const hashes = readFileSync(tokenHash!, 'utf8').split('\n').filter(Boolean);
  const route = mode === 'invest-sql' ? investStatementRoute : withdrawStatementRoute;
  route(app, (await openDatabase({ databaseUrl: dbUrl })).db, hashes);
} else if (mode === 'me-sql') {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 10 });
  app.get('/', async () => {
    const now = new Date();
    // The idle limits only decide sessionLive, which this floor returns without acting on.
    const check = { now, userIdleMs: 3_600_000, adminIdleMs: 3_600_000 };
    const day = now.toISOString().slice(0, 10);
    const values = [tokenHash, day, ...sessionCheckParams(check)];
    const { rows } = await pool.query({ name: 'users_snapshot_by_session', text: SNAPSHOT_BY_SESSION_SQL, values });
    return rows[0];
  });
} else if (mode === 'pk') {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 10 });
  await pool.query('create table if not exists bench_rows (id int primary key, name text)');
  await pool.query(`insert into bench_rows values (1, 'one') on conflict do nothing`);
  app.get('/', async () => (await pool.query('select id, name from bench_rows where id = $1', [1])).rows[0]);
} else {
  app.get('/', async () => ({ hello: 'world' }));
}
// A clean exit on SIGTERM, so a server started with --cpu-prof writes its profile (npm run bench:profile).
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('ready');
