import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

/** Who did what to whom, with before and after (DESIGN D13). Never holds secrets. */
export function createAuditLog(db: Db, clock: Clock) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      await db.insert(auditLog).values({
        actorId: entry.actorId,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId ?? null,
        before: entry.before ?? null,
        after: entry.after ?? null,
        ip: entry.ip ?? null,
        createdAt: clock.now(),
      });
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
