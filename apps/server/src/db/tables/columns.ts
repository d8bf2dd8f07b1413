import { timestamp } from 'drizzle-orm/pg-core';

/** Every row's creation time, always set from the injected clock (no database default). */
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull();
