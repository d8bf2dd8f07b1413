/** The database schema, one file per area; drizzle-kit generates migrations from these tables. */
export * from './tables/accounts.js';
export * from './tables/ledger.js';
export * from './tables/money.js';
export * from './tables/engagement.js';
export * from './tables/tickets.js';
export * from './tables/treasury.js';
