import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { chainCursors } from '../db/schema.js';

/** The last block the watcher has fully scanned, per chain (one row each). */
export const chainCursor = {
  async get(db: Db, chainId: number): Promise<bigint | null> {
    const [row] = await db.select().from(chainCursors).where(eq(chainCursors.chainId, chainId));
    return row?.lastBlock ?? null;
  },
  async set(db: Db, chainId: number, lastBlock: bigint, now: Date): Promise<void> {
    await db
      .insert(chainCursors)
      .values({ chainId, lastBlock, updatedAt: now })
      .onConflictDoUpdate({ target: chainCursors.chainId, set: { lastBlock, updatedAt: now } });
  },
};
