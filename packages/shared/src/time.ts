/** One day and one (365-day) year in milliseconds: every day-based rule counts with these. */
export const DAY_MS = 86_400_000;
export const YEAR_MS = 365 * DAY_MS;
