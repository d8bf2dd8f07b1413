/** Stable error codes the UI switches on (DESIGN §4). */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'REAUTH_REQUIRED',
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  'ROLE_DENIED',
  'ACCOUNT_DISABLED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CSRF_FAILED',
  'RATE_LIMITED',
  'NOT_FOUND',
  'OTP_INVALID',
  'INSUFFICIENT_FUNDS',
  'CONFLICT',
  'PLAN_ACTIVE',
  'NOT_ELIGIBLE',
  'IDEMPOTENCY_MISMATCH',
  'IDEMPOTENCY_IN_PROGRESS',
  'PAYLOAD_TOO_LARGE',
  'PAYOUT_UNVERIFIED',
  'MAINTENANCE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one HTTP status of each error code (DESIGN §4): a code never goes out with two statuses. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  OTP_INVALID: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  ROLE_DENIED: 403,
  ACCOUNT_DISABLED: 403,
  CSRF_FAILED: 403,
  REAUTH_REQUIRED: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  INSUFFICIENT_FUNDS: 409,
  CONFLICT: 409,
  PLAN_ACTIVE: 409,
  NOT_ELIGIBLE: 409,
  /** The same Idempotency-Key is still being worked on: retry after Retry-After. */
  IDEMPOTENCY_IN_PROGRESS: 409,
  /** The same Idempotency-Key was used for another request. */
  IDEMPOTENCY_MISMATCH: 422,
  PAYLOAD_TOO_LARGE: 413,
  /** A hand-entered payout hash that the chain does not confirm as this payout. */
  PAYOUT_UNVERIFIED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The platform is read-only for maintenance (DESIGN D18): a user's write is refused, with Retry-After. */
  MAINTENANCE: 503,
};

/**
 * The SQLSTATEs the database's own functions raise (apps/server/sql/functions), by what each means: the server reads
 * them through `sqlError` (apps/server/src/db/pg-errors.ts), never by their codes.
 */
export const SQL_ERRORS = {
  /** A guarded debit would overdraw an account (ledger_post); DETAIL is the account's id. */
  SV001: 'insufficient-funds',
  /** The Idempotency-Key's claim is no longer this attempt's: a later attempt took it over. */
  SV002: 'claim-lost',
  /** A malformed posting (no legs, out of lock order, unbalanced, wrong asset or account): a bug, answered 500. */
  SV003: 'malformed-posting',
  /** What the application read and priced with has changed (a plan, a withdrawal's state): read again, call again. */
  SV004: 'read-changed',
  /** The request's Idempotency-Key exists (api_request_close); the call was rolled back; DETAIL is the user's id. */
  SV005: 'key-exists',
} as const;
export type SqlError = (typeof SQL_ERRORS)[keyof typeof SQL_ERRORS];
