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

/** A lone UTF-16 surrogate: text columns store it as U+FFFD, but jsonb refuses its escape (a 500). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const storable = (value: unknown): unknown =>
  value === undefined
    ? null
    : JSON.parse(
        JSON.stringify(value, (_, v: unknown) => (typeof v === 'string' ? v.replace(LONE_SURROGATE, '\ufffd') : v)),
      );

/** Who did what to whom, with before and after (DESIGN D13). Never holds secrets. */
export function createAuditLog(db: Db, clock: Clock) {
  return {
    /** `conn`: a transaction, when the entry must stand or fall with the change it describes. */
    async record(entry: AuditEntry, conn: Pick<Db, 'insert'> = db): Promise<void> {
      await conn.insert(auditLog).values({
        actorId: entry.actorId,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId ?? null,
        before: storable(entry.before),
        after: storable(entry.after),
        ip: entry.ip ?? null,
        createdAt: clock.now(),
      });
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
