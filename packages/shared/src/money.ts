/**
 * Money, in two parts: money-amounts.ts (exact amounts: scales, ceilings, parsing, conversions) and
 * money-format.ts (every text made from an amount, for a program or for a person).
 */
export * from './money-amounts.js';
export * from './money-format.js';
