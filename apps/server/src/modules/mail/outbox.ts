import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailOutbox } from '../../db/schema.js';
import { mailActions } from './mailer.js';

/** How many of the newest mails the admin Outbox screen lists. */
export const OUTBOX_LIST_LIMIT = 100;

/** The newest mails, from email_outbox_created_idx (db/tables/platform.ts): the query, so a test can EXPLAIN it. */
export const newestMails = (db: Db, showsCodes: boolean, limit: number) =>
  db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      kind: emailOutbox.kind,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
      // In production the body (which holds codes and links) never leaves the database.
      body: showsCodes ? emailOutbox.body : sql<string | null>`null`,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);

/**
 * The admin Outbox screen: the newest outgoing mails. Outside production each carries its rendered body, its
 * one-time code and its links, so a developer without SMTP can verify an address or finish a password reset
 * (DESIGN D17); in production the body is not even read from the database, and the list holds recipients and
 * subjects only.
 */
export function createOutboxService(deps: { db: Db; production: boolean; delivery: 'smtp' | 'outbox' }) {
  const showsCodes = !deps.production;
  return {
    async list(limit = OUTBOX_LIST_LIMIT) {
      const rows = await newestMails(deps.db, showsCodes, limit);
      return {
        showsCodes,
        delivery: deps.delivery,
        mails: rows.map((r) => ({
          id: r.id,
          to: r.to,
          subject: r.subject,
          kind: r.kind,
          status: r.status,
          createdAt: r.createdAt.toISOString(),
          sentAt: r.sentAt?.toISOString() ?? null,
          ...(showsCodes ? { body: r.body, ...mailActions(r.body) } : { body: null, code: null, links: [] }),
        })),
      };
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
