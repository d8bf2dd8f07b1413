export * from './money.js';
export * from './messages.js';
export * from './validation.js';
export * from './schemas.js';
export * from './ledger.js';
export * from './routes.js';
export * from './plans.js';
export * from './money-schemas.js';
