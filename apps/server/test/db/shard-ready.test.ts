import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../src/db/client.js';
import { createTestDatabase } from '../helpers.js';

/*
 * The schema stays ready to shard by user (docs/operations.md "On the way to 100M users"): every table is
 * classified here, and a user-owned one carries the owner's id in a column with an index led by it, so a shard key
 * needs no join. A new table fails this test until it is placed; its place is a design decision, made here.
 */

/** User-owned: the column holding the owner's id. */
const BY_USER: Record<string, string> = {
  users: 'id',
  accounts: 'owner', // null for the platform's own accounts (fees, treasury)
  admin_roles: 'user_id',
  announcement_recipients: 'user_id',
  deposit_addresses: 'user_id',
  deposits: 'user_id',
  email_verifications: 'user_id',
  engagement: 'user_id',
  investments: 'user_id',
  known_devices: 'user_id',
  live_listeners: 'user_id',
  notification_settings: 'user_id',
  notifications: 'user_id',
  password_reset_otps: 'user_id',
  rejected_deposits: 'user_id',
  sessions: 'user_id',
  sign_in_events: 'user_id',
  stakes: 'user_id',
  tickets: 'user_id',
  topup_requests: 'user_id',
  totp_factors: 'user_id',
  withdrawals: 'user_id',
  withdrawal_limits: 'user_id',
  withdrawal_holds: 'user_id',
};

/** User-owned tables read per user only through their parent's key: the reason, and what a shard would need. */
const THROUGH_PARENT: Record<string, string> = {
  ledger_entries: 'account_id → accounts.owner; an entry of a two-user transaction lives with its account',
  ticket_messages: 'ticket_id → tickets.user_id; a message lives with its ticket',
  ledger_transactions: 'a transaction can touch two users (a transfer); each entry is placed by its account',
};

/** User-owned, but not read per user: the reason there is no index led by the owner. */
const NO_OWNER_INDEX: Record<string, string> = {
  rejected_deposits: 'read by admins in chain order; user_id is null when no address matched',
};

/** Platform-wide: one copy (or a service of its own) whatever the number of users. */
const PLATFORM = new Set([
  'announcements', // the operator's messages; who got each is announcement_recipients
  'app_settings',
  'audit_log',
  'chain_cursors',
  'email_outbox',
  'idempotency_keys', // its scope is the user's id (or the caller's address): sharded by scope when it must be
  'ledger_check_findings',
  'ledger_check_state',
  'ledger_platform_unrolled',
  'maintenance_mode',
  'platform_count_changes',
  'platform_counts',
  'plans',
  'rate_limits',
  'simulated_transfers',
  'sql_function_files',
  'staking_ranks', // the leaderboard's ranking across all users
  'treasury_locks',
  'treasury_runs',
  'treasury_snapshots',
  'treasury_steps',
  'treasury_transfers',
]);

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

const tables = () =>
  queryRows<{ name: string }>(
    database.db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
  );

describe('the schema, ready to shard by user', () => {
  it('places every table: by user, through its parent, or platform-wide', async () => {
    const unplaced = (await tables())
      .map((t) => t.name)
      .filter((name) => !(name in BY_USER) && !(name in THROUGH_PARENT) && !PLATFORM.has(name));
    expect(unplaced).toEqual([]);
  });

  it('gives every user-owned table its owner column, with an index led by it', async () => {
    const leading = await queryRows<{ table: string; column: string }>(
      database.db,
      sql`select c.relname as table, a.attname as column
          from pg_index i
          join pg_class c on c.oid = i.indrelid
          join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]`,
    );
    const columns = await queryRows<{ table: string; column: string }>(
      database.db,
      sql`select table_name as table, column_name as column from information_schema.columns
          where table_schema = 'public'`,
    );
    const missing: string[] = [];
    for (const [table, column] of Object.entries(BY_USER)) {
      if (!columns.some((c) => c.table === table && c.column === column)) missing.push(`${table}.${column}: no column`);
      else if (!(table in NO_OWNER_INDEX) && !leading.some((l) => l.table === table && l.column === column))
        missing.push(`${table}.${column}: no index led by it`);
    }
    expect(missing).toEqual([]);
  });
});
