/** One day and one (365-day) year in milliseconds: every day-based rule counts with these. */
export const DAY_MS = 86_400_000;
export const YEAR_MS = 365 * DAY_MS;

/**
 * A password-reset code's life (DESIGN D14: 10 minutes). Auth issues codes with it and the notifications mail job
 * stops retrying a code's mail past it; shared so the mail job need not import auth.
 */
export const OTP_TTL_MS = 10 * 60_000;
