/**
 * When an outbox mail is tried again over SMTP: every mail, the one a request writes (mailer.ts) and a
 * notification's (the notifications job), follows the same lease and backoff.
 */

/** How long an attempt owns a mail: longer than nodemailer can take to give up on one message. */
export const MAIL_LEASE_MS = 15 * 60_000;
export const MAIL_MAX_ATTEMPTS = 8;
/** After the nth failed attempt: 30 s, 1 min, 2 min ... at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
