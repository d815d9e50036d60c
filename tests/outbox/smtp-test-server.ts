import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP server for the outbox tests (smtp-server), on a random port of 127.0.0.1 only. It records what it
// accepted and when each attempt arrived, and can be told to refuse (4xx/5xx) or to take its time.

export type AcceptedMail = { messageId: string | null; to: string[]; raw: string };

/** What the server does with the next attempts: accept, or refuse at RCPT TO or after DATA with a reply code. */
export type Behaviour = { kind: 'accept'; delayMs?: number } | { kind: 'reject'; at: 'rcpt' | 'data'; code: number; text: string };

export type SmtpTestServer = {
  url: string;
  accepted: AcceptedMail[];
  /** When each attempt (MAIL FROM) arrived, in ms since the epoch. */
  attempts: number[];
  /** Sets the behaviour; a function sees the attempt number (1-based) and decides per attempt. */
  behave(behaviour: Behaviour | ((attempt: number) => Behaviour)): void;
  /** Resolves at the next MAIL FROM. */
  nextAttempt(): Promise<void>;
  /** How often each Message-ID was accepted. */
  acceptedCounts(): Map<string, number>;
  close(): Promise<void>;
};

function smtpError(code: number, text: string): Error & { responseCode: number } {
  return Object.assign(new Error(text), { responseCode: code });
}

export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const accepted: AcceptedMail[] = [];
  const attempts: number[] = [];
  let decide: (attempt: number) => Behaviour = () => ({ kind: 'accept' });
  let waiting: (() => void)[] = [];
  const current = new WeakMap<object, Behaviour>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    banner: 'outbox test server',
    onMailFrom(_address, session, callback) {
      attempts.push(Date.now());
      current.set(session, decide(attempts.length));
      for (const resolve of waiting) resolve();
      waiting = [];
      callback();
    },
    onRcptTo(address, session, callback) {
      const behaviour = current.get(session);
      // The reply names the address, as real servers do: the outbox must not keep it in last_error.
      if (behaviour?.kind === 'reject' && behaviour.at === 'rcpt') return callback(smtpError(behaviour.code, `${behaviour.text} <${address.address}>`));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const behaviour = current.get(session) ?? { kind: 'accept' };
        if (behaviour.kind === 'reject') return callback(smtpError(behaviour.code, behaviour.text));
        const raw = Buffer.concat(chunks).toString('utf8');
        const finish = () => {
          accepted.push({
            messageId: /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(raw)?.[1] ?? null,
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        };
        if (behaviour.delayMs) setTimeout(finish, behaviour.delayMs);
        else finish();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    attempts,
    behave(behaviour) {
      decide = typeof behaviour === 'function' ? behaviour : () => behaviour;
    },
    nextAttempt: () => new Promise<void>((resolve) => waiting.push(resolve)),
    acceptedCounts() {
      const counts = new Map<string, number>();
      for (const mail of accepted) if (mail.messageId) counts.set(mail.messageId, (counts.get(mail.messageId) ?? 0) + 1);
      return counts;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
