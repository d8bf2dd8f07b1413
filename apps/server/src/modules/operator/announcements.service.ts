import type { FastifyBaseLogger } from 'fastify';
import { OPERATOR_MSG, type AnnouncementDraft } from '@svp/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import type { SignedInActor } from '../../http/session.js';
import { periodicJob } from '../../jobs/periodic.js';
import type { AuditLog } from '../audit/audit.js';
import { announcementsRepository as repo, type AnnouncementRow } from './announcements.repository.js';

/** Users per batch: one transaction writes this many notifications (and their queued e-mails). */
const BATCH = 200;
/**
 * The mail job sends about 20 mails per pass; while more than this many wait for it, no new batch is written, so an
 * announcement to every user never buries a reset code or a withdrawal notice behind thousands of its own mails.
 */
const MAIL_BACKLOG_LIMIT = 400;

export interface AnnouncementRunOptions {
  /** Users per batch (tests use a few, to cross several batches with a few users). */
  batchSize?: number;
  /** Stop after this many batches (the next pass goes on from the cursor). */
  maxBatches?: number;
  /** Called inside each batch's transaction before it commits: a test throws here to crash mid-batch. */
  beforeCommit?: (batch: number) => void | Promise<void>;
}

const view = (row: AnnouncementRow) => ({
  id: row.id,
  title: row.title,
  body: row.body,
  audience: row.audience,
  status: row.status,
  sent: row.sent,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
});

/**
 * Announcements (DESIGN D18): an admin writes one to all users or an audience, sees the count first, and it goes
 * out through the notifications outbox (the bell, and an e-mail unless the user turned announcements off) in
 * batches. Each batch is one transaction that records its recipients (unique per announcement and user), writes
 * their notifications and moves the announcement's cursor: a crash loses at most the batch in flight, whose
 * rollback leaves nothing behind, and the next pass resumes after the cursor. Nobody gets one twice.
 */
export function createAnnouncementsService(deps: {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  log: FastifyBaseLogger;
  intervalMs?: number;
}) {
  const { db, clock, audit, log } = deps;

  /** One batch of one announcement; false when there was nothing to do (finished, or another instance has it). */
  async function batch(id: string, n: number, options: AnnouncementRunOptions): Promise<boolean> {
    return inTransaction(db, async (tx) => {
      const row = await repo.lockSending(tx, id);
      if (!row) return false;
      const now = clock.now();
      const size = options.batchSize ?? BATCH;
      const users = await repo.nextUsers(tx, row, size, now);
      const delivered = await repo.deliver(tx, row, users, now);
      await repo.advance(tx, id, users.at(-1) ?? null, delivered, users.length < size, now);
      await options.beforeCommit?.(n);
      return users.length === size;
    });
  }

  async function runOnce(options: AnnouncementRunOptions = {}) {
    let batches = 0;
    for (const id of await repo.sendingIds(db)) {
      for (;;) {
        if (options.maxBatches !== undefined && batches >= options.maxBatches) return { batches };
        if ((await repo.mailBacklog(db, MAIL_BACKLOG_LIMIT)) >= MAIL_BACKLOG_LIMIT) return { batches };
        batches++;
        if (!(await batch(id, batches, options))) break;
      }
    }
    return { batches };
  }

  const job = periodicJob('announcements job', deps.intervalMs ?? 2_000, () => runOnce(), log);

  return {
    ...job,
    runOnce,

    async preview(draft: AnnouncementDraft) {
      return { title: draft.title, body: draft.body, recipients: await repo.count(db, draft.audience, clock.now()) };
    },

    async list() {
      return { announcements: (await repo.list(db)).map(view) };
    },

    /** Queues an announcement (audited); the job sends it. An audience of nobody is refused, not queued. */
    async create(actor: SignedInActor, draft: AnnouncementDraft) {
      const now = clock.now();
      const recipients = await repo.count(db, draft.audience, now);
      if (recipients === 0) throw new AppError('NOT_ELIGIBLE', OPERATOR_MSG.announcementNoRecipients);
      const row = await audit.change(async (tx, record) => {
        const created = await repo.insert(tx, draft, actor.userId, now);
        await record({
          actorId: actor.userId,
          action: 'announcement.create',
          targetType: 'announcement',
          targetId: created.id,
          after: { ...draft, recipients },
          ip: actor.ip,
        });
        return created;
      }, actor.claim);
      return { success: true as const, message: OPERATOR_MSG.announcementQueued(recipients), announcement: view(row) };
    },
  };
}

export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
