import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, uuidKey } from './columns.js';
import { userIdColumn, users } from './users.js';

/** Deposits (DESIGN D8): addresses, top-up requests, credited and rejected transfers, the watcher's cursor and the simulated chain. */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    /** BIP-32 child index under the operator xpub (m/44'/60'/0'/0/i). */
    derivationIndex: integer('derivation_index').notNull(),
    /** Lower-case 0x address. */
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('deposit_addresses_index_key').on(t.derivationIndex),
    uniqueIndex('deposit_addresses_address_key').on(t.address),
  ],
);

/** What the user said they would pay on the top-up panel; used only to flag under/over-payments. */
export const topupRequests = pgTable(
  'topup_requests',
  {
    id: uuidKey(),
    userId: userIdColumn(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    amountToPay: bigint('amount_to_pay', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('topup_requests_user_idx').on(t.userId, t.createdAt)],
);

export const deposits = pgTable(
  'deposits',
  {
    // Time-ordered (ADR 0035): a new deposit goes to the right edge of the primary key, not a random leaf.
    id: uuid('id')
      .primaryKey()
      .default(sql`uuid_time_ordered()`),
    chainId: integer('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    address: text('address').notNull(),
    userId: userIdColumn(),
    /** Token base units as seen on chain (USDT on BSC has 18 decimals). */
    amountRaw: text('amount_raw').notNull(),
    /** Received, in USD micro-units (raw floored to 6 decimals). */
    received: bigint('received', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    credited: bigint('credited', { mode: 'bigint' }).notNull(),
    /** 'under' or 'over' when it differs from the latest top-up request; 'unrequested' when there was none or it was paid. */
    flag: text('flag'),
    topupRequestId: uuid('topup_request_id'),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'bigint' }),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('deposits_chain_tx_log_key').on(t.chainId, t.txHash, t.logIndex),
    index('deposits_user_idx').on(t.userId, t.seenAt),
  ],
);

/**
 * A transfer to a deposit address that was not credited: above the ceiling (MAX_AMOUNT), or it could not be
 * recorded (DESIGN D8). Kept so the watcher moves on past it and the admin follows it up. A transfer is either
 * here or in `deposits`, never both. Chain-supplied numbers are stored without a range (numeric, text): a
 * record of what could not be ingested must itself always be storable.
 */
export const rejectedDeposits = pgTable(
  'rejected_deposits',
  {
    id: uuidKey(),
    chainId: integer('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: numeric('log_index', { precision: 78, scale: 0 }).notNull(),
    blockNumber: numeric('block_number', { precision: 78, scale: 0 }).notNull(),
    address: text('address').notNull(),
    userId: userIdColumn(),
    /** Token base units as seen on chain, and the token's decimals. */
    amountRaw: numeric('amount_raw', { precision: 78, scale: 0 }).notNull(),
    decimals: integer('decimals').notNull(),
    /** 'above_ceiling' or 'failed' (it could not be recorded as a deposit). */
    code: text('code', { enum: ['above_ceiling', 'failed'] }).notNull(),
    /** What the admin reads on the flagged-deposits screen. */
    reason: text('reason').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('rejected_deposits_chain_tx_log_key').on(t.chainId, t.txHash, t.logIndex),
    index('rejected_deposits_seen_idx').on(t.seenAt),
  ],
);

export const chainCursors = pgTable('chain_cursors', {
  chainId: integer('chain_id').primaryKey(),
  /** Last block fully scanned and credited. */
  lastBlock: bigint('last_block', { mode: 'bigint' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * The `simulated` chain's blocks: one transfer per block, appended by the test-payment paths and by the
 * simulated treasury (sweeps and payouts carry the address they leave; a test payment comes from outside).
 */
export const simulatedTransfers = pgTable(
  'simulated_transfers',
  {
    blockNumber: bigserial('block_number', { mode: 'bigint' }).primaryKey(),
    txHash: text('tx_hash').notNull().unique('simulated_transfers_tx_hash_key'),
    fromAddress: text('from_address'),
    /** The sender's transaction count, as on a real chain: one transaction per (sender, nonce). */
    nonce: integer('nonce'),
    toAddress: text('to_address').notNull(),
    amountRaw: text('amount_raw').notNull(),
    /** Mined but reverted (the sender held less than it sent): it used its nonce and moved nothing. */
    reverted: boolean('reverted').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('simulated_transfers_from_nonce_key').on(t.fromAddress, t.nonce)],
);
