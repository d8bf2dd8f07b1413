import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_MSG,
  type NotificationCategory,
  type NotificationPreferences,
  type Language,
  type NotificationView,
} from '@svp/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { AppError, errors } from '../../http/errors.js';
import { notificationsRepository as repo, type NotificationRow } from './notifications.repository.js';
import { renderNotification, type TemplateContext } from './templates.js';

/** The bell and the e-mail settings (DESIGN D17). Every call is the caller's own: the user id comes from the session. */
export function createNotificationsService(deps: { db: Db; clock: Clock; templates: TemplateContext }) {
  const { db, clock } = deps;

  /** A notification as the bell shows it, in the reader's language (rendered when read: a change of language shows at once). */
  function view(row: NotificationRow, language: Language): NotificationView {
    const words = renderNotification(row.type, row.params, deps.templates, language);
    return {
      id: row.id.toString(),
      type: row.type,
      category: (NOTIFICATION_CATEGORIES as readonly string[]).includes(row.category)
        ? (row.category as NotificationCategory)
        : 'security',
      title: words.title,
      body: words.body,
      link: words.link,
      read: row.readAt !== null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function preferences(userId: string): Promise<NotificationPreferences> {
    const off = new Set(await repo.emailOff(db, userId));
    const email = Object.fromEntries(
      NOTIFICATION_CATEGORIES.map((c) => [c, c === 'security' || !off.has(c)]),
    ) as NotificationPreferences['email'];
    return { email };
  }

  return {
    view,

    async list(userId: string, query: { before?: string; limit: number }) {
      const [rows, language] = await Promise.all([
        repo.page(db, userId, query.before ? BigInt(query.before) : null, query.limit + 1),
        repo.languageOf(db, userId),
      ]);
      const page = rows.slice(0, query.limit);
      return {
        notifications: page.map((row) => view(row, language)),
        unread: await repo.unreadCount(db, userId),
        next: rows.length > query.limit ? page[page.length - 1]!.id.toString() : null,
      };
    },

    unread: async (userId: string) => ({ unread: await repo.unreadCount(db, userId) }),

    async markRead(userId: string, id: string) {
      if (!(await repo.markRead(db, userId, BigInt(id), clock.now()))) throw errors.notFound();
      return { unread: await repo.unreadCount(db, userId) };
    },

    async markAllRead(userId: string) {
      await repo.markAllRead(db, userId, clock.now());
      return { unread: 0 };
    },

    preferences,

    /** Changes the named categories; `security: false` is refused (those mails protect the account). */
    async setPreferences(userId: string, email: Partial<Record<NotificationCategory, boolean>>) {
      if (email.security === false) {
        throw new AppError('VALIDATION_ERROR', NOTIFICATION_MSG.securityAlwaysOn, {
          security: NOTIFICATION_MSG.securityAlwaysOn,
        });
      }
      const off = new Set(await repo.emailOff(db, userId));
      for (const [category, on] of Object.entries(email)) {
        if (category === 'security') continue;
        if (on) off.delete(category);
        else off.add(category);
      }
      await repo.setEmailOff(db, userId, [...off].sort(), clock.now());
      return { ...(await preferences(userId)), message: NOTIFICATION_MSG.saved };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
