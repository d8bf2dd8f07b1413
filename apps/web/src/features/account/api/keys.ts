/** Query keys of Settings → Security; refreshing `all` reloads every part of it. */
export const accountKeys = {
  all: ['account'] as const,
  security: () => [...accountKeys.all, 'security'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
  signIns: () => [...accountKeys.all, 'sign-ins'] as const,
};
