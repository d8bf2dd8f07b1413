import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, uuidKey } from './columns.js';
import { users } from './users.js';
import { withdrawals } from './withdrawals.js';

// ---- Treasury (DESIGN D16) ----

/**
 * Every transaction the operator's treasury command signs, recorded before it is broadcast: a re-run finds
 * it here and checks it on chain instead of sending again. A payout step is live until the chain has dropped
 * it for good (its nonce was used by another transaction); one live payout per withdrawal, enforced here.
 */
export const treasurySteps = pgTable(
  'treasury_steps',
  {
    id: uuidKey(),
    chainId: integer('chain_id').notNull(),
    /** gas: BNB to a deposit address; sweep: its USDT to the treasury; payout: USDT to a user's wallet. */
    kind: text('kind', { enum: ['gas', 'sweep', 'payout'] }).notNull(),
    withdrawalId: uuid('withdrawal_id').references(() => withdrawals.id),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    /** Token base units (sweep, payout) or wei (gas). */
    amountRaw: numeric('amount_raw', { precision: 78, scale: 0 }).notNull(),
    nonce: integer('nonce').notNull(),
    txHash: text('tx_hash').notNull(),
    /** The signed transaction, so a re-run broadcasts the very same one (same nonce: it cannot pay twice). */
    rawTx: text('raw_tx').notNull(),
    status: text('status', { enum: ['signed', 'sent', 'confirmed', 'dropped'] }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('treasury_steps_chain_tx_key').on(t.chainId, t.txHash),
    uniqueIndex('treasury_steps_one_live_payout')
      .on(t.withdrawalId)
      .where(sql`${t.kind} = 'payout' and ${t.status} <> 'dropped'`),
    index('treasury_steps_open_idx')
      .on(t.status)
      .where(sql`${t.status} in ('signed', 'sent')`),
  ],
);

/**
 * USDT seen leaving the treasury, confirmed (DESIGN D16). Each is matched to the approved withdrawal it pays,
 * exactly once (the key and the unique withdrawal), or kept unmatched for the admin to follow up.
 */
export const treasuryTransfers = pgTable(
  'treasury_transfers',
  {
    chainId: integer('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: numeric('block_number', { precision: 78, scale: 0 }).notNull(),
    toAddress: text('to_address').notNull(),
    amountRaw: numeric('amount_raw', { precision: 78, scale: 0 }).notNull(),
    decimals: integer('decimals').notNull(),
    /** The withdrawal it paid; null: it matched none (flagged on the treasury screen). */
    withdrawalId: uuid('withdrawal_id').references(() => withdrawals.id),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** An unmatched transfer an admin has explained (audited): it no longer raises the alert. */
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true, mode: 'date' }),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id),
    acknowledgedNote: text('acknowledged_note'),
  },
  (t) => [
    primaryKey({ name: 'treasury_transfers_pkey', columns: [t.chainId, t.txHash, t.logIndex] }),
    uniqueIndex('treasury_transfers_withdrawal_key')
      .on(t.withdrawalId)
      .where(sql`${t.withdrawalId} is not null`),
    index('treasury_transfers_unmatched_idx')
      .on(t.seenAt)
      .where(sql`${t.withdrawalId} is null`),
  ],
);

/** What the chain holds, as the watcher last read it: the treasury screen shows this, never reads the chain. */
export const treasurySnapshots = pgTable('treasury_snapshots', {
  chainId: integer('chain_id').primaryKey(),
  treasuryRaw: numeric('treasury_raw', { precision: 78, scale: 0 }).notNull(),
  /** USDT still on deposit addresses, and how many addresses hold it. */
  unsweptRaw: numeric('unswept_raw', { precision: 78, scale: 0 }).notNull(),
  unsweptAddresses: integer('unswept_addresses').notNull(),
  decimals: integer('decimals').notNull(),
  gasWei: numeric('gas_wei', { precision: 78, scale: 0 }).notNull(),
  /** What one sweep (BNB top-up and token transfer) costs at the last gas price read. */
  sweepGasWei: numeric('sweep_gas_wei', { precision: 78, scale: 0 }).notNull(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * The treasury lock (DESIGN D16, ADR 0041): one lease per chain that every run holds while it decides and
 * sends, wherever it runs. Free when no row is there or its expiry has passed; times are the database's.
 */
export const treasuryLocks = pgTable('treasury_locks', {
  chainId: integer('chain_id').primaryKey(),
  /** Who holds it: host, process and run, for the message a waiting run prints. */
  owner: text('owner').notNull(),
  acquiredAt: timestamp('acquired_at', { withTimezone: true, mode: 'date' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Treasury runs a development server carries out for its Treasury screen and `npm run treasury`: the request is
 * answered with the run's id at once, and any instance reads its progress here. The owning process beats
 * `heartbeat_at` while the run is queued or running; a run whose beat stopped is failed.
 */
export const treasuryRuns = pgTable(
  'treasury_runs',
  {
    id: uuidKey(),
    chainId: integer('chain_id').notNull(),
    command: text('command', { enum: ['sweep', 'payouts'] }).notNull(),
    dryRun: boolean('dry_run').notNull(),
    min: text('min'),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
    /** What the run has done so far (TreasuryRun actions), written as it goes. */
    actions: jsonb('actions')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The whole TreasuryRun once done. */
    result: jsonb('result'),
    error: text('error'),
    /** The admin who asked; null: the operator's token. */
    requestedBy: uuid('requested_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('treasury_runs_one_queued')
      .on(t.chainId, t.command, t.dryRun, sql`coalesce(${t.min}, '')`)
      .where(sql`${t.status} = 'queued'`),
    index('treasury_runs_live_idx')
      .on(t.heartbeatAt)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);
