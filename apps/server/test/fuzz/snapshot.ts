import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/db/client.js';

/**
 * What a refused request must leave alone: one hash per table, over the columns that carry state.
 * Left out by design: rate_limits (a refused attempt is counted), idempotency_keys (a 4xx reply is
 * stored so a retry replays it) and, in the tables below, bookkeeping columns a read may touch
 * (sessions.last_seen_at; password_reset_otps.attempts and used_at: a wrong code is counted, and
 * the code is burnt after the last allowed attempt), and the audit entries that record a refused attempt
 * (`*_failed`: a wrong second-factor code is counted and audited, like a wrong password in sign_in_events).
 */
const TABLES: Record<string, string> = {
  users: 'users t',
  sessions: '(select token_hash, user_id, role, mfa, expires_at from sessions) t',
  password_reset_otps: '(select id, user_id, otp_hash, expires_at from password_reset_otps) t',
  email_outbox: '(select id, to_address, kind from email_outbox) t',
  audit_log: "(select * from audit_log where action not like '%\\_failed') t",
  app_settings: 'app_settings t',
  totp_factors: 'totp_factors t',
  accounts: 'accounts t',
  ledger_transactions: 'ledger_transactions t',
  ledger_entries: 'ledger_entries t',
  plans: 'plans t',
  investments: 'investments t',
  withdrawals: 'withdrawals t',
  deposit_addresses: 'deposit_addresses t',
  topup_requests: 'topup_requests t',
  deposits: 'deposits t',
  chain_cursors: 'chain_cursors t',
  simulated_transfers: 'simulated_transfers t',
  engagement: 'engagement t',
  stakes: 'stakes t',
  tickets: 'tickets t',
  ticket_messages: 'ticket_messages t',
  notifications: 'notifications t',
  notification_settings: 'notification_settings t',
  email_verifications: 'email_verifications t',
  known_devices: 'known_devices t',
};

const SNAPSHOT = sql.raw(
  'select ' +
    Object.entries(TABLES)
      .map(
        ([name, from]) =>
          `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${from}) as ${name}`,
      )
      .join(',\n'),
);

export type Snapshot = Record<string, string>;

export async function snapshot(db: Db): Promise<Snapshot> {
  const [row] = await queryRows<Snapshot>(db, SNAPSHOT);
  return row!;
}

/** Names of the tables whose content differs between two snapshots. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  return Object.keys(TABLES).filter((name) => before[name] !== after[name]);
}
