import { sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, OTP_TTL_MS, type Language } from '@svp/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import { periodicJob } from '../../jobs/periodic.js';
import { preparedStatement, queryRows, type Db } from '../../db/client.js';
import { MAIL_LEASE_MS, MAIL_MAX_ATTEMPTS, retryDelayMs } from '../mail/delivery-policy.js';
import type { Mailer } from '../mail/mailer.js';
import { renderMail, type TemplateContext } from './templates.js';

const BATCH = 20;

/** A claimed mail's new state; what is left out stays as it was. */
interface Settlement {
  id: string;
  status: 'outbox' | 'sent' | 'pending' | 'failed';
  subject?: string;
  body?: string;
  error?: string;
  sentAt?: string;
  nextAttemptAt?: string;
}

interface Claimed {
  id: string;
  to_address: string;
  attempts: number;
  kind: string;
  /** A mail a request wrote keeps its text; a notification's is rendered from the notification. */
  subject: string;
  body: string | null;
  created_ms: string;
  type: string | null;
  params: Record<string, unknown> | null;
  username: string | null;
  /** The language the event queued the mail in (DESIGN D19), else the recipient's current one; null without a notification. */
  language: Language | null;
}

/**
 * E-mails the notifications' queued mails (DESIGN D17, docs/decisions/0025), on every app instance at once, and
 * tries again the mails a request wrote whose own attempt was refused or died (mailer.ts; a reset code only
 * while it is valid):
 *
 * - A mail is claimed with `FOR UPDATE SKIP LOCKED` and leased (next_attempt_at moves MAIL_LEASE_MS ahead) in one
 *   short statement, then sent, then marked sent. Without SMTP nothing is sent: a batch's mails are rendered into
 *   the outbox and marked together, in one statement. Two instances never claim the same row; a crash after the
 *   claim leaves a lease that runs out, and the mail is sent then.
 * - A crash after the notification's commit and before any claim: the row is simply still due.
 * - The one window that can send a mail twice: SMTP accepted it and the process died before the mark-sent
 *   statement. At-least-once there, by design: a lost mail about money is worse than a repeated one.
 * - A refused mail is tried again after a growing delay, MAIL_MAX_ATTEMPTS times, then marked failed (the admin
 *   Outbox shows it).
 *
 * It also writes "plan matured" notifications: maturity is a moment in time, not a request, so the job notices
 * active plans past their end (one per investment: the event key).
 */
export function createNotificationMailJob(deps: {
  db: Db;
  clock: Clock;
  mailer: Pick<Mailer, 'transmit' | 'delivery'>;
  templates: TemplateContext;
  log: FastifyBaseLogger;
  intervalMs?: number;
}) {
  const { db, clock, log } = deps;
  const intervalMs = deps.intervalMs ?? 2_000;

  /**
   * Plans reach their end only once: after a first pass over every open plan past its end (a process starting
   * catches up), each pass reads only the plans that ended since the last one (investments_active_ends_idx),
   * not every matured plan still waiting for its owner's withdrawal.
   */
  let maturedFrom: Date | null = null;
  const MATURED_BATCH = 100;

  async function noticeMaturedPlans(now: Date): Promise<number> {
    // A clock put back (the test clock) starts over with a full pass.
    const from = maturedFrom && maturedFrom <= now ? maturedFrom : null;
    const rows = await queryRows<{ id: string | null; ends_ms: string }>(
      db,
      sql`with due as (
            select i.id, i.user_id, i.expected_withdrawal, i.ends_at, p.name
            from investments i join plans p on p.code = i.plan_code
            where i.status = 'active' and i.ends_at <= ${now.toISOString()}::timestamptz
              ${from ? sql`and i.ends_at >= ${from.toISOString()}::timestamptz` : sql``}
              and not exists (select 1 from notifications n
                where n.user_id = i.user_id and n.event_key = 'plan.matured:' || i.id::text)
            order by i.ends_at
            limit ${MATURED_BATCH})
          select notification_add(d.user_id, 'plan.matured', 'plans',
              jsonb_build_object('plan', d.name, 'expectedWithdrawal', d.expected_withdrawal::text,
                'investmentId', d.id::text),
              'plan.matured:' || d.id::text, ${now.toISOString()}::timestamptz)::text as id,
            floor(extract(epoch from d.ends_at) * 1000)::bigint::text as ends_ms
          from due d`,
    );
    // A full batch may leave more at its last end time: the next pass starts there (the event key dedupes).
    const last = rows[rows.length - 1];
    maturedFrom = rows.length === MATURED_BATCH && last ? new Date(Number(last.ends_ms)) : now;
    return rows.filter((r) => r.id !== null).length;
  }

  const claimStatement = preparedStatement<Claimed>(
    'mail_claim',
    `with due as (
       select o.id from email_outbox o
       where o.status = 'pending' and o.next_attempt_at <= $1::timestamptz
       order by o.next_attempt_at
       limit $2
       for update skip locked),
     claimed as (
       update email_outbox o
       set attempts = o.attempts + 1, next_attempt_at = $1::timestamptz + make_interval(secs => $3)
       from due where o.id = due.id
       returning o.id, o.to_address, o.attempts, o.kind, o.subject, o.body, o.created_at, o.notification_id, o.language)
     select c.id::text, c.to_address, c.attempts, c.kind, c.subject,
       case when c.notification_id is null then c.body end as body,
       floor(extract(epoch from c.created_at) * 1000)::bigint::text as created_ms, n.type, n.params, u.username,
       coalesce(c.language, u.language) as language
     from claimed c
     left join notifications n on n.id = c.notification_id
     left join users u on u.id = n.user_id`,
  );
  const claim = (now: Date) => claimStatement(db, [now.toISOString(), BATCH, MAIL_LEASE_MS / 1000]);

  /** One statement for any number of mails: still 'pending' (this job's lease) is the guard. */
  const settleStatement = preparedStatement(
    'mail_settle',
    `update email_outbox o
     set status = s.status, error = s.error,
         -- A refusal leaves what the mail said alone and sets when to try again; a delivery the other way round.
         subject = coalesce(s.subject, o.subject),
         body = case when s.status in ('outbox', 'sent') then s.body else o.body end,
         sent_at = case when s.status in ('outbox', 'sent') then s.sent_at else o.sent_at end,
         next_attempt_at = coalesce(s.next_attempt_at, o.next_attempt_at)
     from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::timestamptz[])
       as s(id, status, subject, body, error, sent_at, next_attempt_at)
     where o.id = s.id and o.status = 'pending'`,
  );

  function settle(settlements: Settlement[]) {
    if (settlements.length === 0) return;
    const column = <K extends keyof Settlement>(key: K) => settlements.map((s) => s[key] ?? null);
    return settleStatement(db, [
      column('id'),
      column('status'),
      column('subject'),
      column('body'),
      column('error'),
      column('sentAt'),
      column('nextAttemptAt'),
    ]);
  }

  const refused = (mail: Claimed, error: string, attempts: number): Settlement => ({
    id: mail.id,
    status: attempts >= MAIL_MAX_ATTEMPTS ? 'failed' : 'pending',
    error: error.slice(0, 500),
    nextAttemptAt: new Date(clock.now().getTime() + retryDelayMs(attempts)).toISOString(),
  });

  /** A notification's mail rendered, or the text a request wrote; null when there is nothing left to send. */
  function contentOf(mail: Claimed): { subject: string; text: string; html?: string } | null {
    if (mail.type) {
      const recipient = { username: mail.username ?? '', language: mail.language ?? DEFAULT_LANGUAGE };
      return renderMail(mail.type, mail.params ?? {}, recipient, deps.templates);
    }
    return mail.body === null ? null : { subject: mail.subject, text: mail.body };
  }

  /** What became of one mail: rendered and kept (no SMTP), sent, or refused. */
  async function deliver(mail: Claimed): Promise<Settlement> {
    const rendered = contentOf(mail);
    if (!rendered) return refused(mail, 'notification missing', MAIL_MAX_ATTEMPTS);
    // A reset code past its 10 minutes opens nothing: sending it late would only confuse.
    if (mail.kind === 'password-otp' && clock.now().getTime() - Number(mail.created_ms) > OTP_TTL_MS)
      return refused(mail, 'the code expired before the mail server took it', MAIL_MAX_ATTEMPTS);
    // No SMTP_URL (development, DESIGN D14): the mail stays readable in the admin Outbox.
    if (deps.mailer.delivery === 'outbox')
      return { id: mail.id, status: 'outbox', subject: rendered.subject, body: rendered.text };
    try {
      await deps.mailer.transmit({ to: mail.to_address, ...rendered });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ mailId: mail.id, attempts: mail.attempts }, 'notification e-mail refused; will retry');
      return refused(mail, message, mail.attempts);
    }
    return { id: mail.id, status: 'sent', subject: rendered.subject, sentAt: clock.now().toISOString() };
  }

  const COUNTED = { outbox: 'kept', sent: 'sent', pending: 'failed', failed: 'failed' } as const;

  async function runOnce() {
    const counts = { matured: 0, sent: 0, kept: 0, failed: 0 };
    counts.matured = await noticeMaturedPlans(clock.now());
    for (;;) {
      const batch = await claim(clock.now());
      // Kept in the outbox, nothing has left the building: the batch is marked in one statement. A mail sent by
      // SMTP is marked as soon as it is accepted, so a crash can repeat one mail at most (see above).
      const kept: Settlement[] = [];
      try {
        for (const mail of batch) {
          const settlement = await deliver(mail);
          counts[COUNTED[settlement.status]]++;
          if (settlement.status === 'outbox') kept.push(settlement);
          else await settle([settlement]);
        }
      } finally {
        // What was rendered before a failure is kept, not left to its lease.
        await settle(kept);
      }
      if (batch.length < BATCH) return counts;
    }
  }

  return { runOnce, ...periodicJob('notification e-mail job', intervalMs, runOnce, log) };
}

export type NotificationMailJob = ReturnType<typeof createNotificationMailJob>;
