/** The database schema, one file per area; drizzle-kit generates migrations from these tables. */
export * from './tables/users.js';
export * from './tables/sessions.js';
export * from './tables/auth.js';
export * from './tables/platform.js';
export * from './tables/audit.js';
export * from './tables/ledger.js';
export * from './tables/plans.js';
export * from './tables/withdrawals.js';
export * from './tables/withdrawal-controls.js';
export * from './tables/deposits.js';
export * from './tables/engagement.js';
export * from './tables/tickets.js';
export * from './tables/treasury.js';
export * from './tables/notifications.js';
export * from './tables/account.js';
export * from './tables/operator.js';
