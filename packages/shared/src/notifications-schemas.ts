import { z } from 'zod';
import { MSG } from './messages.js';
import { NOTIFICATION_CATEGORIES, NOTIFICATION_MSG, type NotificationCategory } from './notifications.js';

/** The notifications API's schemas (the constants and texts are in notifications.ts). */
export const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  category: z.enum(NOTIFICATION_CATEGORIES),
  title: z.string(),
  body: z.string(),
  /** A block-explorer link for a paid withdrawal, when the chain has one. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type NotificationView = z.infer<typeof notificationSchema>;

export const NOTIFICATION_PAGE_SIZE = 20;
export const notificationListQuerySchema = z.object({
  /** The id of the last notification of the previous page: the page holds older ones. */
  before: z
    .string()
    .regex(/^\d{1,18}$/, NOTIFICATION_MSG.cursorInvalid)
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(NOTIFICATION_PAGE_SIZE),
});
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number().int(),
  /** The cursor for the next (older) page, or null at the end. */
  next: z.string().nullable(),
});
export const notificationUnreadSchema = z.object({ unread: z.number().int() });
export const notificationIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/, MSG.common.notFound) });

export const notificationPreferencesSchema = z.object({
  /** true: e-mails of the category are sent. `security` is always true. */
  email: z.object(
    Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, z.boolean()])) as {
      [K in NotificationCategory]: z.ZodBoolean;
    },
  ),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
/** The categories to change; those left out keep their setting. */
export const notificationPreferencesUpdateSchema = z.object({
  email: z.partialRecord(z.enum(NOTIFICATION_CATEGORIES), z.boolean()),
});
export const notificationPreferencesSavedSchema = notificationPreferencesSchema.extend({ message: z.string() });
