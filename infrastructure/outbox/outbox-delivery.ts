import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { OutboxChannel } from '../../domain/outbox/schemas';
import type { Database } from '../database/database';
import { type OutboxMessageRow, outboxDb } from './outbox-table';
import { defaultRetryPolicy, describeDeliveryError, type RetryPolicy, retryDelayMs } from './retry';
import { type EmailTransport, senderDomain } from './smtp-transport';

/** An SMS gateway, once there is one; until then SMS stay in the outbox as 'kept' (docs/mail.md). */
export interface SmsTransport {
  send(sms: { messageId: string; to: string; text: string }): Promise<void>;
  close(): void;
}

/** pino's shape (Fastify's `app.log`); only ids, counts and redacted errors are ever passed to it. */
export type OutboxLogger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type OutboxDeliveryOptions = {
  db: Database;
  /** Without an e-mail transport (no SMTP_URL), e-mail is kept in the outbox for the mailbox screen. */
  email?: EmailTransport | null;
  sms?: SmsTransport | null;
  retry?: Partial<RetryPolicy>;
  /** Pause when nothing is due. */
  pollMs?: number;
  /**
   * How long a claim lasts. Longer than any one attempt can take (the SMTP timeouts), so a message is only taken
   * over from a worker that died; taken over, it is sent again with the same Message-ID.
   */
  leaseMs?: number;
  /** Messages sent at the same time by this worker (each loop claims one message at a time). */
  concurrency?: number;
  logger?: OutboxLogger;
};

type Claimed = Pick<OutboxMessageRow, 'id' | 'channel' | 'template' | 'recipient' | 'subject' | 'text_body' | 'html_body' | 'attempts'>;

const silentLogger: OutboxLogger = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * Sends what the outbox holds (docs/mail.md). Each message is claimed in a short transaction
 * (`for update skip locked`, so any number of workers in any number of processes share the work), sent, and then
 * marked sent only if the claim is still this worker's. A failure is retried with exponential back-off; a message
 * whose channel has no transport is marked 'kept'. No transaction stays open while talking to the SMTP server:
 * embedded PGlite has one connection for the whole process, and a server's pool would be held by slow mail.
 *
 * Time is the database's (`now()`), the one clock every process shares.
 */
export class OutboxDelivery {
  readonly #db: Database;
  readonly #email: EmailTransport | null;
  readonly #sms: SmsTransport | null;
  readonly #retry: RetryPolicy;
  readonly #pollMs: number;
  readonly #leaseMs: number;
  readonly #concurrency: number;
  readonly #log: OutboxLogger;
  readonly #wakeUps = new Set<() => void>();
  #running = false;
  #loops: Promise<void>[] = [];

  constructor(options: OutboxDeliveryOptions) {
    this.#db = options.db;
    this.#email = options.email ?? null;
    this.#sms = options.sms ?? null;
    this.#retry = { ...defaultRetryPolicy, ...options.retry };
    this.#pollMs = options.pollMs ?? 1000;
    this.#leaseMs = options.leaseMs ?? 5 * 60 * 1000;
    this.#concurrency = Math.max(1, options.concurrency ?? 1);
    this.#log = options.logger ?? silentLogger;
  }

  /** The channels this worker can send; messages of the others are kept in the outbox. */
  get channels(): OutboxChannel[] {
    return [...(this.#email ? (['email'] as const) : []), ...(this.#sms ? (['sms'] as const) : [])];
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loops = Array.from({ length: this.#concurrency }, () => this.#loop());
  }

  /** Lets the messages in flight finish (sent and marked), then closes the transports. */
  async stop(): Promise<void> {
    this.#running = false;
    for (const wake of this.#wakeUps) wake();
    await Promise.all(this.#loops);
    this.#loops = [];
    this.#email?.close();
    this.#sms?.close();
  }

  /** Looks for due messages now instead of at the next poll. */
  wake(): void {
    for (const wake of this.#wakeUps) wake();
  }

  /** Handles every message due now, one after the other (tests, scripts); answers how many it claimed. */
  async deliverDue(): Promise<number> {
    let claimed = 0;
    while ((await this.step()) === 'worked') claimed++;
    return claimed;
  }

  async #loop(): Promise<void> {
    while (this.#running) {
      let outcome: 'worked' | 'idle';
      try {
        outcome = await this.step();
      } catch (error) {
        // A database error (the message is left as it was and taken up again); never the message's content.
        this.#log.error({ err: { message: (error as Error).message } }, 'outbox delivery step failed');
        outcome = 'idle';
      }
      if (outcome === 'worked' || !this.#running) continue;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.#wakeUps.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, this.#pollMs);
        this.#wakeUps.add(wake);
      });
    }
  }

  /** Keeps what no transport here can send, then claims and delivers one due message. */
  async step(): Promise<'worked' | 'idle'> {
    await this.#keepUnsendable();
    const message = await this.#claim();
    if (!message) return 'idle';
    await this.#deliver(message);
    return 'worked';
  }

  async #keepUnsendable(): Promise<void> {
    const sendable = this.channels;
    const { rows } = await sql<{ id: string; channel: OutboxChannel; template: string }>`
      update outbox_messages
      set status = 'kept', claimed_until = null, claim_token = null, next_attempt_at = now()
      where (status = 'pending' or (status = 'sending' and claimed_until <= now()))
        and not (channel = any(${sendable}::text[]))
      returning id, channel, template`.execute(this.#db);
    for (const row of rows) {
      this.#log.info({ outbox_id: row.id, channel: row.channel, template: row.template }, 'outbox message kept for the mailbox (no transport for its channel)');
    }
  }

  /**
   * Takes the most overdue message: pending and due, or claimed by a worker whose lease ran out (it died or hangs).
   * The attempt is counted here, so a message that crashes its worker every time still ends as 'failed'.
   */
  async #claim(): Promise<(Claimed & { claimToken: string }) | undefined> {
    const sendable = this.channels;
    if (sendable.length === 0) return undefined;
    const claimToken = randomUUID();
    const { rows } = await sql<Claimed>`
      update outbox_messages
      set status = 'sending', attempts = attempts + 1, claim_token = ${claimToken},
          claimed_until = now() + ${this.#leaseMs} * interval '1 millisecond'
      where id = (
        select id from outbox_messages
        where ((status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and claimed_until <= now()))
          and channel = any(${sendable}::text[])
        order by next_attempt_at, id
        limit 1
        for update skip locked
      )
      returning id, channel, template, recipient, subject, text_body, html_body, attempts`.execute(this.#db);
    const row = rows[0];
    return row ? { ...row, claimToken } : undefined;
  }

  async #deliver(message: Claimed & { claimToken: string }): Promise<void> {
    const about = { outbox_id: message.id, channel: message.channel, template: message.template, attempts: message.attempts };
    if (message.attempts > this.#retry.maxAttempts) {
      // Only a message taken over after its worker died gets here: that attempt was its last.
      await this.#finishFailed(message, 'Gave up: the last attempt did not finish (the worker stopped).', null);
      this.#log.error(about, 'outbox message failed: no attempts left');
      return;
    }
    try {
      await this.#send(message);
    } catch (error) {
      const described = describeDeliveryError(error, message.recipient);
      const retryInMs = message.attempts >= this.#retry.maxAttempts ? null : retryDelayMs(message.attempts, this.#retry);
      const marked = await this.#finishFailed(message, described, retryInMs);
      if (!marked) this.#log.warn(about, 'outbox delivery failed after its claim ran out; another worker has it');
      else if (retryInMs === null) this.#log.error({ ...about, error: described }, 'outbox message failed: no attempts left');
      else this.#log.warn({ ...about, error: described, retry_in_ms: retryInMs }, 'outbox delivery failed; will retry');
      return;
    }
    const { numUpdatedRows } = await outboxDb(this.#db)
      .updateTable('outbox_messages')
      .set({ status: 'sent', sent_at: sql`now()`, last_error: null, claimed_until: null, claim_token: null })
      .where('id', '=', message.id)
      .where('claim_token', '=', message.claimToken)
      .executeTakeFirst();
    if (numUpdatedRows === 0n) {
      // The lease ran out while sending and another worker took the message: it may arrive twice, same Message-ID.
      this.#log.warn(about, 'outbox message sent after its claim ran out; it may be delivered twice');
      return;
    }
    this.#log.info(about, 'outbox message sent');
  }

  async #send(message: Claimed): Promise<void> {
    if (message.recipient === null || message.text_body === null) throw new Error('The message has no recipient or body');
    if (message.channel === 'email') {
      if (!this.#email) throw new Error('No e-mail transport');
      await this.#email.send({
        messageId: `<${message.id}@${senderDomain(this.#email.from)}>`,
        to: message.recipient,
        subject: message.subject ?? '',
        text: message.text_body,
        html: message.html_body,
      });
      return;
    }
    if (!this.#sms) throw new Error('No SMS transport');
    await this.#sms.send({ messageId: message.id, to: message.recipient, text: message.text_body });
  }

  /** Back to 'pending' for another attempt in `retryInMs`, or 'failed' when that is null. False if the claim was lost. */
  async #finishFailed(message: Claimed & { claimToken: string }, error: string, retryInMs: number | null): Promise<boolean> {
    const { numUpdatedRows } = await outboxDb(this.#db)
      .updateTable('outbox_messages')
      .set({
        status: retryInMs === null ? 'failed' : 'pending',
        next_attempt_at: sql`now() + ${retryInMs ?? 0} * interval '1 millisecond'`,
        last_error: error,
        claimed_until: null,
        claim_token: null,
      })
      .where('id', '=', message.id)
      .where('claim_token', '=', message.claimToken)
      .executeTakeFirst();
    return numUpdatedRows > 0n;
  }
}
