/**
 * Query-key factories (TanStack Query) of the data that more than one feature reads or refreshes: a feature
 * that must refresh another's data after a change (investing refreshes the withdrawal quote, a top-up the
 * history) imports the key from here, never the other feature. A key used by one feature only is declared in
 * that feature's api file. Keys are prefixes: invalidating `withdrawalKeys.all` also refreshes the quote,
 * the list and the earnings under it.
 */

/**
 * The signed-in user's GET /me answer: the snapshot (the balance, plan and coins every money change moves) and
 * the home's coin box and bot box, which the rewards, bot and taps changes move.
 */
export const meKeys = { all: ['me'] as const };
export const meQueryKey = meKeys.all;

/** The operator's public configuration (GET /config). */
export const configKeys = { all: ['config'] as const };

/** Every admin screen's data lives under this key, so one admin change marks it all stale (admin-refresh.ts). */
export const adminKeys = { all: ['admin'] as const };

/** The user's statement (GET /history). */
export const historyKeys = { all: ['history'] as const };

export const planKeys = {
  all: ['plans'] as const,
  list: () => [...planKeys.all, 'list'] as const,
  /** The user's active investment, if any. */
  investment: () => [...planKeys.all, 'investment'] as const,
};

export const withdrawalKeys = {
  all: ['withdrawals'] as const,
  list: () => [...withdrawalKeys.all, 'list'] as const,
  quote: () => [...withdrawalKeys.all, 'quote'] as const,
  earnings: () => [...withdrawalKeys.all, 'earnings'] as const,
  /** The admin's queue: under the admin key, so every admin change reloads it. */
  queue: () => [...adminKeys.all, 'withdrawals'] as const,
};

/**
 * Settings → Security; refreshing `all` reloads every part of it. Turning two-factor on ends the other sessions,
 * so that feature refreshes the sessions list.
 */
export const accountKeys = {
  all: ['account'] as const,
  security: () => [...accountKeys.all, 'security'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
  signIns: () => [...accountKeys.all, 'sign-ins'] as const,
};
