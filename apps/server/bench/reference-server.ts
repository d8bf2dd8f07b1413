/**
 * The reference servers of DESIGN §7, run as their own process exactly like the app under test (its own
 * core to compete for, the same load generator in the bench process): `hello` answers a constant, `pk`
 * answers one primary-key SELECT over a pg pool. Started by references.ts; prints "ready" when listening.
 */
import Fastify from 'fastify';
import pg from 'pg';

const [mode, port, dbUrl] = process.argv.slice(2);
const app = Fastify();
if (mode === 'pk') {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 10 });
  await pool.query('create table if not exists bench_rows (id int primary key, name text)');
  await pool.query(`insert into bench_rows values (1, 'one') on conflict do nothing`);
  app.get('/', async () => (await pool.query('select id, name from bench_rows where id = $1', [1])).rows[0]);
} else {
  app.get('/', async () => ({ hello: 'world' }));
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('ready');
