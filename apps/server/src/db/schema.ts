import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    phone: text('phone'),
    username: text('username').notNull(),
    name: text('name'),
    walletAddress: text('wallet_address').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    disabled: boolean('disabled').notNull().default(false),
    referralCode: text('referral_code'),
    referredBy: uuid('referred_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    // One account per address regardless of case (Ann@x.com and ann@x.com are the same person).
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_referral_code_lower_key').on(sql`lower(${t.referralCode})`),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a database leak does not hand out live sessions. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'admin'] }).notNull(),
    /** Admin sessions start 'pending' until the second factor is given (issue #5). */
    mfa: text('mfa', { enum: ['none', 'pending', 'done'] })
      .notNull()
      .default('none'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResetOtps = pgTable(
  'password_reset_otps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    otpHash: text('otp_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_otps_user_idx').on(t.userId)],
);

export const emailOutbox = pgTable('email_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  /** Cleared once SMTP accepted the message, so one-time codes do not linger in the database. */
  body: text('body'),
  kind: text('kind').notNull(),
  status: text('status', { enum: ['pending', 'sent', 'failed', 'outbox'] }).notNull(),
  error: text('error'),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The caller's user id, or `anon:<ip>` before login. Keys are only unique per caller. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still running. */
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: text('bucket').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] })],
);

export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

// ---- Ledger (DESIGN §3) ----

export const accounts = pgTable(
  'accounts',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** A user id, or `system` for platform accounts. */
    owner: text('owner').notNull(),
    code: text('code').notNull(),
    asset: text('asset', { enum: ['USD', 'SVP', 'COIN'] }).notNull(),
    /** Cache of the sum of this account's entries, moved only by the posting function. */
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    allowNegative: boolean('allow_negative').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('accounts_owner_code_key').on(t.owner, t.code),
    check('accounts_non_negative', sql`${t.allowNegative} or ${t.balance} >= 0`),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    actorId: text('actor_id'),
    memo: text('memo'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ledger_transactions_idempotency_key').on(t.idempotencyKey)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => accounts.id),
    asset: text('asset', { enum: ['USD', 'SVP', 'COIN'] }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.accountId),
    check('ledger_entries_nonzero', sql`${t.amount} <> 0`),
  ],
);

// ---- Plans, investments, withdrawals (issue #3) ----

/** Operator-editable plan rates (DESIGN D4); seeded from packages/shared PLANS when missing. */
export const plans = pgTable('plans', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  type: text('type').notNull(),
  dailyTask: integer('daily_task').notNull(),
  minAmount: bigint('min_amount', { mode: 'bigint' }).notNull(),
  multiplier: bigint('multiplier', { mode: 'bigint' }).notNull(),
  sortOrder: integer('sort_order').notNull(),
});

export const investments = pgTable(
  'investments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    planCode: text('plan_code')
      .notNull()
      .references(() => plans.code),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    expectedWithdrawal: bigint('expected_withdrawal', { mode: 'bigint' }).notNull(),
    days: integer('days').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    status: text('status', { enum: ['active', 'closed'] }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // One active plan per user, enforced by the database so two racing requests cannot both start one.
    uniqueIndex('investments_one_active_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
  ],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    investmentId: uuid('investment_id').references(() => investments.id),
    kind: text('kind', { enum: ['maturity', 'break'] }).notNull(),
    gross: bigint('gross', { mode: 'bigint' }).notNull(),
    feeHandling: bigint('fee_handling', { mode: 'bigint' }).notNull(),
    feeCrypto: bigint('fee_crypto', { mode: 'bigint' }).notNull(),
    feeCharity: bigint('fee_charity', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' }).notNull(),
    wallet: text('wallet').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'rejected'] }).notNull(),
    txHash: text('tx_hash'),
    reason: text('reason'),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decidedBy: uuid('decided_by'),
  },
  (t) => [index('withdrawals_status_idx').on(t.status, t.dueAt), index('withdrawals_user_idx').on(t.userId)],
);

// ---- Deposits (issue #3, DESIGN D8) ----

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
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
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
    id: uuid('id').primaryKey().defaultRandom(),
    chainId: integer('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    address: text('address').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Token base units as seen on chain (USDT on BSC has 18 decimals). */
    amountRaw: text('amount_raw').notNull(),
    /** Received, in USD micro-units (raw floored to 6 decimals). */
    received: bigint('received', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    credited: bigint('credited', { mode: 'bigint' }).notNull(),
    /** 'under' or 'over' when it differs from the latest top-up request; 'unrequested' when there was none. */
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

export const chainCursors = pgTable('chain_cursors', {
  chainId: integer('chain_id').primaryKey(),
  /** Last block fully scanned and credited. */
  lastBlock: bigint('last_block', { mode: 'bigint' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** The `simulated` chain's blocks: one transfer per block, appended by the test-payment paths. */
export const simulatedTransfers = pgTable('simulated_transfers', {
  blockNumber: bigserial('block_number', { mode: 'bigint' }).primaryKey(),
  txHash: text('tx_hash').notNull(),
  toAddress: text('to_address').notNull(),
  amountRaw: text('amount_raw').notNull(),
  createdAt: createdAt(),
});

// ---- Engagement: rewards, bot, taps (issue #4, DESIGN D9, D11) ----

/** Per-user engagement state; balances themselves live in the ledger (coin.coins, coin.daily). */
export const engagement = pgTable('engagement', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  welcomeClaimedAt: timestamp('welcome_claimed_at', { withTimezone: true, mode: 'date' }),
  /** Daily coins are settled for every UTC day up to and including this date (YYYY-MM-DD). */
  dailySettledThrough: text('daily_settled_through').notNull(),
  botStatus: text('bot_status', { enum: ['inactive', 'active', 'paused'] })
    .notNull()
    .default('inactive'),
  botReason: text('bot_reason'),
  botActivatedAt: timestamp('bot_activated_at', { withTimezone: true, mode: 'date' }),
  /** Upkeep is paid up to this moment; the next 100,000 coins fall due then. */
  botPaidThrough: timestamp('bot_paid_through', { withTimezone: true, mode: 'date' }),
  lastTapSaveAt: timestamp('last_tap_save_at', { withTimezone: true, mode: 'date' }).notNull(),
  tapDay: text('tap_day').notNull(),
  tapsToday: integer('taps_today').notNull().default(0),
  totalClicks: bigint('total_clicks', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
});

// ---- Staking (issue #4, DESIGN D10) ----

export const stakes = pgTable(
  'stakes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tokens: bigint('tokens', { mode: 'bigint' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    status: text('status', { enum: ['active', 'released'] }).notNull(),
    /** USD micro-units of yield credited so far for this stake (its totalEarned). */
    creditedTotal: bigint('credited_total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('stakes_one_active_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
  ],
);

// ---- Support tickets (issue #5, DESIGN D12) ----

export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    subject: text('subject').notNull(),
    status: text('status', { enum: ['open', 'pending', 'closed'] }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('tickets_user_idx').on(t.userId, t.createdAt), index('tickets_updated_idx').on(t.updatedAt)],
);

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id),
    sender: text('sender', { enum: ['user', 'admin'] }).notNull(),
    authorId: uuid('author_id').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

// ---- Admin second factor (issue #5) ----

export const adminTotp = pgTable('admin_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  /** Base32 TOTP secret. Confirmed once the admin proved a first code. */
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  /** SHA-256 hashes of unused recovery codes. */
  recoveryHashes: jsonb('recovery_hashes').$type<string[]>().notNull(),
  /** Last accepted time step, so a code cannot be replayed within its window. */
  lastStep: bigint('last_step', { mode: 'bigint' }),
});
