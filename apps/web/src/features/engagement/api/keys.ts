/**
 * Query keys of the engagement module's own requests: the daily taps. The coin box and the bot box read the
 * /me answer (shared/session/me.ts), and refresh it under `meQueryKey`.
 */
export const engagementKeys = {
  all: ['engagement'] as const,
  taps: () => [...engagementKeys.all, 'taps'] as const,
};
