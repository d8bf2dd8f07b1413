import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidKey } from './columns.js';
import { userIdColumn } from './users.js';

// ---- Support tickets (DESIGN D12) ----

export const tickets = pgTable(
  'tickets',
  {
    id: uuidKey(),
    userId: userIdColumn(),
    subject: text('subject').notNull(),
    status: text('status', { enum: ['open', 'pending', 'closed'] }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('tickets_user_idx').on(t.userId, t.createdAt), index('tickets_updated_idx').on(t.updatedAt)],
);

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuidKey(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id),
    sender: text('sender', { enum: ['user', 'admin'] }).notNull(),
    authorId: uuid('author_id').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);
