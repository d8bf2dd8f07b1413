import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every row's creation time, always set from the injected clock (no database default). */
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull();

/** A row's key: a random uuid the database draws. */
export const uuidKey = () => uuid('id').primaryKey().defaultRandom();
