import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. `failNext` makes it refuse messages. */
export async function startSmtp() {
  const received: ReceivedMail[] = [];
  const state = { failNext: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        if (state.failNext > 0) {
          state.failNext--;
          const err = Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 });
          return callback(err);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    /** Waits until a message for `to` arrives. */
    async waitFor(to: string, timeoutMs = 15_000, containing = ''): Promise<ReceivedMail> {
      const start = Date.now();
      for (;;) {
        const mail = received.find((m) => m.to.includes(to) && unfold(m.raw).includes(containing));
        if (mail) return mail;
        if (Date.now() - start > timeoutMs) throw new Error(`no email for ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

/** The verification link in a raw message (quoted-printable soft breaks undone). */
export function linkIn(raw: string): string {
  const text = unfold(raw);
  const m = text.match(/https?:\/\/\S+\/newapp\/signup\/verification\/[A-Za-z0-9_-]+/);
  if (!m) throw new Error('no verification link in the email');
  return m[0];
}
