// Zod-free on purpose: the dashboard's first screen imports these, and a module with schemas would bring zod.
/**
 * Notifications (DESIGN D17): what happened to a user's money or account, in the app (the bell) and by e-mail.
 * The server stores a type and its parameters; the words are rendered in one place on the server
 * (modules/notifications/templates.ts), so the bell and the e-mail say the same thing.
 */
export const NOTIFICATIONS_API = {
  list: '/notifications',
  unread: '/notifications/unread-count',
  read: '/notifications/:id/read',
  readAll: '/notifications/read-all',
  preferences: '/notifications/preferences',
  events: '/events',
} as const;

/** E-mail categories a user can turn off, and `security`, which they cannot. */
export const NOTIFICATION_CATEGORIES = [
  'deposits',
  'plans',
  'withdrawals',
  'referrals',
  'support',
  'bot',
  'staking',
  'announcements',
  'security',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
export const OPTIONAL_NOTIFICATION_CATEGORIES = NOTIFICATION_CATEGORIES.filter(
  (c): c is Exclude<NotificationCategory, 'security'> => c !== 'security',
);

/** Every notification type and the e-mail category it belongs to (one notification per event). */
export const NOTIFICATION_TYPES = {
  'deposit.credited': 'deposits',
  'plan.started': 'plans',
  'plan.matured': 'plans',
  // Money leaving the account: the owner always hears of it, whatever they turned off.
  'withdrawal.requested': 'security',
  'withdrawal.approved': 'withdrawals',
  'withdrawal.paid': 'withdrawals',
  'withdrawal.rejected': 'withdrawals',
  'referral.bonus': 'referrals',
  'ticket.answered': 'support',
  'bot.paused': 'bot',
  'stake.ended': 'staking',
  // The operator's announcements (DESIGN D18): a user may turn their e-mails off; the bell always shows them.
  announcement: 'announcements',
} as const satisfies Record<string, NotificationCategory>;
export type NotificationType = keyof typeof NOTIFICATION_TYPES;

export const NOTIFICATION_CATEGORY_LABELS: Record<NotificationCategory, string> = {
  deposits: 'Deposits credited',
  plans: 'Investment plans started and matured',
  withdrawals: 'Withdrawals approved, paid or rejected',
  referrals: 'Referral bonuses',
  support: 'Replies to your support tickets',
  bot: 'Trading bot paused',
  staking: 'Stakes ended',
  announcements: 'Announcements from the SVP Invest team',
  security: 'Security (withdrawal requests, sign-ins): always sent',
};

export const NOTIFICATION_MSG = {
  securityAlwaysOn: 'Security e-mails cannot be turned off.',
  saved: 'Your e-mail preferences are saved.',
  /** A page link of the notification list that is not one the server gave. */
  cursorInvalid: 'Invalid cursor.',
} as const;

/** What the live stream (Server-Sent Events) sends: a notification as the bell shows it. */
export const LIVE_EVENT_NOTIFICATION = 'notification';
/**
 * How often the live stream writes at least a heartbeat (a comment line): the browser treats a longer silence as a
 * dead stream and polls again (the server's events routes send at this interval).
 */
export const LIVE_HEARTBEAT_MS = 25_000;
