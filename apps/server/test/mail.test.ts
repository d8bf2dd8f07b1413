import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { API } from '@svp/shared';
import { emailOutbox } from '../src/db/schema.js';
import { buildTestApp, Client, registerUser, type TestApp } from './helpers.js';

/** A real SMTP server on loopback: proves SMTP_URL delivery through nodemailer end to end. */
const received: { to: string; data: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let data = '';
    stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), data });
      callback();
    });
  },
});

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as { port: number };
  t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

describe('e-mail over SMTP', () => {
  it('sends the welcome and OTP e-mails and clears the stored body once SMTP accepted them', async () => {
    const client = new Client(t.app);
    const creds = await registerUser(client);
    expect((await client.post(API.otpRequest, { email: creds.email })).status).toBe(200);
    const mine = received.filter((m) => m.to === creds.email);
    expect(mine).toHaveLength(2);
    expect(mine[0]!.data).toContain('Welcome to SVP Invest');
    expect(mine[1]!.data).toMatch(/one-time code is \d{6}/);
    const rows = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, creds.email));
    expect(rows.map((r) => [r.status, r.body])).toEqual([
      ['sent', null],
      ['sent', null],
    ]);
  });
});
