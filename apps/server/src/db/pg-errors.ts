import { SQL_ERRORS, type SqlError } from '@svp/shared';

/** Reading PostgreSQL's errors (codes, constraints, availability), for any layer that must tell them apart. */

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

/**
 * What one of the database's own functions refused (SQL_ERRORS, packages/shared), with the error's DETAIL; undefined
 * for any other error.
 */
export function sqlError(error: unknown): { kind: SqlError; detail: string } | undefined {
  const code = pgErrorCode(error);
  if (code === undefined || !Object.hasOwn(SQL_ERRORS, code)) return undefined;
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const detail = (e as { detail?: unknown }).detail;
    if (typeof detail === 'string') return { kind: SQL_ERRORS[code as keyof typeof SQL_ERRORS], detail };
  }
  return { kind: SQL_ERRORS[code as keyof typeof SQL_ERRORS], detail: '' };
}

/** Name of the constraint a Postgres error is about (e.g. a unique index), if any. */
export function pgConstraint(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
  }
  return undefined;
}

/**
 * The database being away (connection lost, shutting down, out of resources) or a retryable conflict: says
 * nothing about the transfer, so it never counts towards rejecting it; the scan fails and runs again.
 */
export function isUnavailable(error: unknown): boolean {
  const code = pgErrorCode(error);
  if (code) return /^(08|40|53|57)/.test(code);
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const errno = (e as { code?: unknown }).code;
    if (typeof errno === 'string' && /^E(CONN|PIPE|TIMEDOUT|HOSTUNREACH|AI_AGAIN)/.test(errno)) return true;
    if (/connection (terminated|ended|closed)|timeout/i.test(String((e as { message?: unknown }).message))) return true;
  }
  return false;
}

/**
 * A database refusal that retrying cannot change: a data exception (class 22, such as a value out of range)
 * or an integrity violation (class 23). Anything else (a lost connection, a timeout) may pass, so the
 * watcher tries again rather than rejecting a real payment.
 */
export function isDataError(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code !== undefined && (code.startsWith('22') || code.startsWith('23'));
}
