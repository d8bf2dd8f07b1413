export * from './money.js';
export * from './messages.js';
export * from './validation.js';
export * from './schemas.js';
export * from './ledger.js';
export * from './routes.js';
