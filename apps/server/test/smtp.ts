import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  data: string;
}

/**
 * A real SMTP server on loopback that keeps what it accepted. `refuseNext(n)` makes it refuse the next n messages
 * (a mail server down for a while); `hold()` keeps every message unanswered until the function it returns is
 * called (a slow mail server).
 */
export async function startSmtp() {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  let gate: Promise<void> | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', async () => {
        await gate;
        if (refusals > 0) {
          refusals--;
          const error = Object.assign(new Error('Mailbox unavailable, try later'), { responseCode: 451 });
          callback(error);
          return;
        }
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to: (address: string) => received.filter((m) => m.to === address),
    refuseNext(n: number) {
      refusals = n;
    },
    hold(): () => void {
      let release!: () => void;
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}
