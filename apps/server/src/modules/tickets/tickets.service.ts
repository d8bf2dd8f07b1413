import { MSG } from '@svp/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { inTransaction, type IdempotencyClaim } from '../../db/transaction.js';
import type { Actor } from '../../http/session.js';
import { AppError, errors } from '../../http/errors.js';
import type { AuditLog } from '../audit/audit.js';
import { ticketsRepository as repo, type TicketRow } from './tickets.repository.js';
import { usersRepository } from '../users/users.repository.js';
import { notifications } from '../notifications/record.js';

const LIMIT = 2;
const WINDOW_MS = 24 * 3_600_000;

const summary = (t: TicketRow) => ({
  id: t.id,
  subject: t.subject,
  status: t.status,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
});
const messageView = (m: { id: string; sender: 'user' | 'admin'; message: string; createdAt: Date }) => ({
  id: m.id,
  sender: m.sender,
  message: m.message,
  created_at: m.createdAt.toISOString(),
});

/** Support tickets (SPEC §2, §5; DESIGN D12): open → pending after an admin reply → open after a user reply → closed. */
export function createTicketsService(deps: { db: Db; clock: Clock; audit: AuditLog }) {
  const { db, clock } = deps;

  return {
    /** At most 2 tickets per rolling 24 hours, enforced under a row lock so parallel posts cannot slip by. */
    async create(userId: string, subject: string, message: string, claim: IdempotencyClaim | null = null) {
      const ticket = await inTransaction(
        db,
        async (tx) => {
          const now = clock.now();
          // The user's row lock serializes one user's ticket creations, so the 24-hour limit holds.
          await usersRepository.lockById(tx, userId);
          if ((await repo.countSince(tx, userId, new Date(now.getTime() - WINDOW_MS))) >= LIMIT) {
            throw new AppError('RATE_LIMITED', MSG.tickets.limit);
          }
          const row = await repo.insert(tx, { userId, subject, status: 'open', createdAt: now, updatedAt: now });
          await repo.addMessage(tx, { ticketId: row.id, sender: 'user', authorId: userId, message, createdAt: now });
          return row;
        },
        claim,
      );
      return { success: true as const, message: MSG.tickets.sent, ticket: summary(ticket) };
    },

    list: async (userId: string) => ({ tickets: (await repo.listForUser(db, userId)).map(summary) }),

    async thread(userId: string, id: string) {
      const ticket = await repo.findOwn(db, userId, id);
      if (!ticket) throw errors.notFound(); // another user's ticket is indistinguishable from none
      return { ticket: summary(ticket), messages: (await repo.messages(db, id)).map(messageView) };
    },

    /** Under the ticket's row lock: a close committed meanwhile is seen, never overwritten by `open`. */
    async reply(userId: string, id: string, message: string, claim: IdempotencyClaim | null = null) {
      await inTransaction(
        db,
        async (tx) => {
          const ticket = await repo.lockOwn(tx, userId, id);
          if (!ticket) throw errors.notFound();
          if (ticket.status === 'closed') throw new AppError('CONFLICT', MSG.tickets.closed);
          const now = clock.now();
          await repo.addMessage(tx, { ticketId: id, sender: 'user', authorId: userId, message, createdAt: now });
          await repo.setStatus(tx, id, 'open', now);
        },
        claim,
      );
      return this.thread(userId, id);
    },

    // ---- admin ----
    async listAll() {
      const rows = await repo.listAll(db);
      return { tickets: rows.map((r) => ({ ...summary(r.ticket), username: r.username, email: r.email })) };
    },

    async adminThread(id: string) {
      const row = await repo.find(db, id);
      if (!row) throw errors.notFound();
      return {
        ticket: { ...summary(row.ticket), username: row.username, email: row.email },
        messages: (await repo.messages(db, id)).map(messageView),
      };
    },

    /** The reply, the `pending` status and the audit entry commit together (DESIGN D13). */
    async adminReply(admin: Actor, id: string, message: string) {
      const { userId: adminId, ip } = admin;
      await deps.audit.change(async (tx, record) => {
        const ticket = await repo.lock(tx, id);
        if (!ticket) throw errors.notFound();
        const now = clock.now();
        await repo.addMessage(tx, { ticketId: id, sender: 'admin', authorId: adminId, message, createdAt: now });
        await repo.setStatus(tx, id, 'pending', now);
        await notifications.record(tx, {
          userId: ticket.userId,
          type: 'ticket.answered',
          eventKey: `ticket.answered:${id}:${now.toISOString()}`,
          at: now,
          params: { ticketId: id, subject: ticket.subject },
        });
        await record({
          actorId: adminId,
          action: 'ticket.reply',
          targetType: 'ticket',
          targetId: id,
          before: { status: ticket.status },
          after: { status: 'pending' },
          ip,
        });
      }, admin.claim);
      return this.adminThread(id);
    },

    async adminClose(admin: Actor, id: string) {
      await deps.audit.change(async (tx, record) => {
        const ticket = await repo.lock(tx, id);
        if (!ticket) throw errors.notFound();
        await repo.setStatus(tx, id, 'closed', clock.now());
        await record({
          actorId: admin.userId,
          action: 'ticket.close',
          targetType: 'ticket',
          targetId: id,
          before: { status: ticket.status },
          after: { status: 'closed' },
          ip: admin.ip,
        });
      }, admin.claim);
      return this.adminThread(id);
    },
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
