import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import { inTransaction, type IdempotencyClaim, type Tx } from '../../db/transaction.js';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

/** The entry of a user acting on their own account (actor and target are the same user). */
export const selfAudit = (
  userId: string,
  action: string,
  change: Pick<AuditEntry, 'before' | 'after' | 'ip'>,
): AuditEntry => ({ actorId: userId, action, targetType: 'user', targetId: userId, ...change });

/** Writes one audit entry on the transaction it is given. */
export type RecordAudit = (entry: AuditEntry) => Promise<void>;

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
  const insert = async (tx: Tx, entry: AuditEntry): Promise<void> => {
    await tx.insert(auditLog).values({
      actorId: entry.actorId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId ?? null,
      before: storable(entry.before),
      after: storable(entry.after),
      ip: entry.ip ?? null,
      createdAt: clock.now(),
    });
  };

  return {
    /**
     * Runs an audited change: `work` makes the change on `tx` and describes it with `record`, and both
     * commit in one database transaction or neither does, so no change outlives a crash without its entry.
     * It is the only way to write an entry. Like all `inTransaction` work, `work` may run again after a
     * serialization failure or deadlock, so it only touches the database.
     */
    change<T>(work: (tx: Tx, record: RecordAudit) => Promise<T>, claim: IdempotencyClaim | null = null): Promise<T> {
      return inTransaction(db, (tx) => work(tx, (entry) => insert(tx, entry)), claim);
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
