import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, type DatabaseHandle, openDatabase } from '../../infrastructure/database/database';
import { PostgresEventStore } from '../../infrastructure/event-store/postgres-event-store';
import { type EmailMessage, enqueueMessage, type SmsMessage } from '../../infrastructure/outbox/enqueue';
import { OutboxDelivery, type OutboxDeliveryOptions } from '../../infrastructure/outbox/outbox-delivery';
import type { OutboxMessageRow } from '../../infrastructure/outbox/outbox-table';
import { findOutboxMessage } from '../../infrastructure/outbox/queries';
import { smtpTransport } from '../../infrastructure/outbox/smtp-transport';
import { event, streamName } from '../event-store/event-store-contract';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { type SmtpTestServer, startSmtpTestServer } from './smtp-test-server';

// The delivery worker against a real SMTP server (smtp-server on 127.0.0.1) and the real database: PGlite, or the
// PostgreSQL server of DATABASE_URL, where two workers on separate connection pools really run at the same time.

let database: TestDatabase;
let smtp: SmtpTestServer;
const workers: OutboxDelivery[] = [];
const extraHandles: DatabaseHandle[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await sql`delete from outbox_messages`.execute(database.db);
  smtp = await startSmtpTestServer();
});
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop();
  for (const handle of extraHandles.splice(0)) await handle.close();
  await smtp.close();
});

/** A worker sending through the test server, polling fast and retrying after milliseconds rather than seconds. */
function worker(options: Partial<OutboxDeliveryOptions> & { smtpUrl?: string | null } = {}): OutboxDelivery {
  const { smtpUrl = smtp.url, ...rest } = options;
  const delivery = new OutboxDelivery({
    db: database.db,
    email: smtpUrl ? smtpTransport(smtpUrl) : null,
    pollMs: 10,
    retry: { baseDelayMs: 100, maxDelayMs: 2000, maxAttempts: 10 },
    ...rest,
  });
  workers.push(delivery);
  return delivery;
}

let counter = 0;
function activationMail(overrides: Partial<EmailMessage> = {}): EmailMessage {
  counter++;
  return {
    channel: 'email',
    causationId: randomUUID(),
    template: 'activation',
    dataSubject: `user-${counter}`,
    to: `jane.citizen${counter}@example.com`,
    subject: `Activate your account ${counter}`,
    text: `Hello Jane,\n\nActivate your account: http://localhost:3000/activate?token=secret-token-${counter}\n`,
    ...overrides,
  };
}

function phoneCode(): SmsMessage {
  counter++;
  return { channel: 'sms', causationId: randomUUID(), template: 'phone-code', subject: 'Text message: your verification code', to: `+6141234${String(counter).padStart(4, '0')}`, text: `Your code is ${100000 + counter}` };
}

async function enqueueCommitted(message: EmailMessage | SmsMessage): Promise<string> {
  return database.db.transaction().execute(async (trx) => (await enqueueMessage(trx, message)).id);
}

async function row(id: string): Promise<OutboxMessageRow> {
  const found = await findOutboxMessage(database.db, id);
  if (!found) throw new Error(`no outbox row ${id}`);
  return found;
}

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function statusCounts(db: Database): Promise<Record<string, number>> {
  const { rows } = await sql<{ status: string; n: string }>`select status, count(*)::text as n from outbox_messages group by status`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

describe('delivering mail by SMTP', () => {
  it('never sends a message whose transaction rolled back, with the event that caused it', async () => {
    const store = new PostgresEventStore(database.db);
    const stream = streamName('user');
    const registered = event('UserRegistered', { user_id: 'u-1' });
    await expect(
      database.db.transaction().execute(async (trx) => {
        await store.inTransaction(trx).append(stream, [registered], 'no_stream');
        await enqueueMessage(trx, activationMail({ causationId: registered.id }));
        throw new Error('the command failed after appending');
      }),
    ).rejects.toThrow('the command failed');

    expect(await worker().deliverDue()).toBe(0);
    expect(await store.readStream(stream)).toEqual([]);
    expect(await statusCounts(database.db)).toEqual({});
    expect(smtp.attempts).toHaveLength(0);
  });

  it('sends a committed message once, with a Message-ID made from its outbox id', async () => {
    const store = new PostgresEventStore(database.db);
    const registered = event('UserRegistered', { user_id: 'u-2' });
    const mail = activationMail({ causationId: registered.id, html: '<p>Hello <a href="http://localhost:3000/activate">activate</a></p>' });
    const id = await database.db.transaction().execute(async (trx) => {
      await store.inTransaction(trx).append(streamName('user'), [registered], 'no_stream');
      return (await enqueueMessage(trx, mail)).id;
    });

    const delivery = worker();
    expect(await delivery.deliverDue()).toBe(1);
    expect(await delivery.deliverDue()).toBe(0);

    expect(smtp.accepted).toHaveLength(1);
    const [received] = smtp.accepted;
    expect(received?.messageId).toBe(`<${id}@localhost>`);
    expect(received?.to).toEqual([mail.to]);
    expect(received?.raw).toContain('Auto-Submitted: auto-generated');
    expect(received?.raw).toContain(`Subject: ${mail.subject}`);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null, claim_token: null });
    expect((await row(id)).sent_at).toBeInstanceOf(Date);
  });

  it('sends from the address given in SMTP_URL, and makes the Message-ID in its domain', async () => {
    const id = await enqueueCommitted(activationMail());
    await worker({ smtpUrl: `${smtp.url}?from=${encodeURIComponent('Home Loans <no-reply@loans.example>')}` }).deliverDue();
    expect(smtp.accepted[0]?.messageId).toBe(`<${id}@loans.example>`);
    expect(smtp.accepted[0]?.raw).toMatch(/^From: Home Loans <no-reply@loans\.example>/m);
  });

  it('sends each message once when two workers run at the same time', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 24; i++) ids.push(await enqueueCommitted(activationMail()));
    smtp.behave({ kind: 'accept', delayMs: 5 });

    // On a server, the second worker gets a pool of its own, as another process would.
    let otherDb = database.db;
    if (database.url) {
      const handle = await openDatabase({ url: database.url, maxConnections: 5 });
      extraHandles.push(handle);
      otherDb = handle.db;
    }
    const sentBy = [0, 0];
    const countingLogger = (index: 0 | 1) => ({
      info: (_details: object, message: string) => {
        if (message === 'outbox message sent') sentBy[index]!++;
      },
      warn: () => {},
      error: () => {},
    });
    const first = worker({ concurrency: 2, logger: countingLogger(0) });
    const second = worker({ db: otherDb, concurrency: 2, logger: countingLogger(1) });
    first.start();
    second.start();
    await until(async () => (await statusCounts(database.db)).sent === ids.length, 'every message sent');
    // Both took part: the work was shared, not done by one while the other idled.
    expect(sentBy[0]).toBeGreaterThan(0);
    expect(sentBy[1]).toBeGreaterThan(0);
    expect(sentBy[0]! + sentBy[1]!).toBe(ids.length);

    const counts = smtp.acceptedCounts();
    expect(smtp.accepted).toHaveLength(ids.length);
    for (const id of ids) expect(counts.get(`<${id}@localhost>`)).toBe(1);
    expect(await statusCounts(database.db)).toEqual({ sent: ids.length });
  });

  it('retries a refused message with growing delays, and sends it once the server recovers', async () => {
    // Refused twice after DATA (451, 452), once at RCPT TO (550, naming the address), then accepted.
    smtp.behave((attempt) => {
      if (attempt === 1) return { kind: 'reject', at: 'data', code: 451, text: 'Try again later' };
      if (attempt === 2) return { kind: 'reject', at: 'data', code: 452, text: 'Insufficient system storage' };
      if (attempt === 3) return { kind: 'reject', at: 'rcpt', code: 550, text: 'Mailbox unavailable' };
      return { kind: 'accept' };
    });
    const mail = activationMail();
    const id = await enqueueCommitted(mail);
    const delivery = worker({ retry: { baseDelayMs: 150, maxDelayMs: 5000, maxAttempts: 10 } });

    const errors: (string | null)[] = [];
    const nextAttemptDelays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      await until(async () => {
        await delivery.deliverDue();
        return (await row(id)).attempts >= attempt;
      }, `attempt ${attempt}`);
      const failed = await row(id);
      expect(failed).toMatchObject({ status: 'pending', attempts: attempt });
      errors.push(failed.last_error);
      const { rows } = await sql<{ ms: number }>`
        select (extract(epoch from next_attempt_at - now()) * 1000)::float8 as ms from outbox_messages where id = ${id}`.execute(database.db);
      nextAttemptDelays.push(rows[0]!.ms);
    }
    await until(async () => {
      await delivery.deliverDue();
      return (await row(id)).status === 'sent';
    }, 'the delivery after recovery');

    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 4, last_error: null });
    expect(smtp.accepted.map((m) => m.messageId)).toEqual([`<${id}@localhost>`]);
    // 150 ms, 300 ms, 600 ms after each failure: each wait at least the one before it doubled (less the time taken).
    const gaps = smtp.attempts.slice(1).map((at, i) => at - smtp.attempts[i]!);
    expect(gaps).toHaveLength(3);
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(150 * 2 ** i - 5));
    nextAttemptDelays.forEach((ms, i) => expect(ms).toBeLessThanOrEqual(150 * 2 ** i));
    expect(nextAttemptDelays[2]!).toBeGreaterThan(nextAttemptDelays[0]!);
    // The reply code and text are kept; the address the server echoed is not.
    expect(errors[0]).toMatch(/SMTP 451.*Try again later/);
    expect(errors[1]).toMatch(/SMTP 452/);
    expect(errors[2]).toMatch(/SMTP 550.*Mailbox unavailable/);
    for (const error of errors) expect(error).not.toContain(mail.to);
  });

  it('gives up after the last attempt and marks the message failed', async () => {
    smtp.behave({ kind: 'reject', at: 'data', code: 554, text: 'Transaction failed' });
    const id = await enqueueCommitted(activationMail());
    const delivery = worker({ retry: { baseDelayMs: 10, maxDelayMs: 40, maxAttempts: 3 } });
    delivery.start();
    await until(async () => (await row(id)).status === 'failed', 'the message to fail');
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 3 });
    expect((await row(id)).last_error).toMatch(/SMTP 554/);
    expect(smtp.attempts).toHaveLength(3);
    expect(smtp.accepted).toHaveLength(0);
  });

  it('lets the message in flight finish when stopped', async () => {
    smtp.behave({ kind: 'accept', delayMs: 400 });
    const id = await enqueueCommitted(activationMail());
    const delivery = worker();
    const arrived = smtp.nextAttempt();
    delivery.start();
    await arrived;
    await delivery.stop();
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(smtp.accepted).toHaveLength(1);
  });

  it('takes over a message whose worker died mid-send, and sends it with the same Message-ID', async () => {
    // The limit of exactly-once (docs/mail.md): a worker that crashed after the server accepted, before it recorded
    // it, leaves a claim that runs out; the message goes again, recognisable downstream by its Message-ID.
    const id = await enqueueCommitted(activationMail());
    await sql`update outbox_messages set status = 'sending', attempts = 1, claim_token = ${randomUUID()},
              claimed_until = now() - interval '1 second' where id = ${id}`.execute(database.db);
    await worker().deliverDue();
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.accepted.map((m) => m.messageId)).toEqual([`<${id}@localhost>`]);
  });

  it('does not take over a message another worker is still sending', async () => {
    const id = await enqueueCommitted(activationMail());
    await sql`update outbox_messages set status = 'sending', attempts = 1, claim_token = ${randomUUID()},
              claimed_until = now() + interval '1 minute' where id = ${id}`.execute(database.db);
    expect(await worker().deliverDue()).toBe(0);
    expect(smtp.attempts).toHaveLength(0);
  });
});

describe('messages no transport can send', () => {
  it('keeps SMS, and e-mail when there is no SMTP_URL, for the mailbox', async () => {
    const mailId = await enqueueCommitted(activationMail());
    const smsId = await enqueueCommitted(phoneCode());
    await worker({ smtpUrl: null }).deliverDue();
    expect(await row(mailId)).toMatchObject({ status: 'kept', attempts: 0 });
    expect(await row(smsId)).toMatchObject({ status: 'kept', attempts: 0 });
    expect(smtp.attempts).toHaveLength(0);
  });

  it('keeps SMS while sending e-mail when SMTP_URL is set', async () => {
    const mailId = await enqueueCommitted(activationMail());
    const smsId = await enqueueCommitted(phoneCode());
    await worker().deliverDue();
    expect(await row(mailId)).toMatchObject({ status: 'sent' });
    expect(await row(smsId)).toMatchObject({ status: 'kept' });
    expect(smtp.accepted).toHaveLength(1);
  });
});

describe('logging', () => {
  it('never logs a recipient, subject or body, also when delivery fails', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'trace' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    smtp.behave((attempt) => (attempt === 1 ? { kind: 'reject', at: 'rcpt', code: 550, text: 'No such user' } : { kind: 'accept' }));
    const mail = activationMail();
    const sms = phoneCode();
    const id = await enqueueCommitted(mail);
    await enqueueCommitted(sms);
    const delivery = worker({ logger, retry: { baseDelayMs: 10, maxDelayMs: 40, maxAttempts: 5 } });
    delivery.start();
    await until(async () => (await row(id)).status === 'sent', 'the mail to be sent');
    await delivery.stop();

    const log = lines.join('');
    expect(log).toContain(id);
    expect(log).toContain('outbox delivery failed; will retry');
    expect(log).toContain('outbox message sent');
    expect(log).toContain('kept for the mailbox');
    for (const secret of [mail.to, mail.subject, 'secret-token', sms.to, sms.text, '@example.com']) expect(log).not.toContain(secret);
  });
});
