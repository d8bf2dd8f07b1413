import { and, asc, count, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ticketMessages, tickets, users } from '../../db/schema.js';
import type { Tx } from '../../db/transaction.js';

type Executor = Db | Tx;
export type TicketRow = typeof tickets.$inferSelect;

/** Queries only; user-facing reads are always scoped by the owner's id. */
export const ticketsRepository = {
  async countSince(tx: Executor, userId: string, since: Date): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(tickets)
      .where(and(eq(tickets.userId, userId), gt(tickets.createdAt, since)));
    return Number(row?.n ?? 0);
  },
  async insert(tx: Tx, values: typeof tickets.$inferInsert): Promise<TicketRow> {
    const [row] = await tx.insert(tickets).values(values).returning();
    return row!;
  },
  async addMessage(tx: Executor, values: typeof ticketMessages.$inferInsert) {
    await tx.insert(ticketMessages).values(values);
  },
  listForUser: (db: Executor, userId: string) =>
    db.select().from(tickets).where(eq(tickets.userId, userId)).orderBy(desc(tickets.updatedAt)),
  async findOwn(db: Executor, userId: string, id: string): Promise<TicketRow | undefined> {
    const [row] = await db
      .select()
      .from(tickets)
      .where(and(eq(tickets.id, id), eq(tickets.userId, userId)));
    return row;
  },
  /** The user's ticket, locked until the transaction ends: its status cannot change under a reply. */
  async lockOwn(tx: Tx, userId: string, id: string): Promise<TicketRow | undefined> {
    const [row] = await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.id, id), eq(tickets.userId, userId)))
      .for('update');
    return row;
  },
  async find(db: Executor, id: string) {
    const [row] = await db
      .select({ ticket: tickets, username: users.username, email: users.email })
      .from(tickets)
      .innerJoin(users, eq(users.id, tickets.userId))
      .where(eq(tickets.id, id));
    return row;
  },
  /** Any ticket, locked until the transaction ends, so an audit entry's "before" is what was replaced. */
  async lock(tx: Tx, id: string): Promise<TicketRow | undefined> {
    const [row] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update');
    return row;
  },
  listAll: (db: Executor) =>
    db
      .select({ ticket: tickets, username: users.username, email: users.email })
      .from(tickets)
      .innerJoin(users, eq(users.id, tickets.userId))
      .orderBy(desc(tickets.updatedAt))
      .limit(500),
  messages: (db: Executor, ticketId: string) =>
    db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticketId))
      .orderBy(asc(ticketMessages.createdAt)),
  async setStatus(db: Executor, id: string, status: TicketRow['status'], now: Date) {
    await db.update(tickets).set({ status, updatedAt: now }).where(eq(tickets.id, id));
  },
};
