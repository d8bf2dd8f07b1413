import { and, desc, eq } from 'drizzle-orm';
import { emailOutbox } from '../../src/db/schema.js';
import type { TestApp } from '../helpers.js';

/** The mails sent to an address, newest first, as the outbox holds them (no SMTP in tests). */
export async function mailsTo(t: TestApp, to: string, kind?: string) {
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(kind ? and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)) : eq(emailOutbox.toAddress, to))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id));
}

/**
 * The token of the newest verification link sent to an address (in the welcome at sign-up, in a mail of its own
 * afterwards), read the way a user would: from the mail.
 */
export async function latestVerificationToken(t: TestApp, to: string): Promise<string> {
  const link = /\/verify-email\?token=([A-Za-z0-9_-]{43})/;
  const mail = (await mailsTo(t, to)).find((m) => link.test(m.body ?? ''));
  const token = link.exec(mail?.body ?? '')?.[1];
  if (!token) throw new Error(`no verification link for ${to}`);
  return token;
}

export const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
export const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
