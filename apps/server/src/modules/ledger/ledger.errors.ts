/** Thrown by the posting function when a guarded debit would take an account below zero. */
export class InsufficientFundsError extends Error {
  constructor(readonly accountId: bigint) {
    super(`Insufficient funds in account ${accountId}`);
    this.name = 'InsufficientFundsError';
  }
}

const RETRYABLE = new Set(['40001', '40P01']);

/** Serialization failure or deadlock, possibly wrapped by drizzle's query error. */
export function isRetryable(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE.has(code)) return true;
  }
  return false;
}

/** Postgres error code of `error` or its causes (e.g. '23505' unique violation). */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Name of the constraint a Postgres error is about (e.g. a unique index), if any. */
export function pgConstraint(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
  }
  return undefined;
}
