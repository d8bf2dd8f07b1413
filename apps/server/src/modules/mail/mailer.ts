import { and, eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Language } from '@svp/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { emailOutbox } from '../../db/schema.js';
import { MAIL_LEASE_MS, retryDelayMs } from './delivery-policy.js';
import { COMMON_MAIL_TRANSLATIONS } from './mailer.i18n.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  body: string;
  kind: 'welcome' | 'password-otp' | 'two-factor-reset' | 'email-verification' | 'account-security' | 'withdrawal-hold';
}

/** Who a mail is for: the address it goes to, the name it greets and the language it is written in (DESIGN D19). */
export interface MailRecipient {
  email: string;
  username: string;
  language: Language;
}

/** The words every personal mail shares, English; mailer.i18n.ts holds the other languages. */
const en = {
  greeting: (username: string) => `Hello ${username},`,
  /** The last line of a security mail about a change to the account. */
  securityFooter: 'If this was not you, reset your password at once from the sign-in page and contact support.',
  /** How a mail gives a one-time code: mailActions finds the code by these words, in every language. */
  oneTimeCode: (code: string) => `Your one-time code is ${code}.`,
  /** A moment in a mail's sentence, in UTC: "Sun, 29 Nov 2026 07:13:43 GMT". */
  moment: (at: Date) => at.toUTCString(),
};
export type CommonMailTexts = typeof en;
export const COMMON_MAIL_TEXTS: Record<Language, CommonMailTexts> = { en, ...COMMON_MAIL_TRANSLATIONS };

/**
 * A mail to one person, as every mail but the notifications' is: the subject follows `<brand>: ` (the operator's one
 * brand, config BRAND, never translated), and the body greets them by name, in their language, before `lines`.
 */
export const personalMail = (
  brand: string,
  to: MailRecipient,
  kind: OutgoingMail['kind'],
  subject: string,
  lines: string[],
): OutgoingMail => ({
  to: to.email,
  kind,
  subject: `${brand}: ${subject}`,
  body: [COMMON_MAIL_TEXTS[to.language].greeting(to.username), '', ...lines].join('\n'),
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Each language's one-time-code sentence with the code's place as a capture: "Your one-time code is (\d{6})\.". */
const ONE_TIME_CODE = Object.values(COMMON_MAIL_TEXTS).map(({ oneTimeCode }) => {
  const [before = '', after = ''] = oneTimeCode('\u0000').split('\u0000');
  return new RegExp(`${escapeRegExp(before)}(\\d{6})${escapeRegExp(after)}`);
});

/** What a person must act on in a mail: its one-time code and its links. */
export interface MailActions {
  code: string | null;
  links: string[];
}

/**
 * The one-time code a mail's body carries ("Your one-time code is 123456." or its translation, oneTimeCode above) and every link in it
 * (a verification link, any future one). Read from the body rather than kept apart, so the outbox needs no column
 * that would hold codes or tokens after the body is gone.
 */
export function mailActions(body: string | null): MailActions {
  if (body === null) return { code: null, links: [] };
  return {
    code: ONE_TIME_CODE.map((pattern) => pattern.exec(body)?.[1]).find(Boolean) ?? null,
    links: body.match(/\bhttps?:\/\/[^\s<>"']+/g) ?? [],
  };
}

/**
 * Every e-mail is written to the outbox first. With SMTP_URL it is then sent through nodemailer after the
 * request has its answer (a slow mail server neither delays an answer nor shows in its time, ADR 0018) and its
 * body cleared; a refused one is tried again by the notifications job, as its own mails are. Without SMTP_URL it
 * stays in the outbox (DESIGN D14) so `npm start` works offline, and outside production the log shows each
 * mail's recipient, subject, one-time code and links (DESIGN D17): a developer can then verify an address or reset
 * a password without a mail server. This is the one log line that may carry a code or a link; otherwise the log
 * names the mail's id and kind only, never its recipient, code or link.
 */
export function createMailer(deps: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  smtpUrl?: string;
  from: string;
  production: boolean;
}) {
  const transport: Transporter | null = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;
  const printMails = !transport && !deps.production;
  const inFlight = new Set<Promise<void>>();

  /**
   * The request's own attempt at one outbox row (its first, under a lease). Accepted: sent, its body gone.
   * Refused: left 'pending' with the first backoff, and the notifications job tries it again (delivery-policy.ts).
   */
  async function deliver(smtp: Transporter, id: string, mail: OutgoingMail): Promise<void> {
    const mine = and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'pending'));
    try {
      await smtp.sendMail({ from: deps.from, to: mail.to, subject: mail.subject, text: mail.body });
      await deps.db
        .update(emailOutbox)
        .set({ status: 'sent', body: null, error: null, sentAt: deps.clock.now() })
        .where(mine);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const nextAttemptAt = new Date(deps.clock.now().getTime() + retryDelayMs(1));
      await deps.db
        .update(emailOutbox)
        .set({ error: message.slice(0, 500), nextAttemptAt })
        .where(mine)
        .catch(() => undefined);
      deps.log.warn({ mailId: id, kind: mail.kind }, 'SMTP send failed; the mail will be tried again');
    }
  }

  return {
    /** Whether mails leave through SMTP, or stay in the outbox (and, outside production, the log). */
    delivery: (transport ? 'smtp' : 'outbox') as 'smtp' | 'outbox',

    /** Sends one mail already in the outbox through SMTP (the notifications job owns its row); false without SMTP_URL. */
    async transmit(mail: { to: string; subject: string; text: string; html?: string }): Promise<boolean> {
      if (!transport) return false;
      await transport.sendMail({ from: deps.from, ...mail });
      return true;
    },

    /** Writes the mail to the outbox and returns; SMTP delivery, when configured, runs after that. */
    async send(mail: OutgoingMail): Promise<void> {
      const [row] = await deps.db
        .insert(emailOutbox)
        .values({
          toAddress: mail.to,
          subject: mail.subject,
          body: mail.body,
          kind: mail.kind,
          status: transport ? 'pending' : 'outbox',
          createdAt: deps.clock.now(),
          // This first attempt's lease: if the process dies before SMTP answers, the job tries it when it ends.
          ...(transport && { attempts: 1, nextAttemptAt: new Date(deps.clock.now().getTime() + MAIL_LEASE_MS) }),
        })
        .returning({ id: emailOutbox.id });
      if (printMails) {
        const { code, links } = mailActions(mail.body);
        deps.log.info(
          { mailId: row!.id, kind: mail.kind, to: mail.to, subject: mail.subject, code, links },
          `e-mail not sent (no SMTP_URL; development only): to ${mail.to}, "${mail.subject}"` +
            (code ? `, code ${code}` : '') +
            links.map((link) => `, link ${link}`).join(''),
        );
        return;
      }
      if (!transport) {
        deps.log.info({ mailId: row!.id, kind: mail.kind }, 'e-mail written to the outbox (no SMTP_URL)');
        return;
      }
      const delivery = deliver(transport, row!.id, mail).finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    },

    /**
     * Waits for the deliveries under way (tests that read what SMTP received), or at most `maxMs` (the app's
     * close: a mail server that hangs must not hold a shutdown; what it held stays `pending` in the outbox).
     */
    async settled(maxMs?: number): Promise<void> {
      const all = Promise.all(inFlight);
      if (maxMs === undefined) return void (await all);
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, maxMs)));
      await Promise.race([all, limit]);
      clearTimeout(timer);
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
