import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { emailOutbox } from '../../db/schema.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  body: string;
  kind: 'welcome' | 'password-otp';
}

/**
 * Every e-mail is written to the outbox first. With SMTP_URL it is then sent through nodemailer
 * and its body cleared; without, it stays in the outbox (DESIGN D14) so `npm start` works offline.
 * The log names the recipient and kind only: bodies can hold one-time codes.
 */
export function createMailer(deps: { db: Db; clock: Clock; log: FastifyBaseLogger; smtpUrl?: string; from: string }) {
  const transport: Transporter | null = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;

  return {
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
        })
        .returning({ id: emailOutbox.id });
      if (!transport) {
        deps.log.info({ mailId: row!.id, kind: mail.kind }, 'e-mail written to the outbox (no SMTP_URL)');
        return;
      }
      try {
        await transport.sendMail({ from: deps.from, to: mail.to, subject: mail.subject, text: mail.body });
        await deps.db
          .update(emailOutbox)
          .set({ status: 'sent', body: null, sentAt: deps.clock.now() })
          .where(eq(emailOutbox.id, row!.id));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await deps.db
          .update(emailOutbox)
          .set({ status: 'failed', error: message.slice(0, 500) })
          .where(eq(emailOutbox.id, row!.id));
        deps.log.warn({ mailId: row!.id, kind: mail.kind }, 'SMTP send failed; message kept in the outbox');
        throw error;
      }
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
