import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NewEvent, RecordedEvent } from '../../infrastructure/event-store/event-store';
import { PersonalDataEventStore, PersonalDataKeys, type PersonalDataPolicy } from '../../infrastructure/event-store/personal-data';
import { PostgresEventStore } from '../../infrastructure/event-store/postgres-event-store';
import { enqueueMessage, enqueueMessages, InvalidOutboxMessageError, outboxMessageId } from '../../infrastructure/outbox/enqueue';
import { type OutboxMessageRow, outboxDb } from '../../infrastructure/outbox/outbox-table';
import { eraseOutboxRecipient, eraseOutboxSubject, findOutboxMessage } from '../../infrastructure/outbox/queries';
import { type MessageFromEvent, outboxProjection } from '../../projections/outbox/outbox-projection';
import { ProjectionRunner } from '../../projections/runner';
import { streamName } from '../event-store/event-store-contract';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Writing to the outbox: in the transaction that appends the causing event, or in the transaction of a projection
// batch (the path that is exactly-once whichever event store holds the events).

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await sql`delete from outbox_messages`.execute(database.db);
});

async function rows(): Promise<OutboxMessageRow[]> {
  return outboxDb(database.db).selectFrom('outbox_messages').selectAll().orderBy('created_at').orderBy('id').execute();
}

type SignedUp = { type: 'UserSignedUp'; data: { user_id: string; email: string; mobile: string } };
const signUps = new Set(['UserSignedUp']);

function signedUp(userId: string, email: string, options: { occurredAt?: Date } = {}): NewEvent<'UserSignedUp', SignedUp['data']> {
  return {
    id: randomUUID(),
    type: 'UserSignedUp',
    data: { user_id: userId, email, mobile: '+61412345678' },
    metadata: {
      user_id: null,
      correlation_id: randomUUID(),
      causation_id: null,
      occurred_at: (options.occurredAt ?? new Date()).toISOString(),
    },
  };
}

/**
 * What an identity mail consumer would do: an activation mail and a phone code per sign-up; only for the test's own
 * events, as the tests of this file share one log.
 */
const messagesFor = (own: readonly NewEvent[]) => (event: RecordedEvent): MessageFromEvent[] => {
  if (event.type !== 'UserSignedUp' || !own.some((e) => e.id === event.id)) return [];
  const data = event.data as SignedUp['data'];
  return [
    {
      channel: 'email',
      template: 'activation',
      dataSubject: data.user_id,
      to: data.email,
      subject: 'Activate your account',
      text: `Activate: http://localhost:3000/activate?user=${data.user_id}`,
    },
    { channel: 'sms', template: 'phone-code', subject: 'Text message: your verification code', dataSubject: data.user_id, to: data.mobile, text: 'Your code is 123456' },
  ];
};

describe('enqueuing with the event that causes it', () => {
  it('commits the message with the event, and enqueuing it again stores it once', async () => {
    const store = new PostgresEventStore(database.db);
    const event = signedUp('u-1', 'jane@example.com');
    const stream = streamName('user');
    const mail = { channel: 'email', causationId: event.id, template: 'activation', to: 'jane@example.com', subject: 'Activate', text: 'Hello' } as const;
    const first = await database.db.transaction().execute(async (trx) => {
      await store.inTransaction(trx).append(stream, [event], 'no_stream');
      return enqueueMessage(trx, mail);
    });
    expect(first).toEqual({ id: outboxMessageId(event.id, 'activation'), enqueued: true });

    // A retried command (or a reactor seeing the event again) enqueues the same message: nothing new.
    const again = await database.db.transaction().execute((trx) => enqueueMessage(trx, { ...mail, text: 'Hello again' }));
    expect(again).toEqual({ id: first.id, enqueued: false });
    // Another template, or the same template with a key, is another message.
    await database.db.transaction().execute(async (trx) => {
      await enqueueMessage(trx, { ...mail, template: 'welcome' });
      await enqueueMessage(trx, { ...mail, key: 'second-address', to: 'jane.work@example.com' });
    });

    const stored = await rows();
    expect(stored).toHaveLength(3);
    expect(await findOutboxMessage(database.db, first.id)).toMatchObject({
      channel: 'email',
      causation_id: event.id,
      recipient: 'jane@example.com',
      text_body: 'Hello',
      status: 'pending',
      attempts: 0,
    });
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('works with personal data encrypted in the same transaction (the recipe in docs/mail.md)', async () => {
    const policy: PersonalDataPolicy = { UserSignedUp: { subject: (d: SignedUp['data']) => d.user_id, fields: ['email', 'mobile'] } };
    const event = signedUp('u-2', 'ada@example.com');
    const stream = streamName('user');
    // Everything through `trx`, the keys too: on embedded PGlite a query on `db` would wait for this transaction.
    const { id } = await database.db.transaction().execute(async (trx) => {
      const store = new PersonalDataEventStore(new PostgresEventStore(trx), policy, new PersonalDataKeys(trx));
      await store.append(stream, [event], 'no_stream');
      return enqueueMessage(trx, { channel: 'email', causationId: event.id, template: 'activation', dataSubject: 'u-2', to: 'ada@example.com', subject: 'Activate', text: 'Hello' });
    });
    expect(await findOutboxMessage(database.db, id)).toMatchObject({ recipient: 'ada@example.com', data_subject: 'u-2' });
    const stored = await new PostgresEventStore(database.db).readStream(stream);
    expect(JSON.stringify(stored[0]?.data)).not.toContain('ada@example.com');
  });

  it('refuses a malformed message, naming the fields but never their values', async () => {
    const bad = [
      { channel: 'email', causationId: randomUUID(), template: 'activation', to: 'not an address', subject: 'Hi', text: 'x' },
      { channel: 'email', causationId: randomUUID(), template: 'activation', to: 'a@example.com', subject: 'Hi\r\nBcc: everyone@example.com', text: 'x' },
      { channel: 'sms', causationId: randomUUID(), template: 'phone-code', subject: 'Text message: your verification code', to: '0412 345 678', text: 'Your code is 1' },
      { channel: 'email', causationId: 'not-a-uuid', template: 'Activation Mail', to: 'a@example.com', subject: 'Hi', text: '' },
    ] as const;
    const errors = await Promise.all(bad.map((message) => enqueueMessage(database.db, message).catch((error: unknown) => error)));
    expect(errors.every((e) => e instanceof InvalidOutboxMessageError)).toBe(true);
    expect((errors as InvalidOutboxMessageError[]).map((e) => e.fields)).toEqual([['to'], ['subject'], ['to'], ['causationId', 'template', 'text']]);
    for (const error of errors as Error[]) expect(error.message).not.toMatch(/not an address|everyone|0412/);
    expect(await rows()).toEqual([]);
  });

  it('enqueues many in one call, each once, answering in their order; one malformed message writes none', async () => {
    const mail = (n: number) => ({ channel: 'email', causationId: randomUUID(), template: 'new-bid', to: `c${n}@example.com`, subject: 'A new bid', text: `Bid ${n}` }) as const;
    const earlier = mail(0);
    await enqueueMessage(database.db, earlier);
    // 2,500: more than one insert's worth of rows.
    const batch = [earlier, ...Array.from({ length: 2500 }, (_, i) => mail(i + 1))];
    batch.splice(2, 0, batch[1]!); // the same message twice in one call
    const answers = await enqueueMessages(database.db, batch);
    expect(answers.map((a) => a.enqueued)).toEqual([false, true, false, ...Array.from({ length: 2499 }, () => true)]);
    expect(answers.map((a) => a.id)).toEqual(batch.map((m) => outboxMessageId(m.causationId, m.template)));
    expect(await rows()).toHaveLength(2501);

    await expect(enqueueMessages(database.db, [mail(9001), { ...mail(9002), to: 'not an address' }])).rejects.toThrow(InvalidOutboxMessageError);
    expect(await rows()).toHaveLength(2501);
  });
});

describe('enqueuing from a projection', () => {
  it('writes the messages with the checkpoint, once, also when the projection is rebuilt', async () => {
    const store = new PostgresEventStore(database.db);
    const events = [signedUp('u-10', 'ada@example.com'), signedUp('u-11', 'grace@example.com')];
    for (const event of events) await store.append(streamName('user'), [event], 'no_stream');

    const run = async (version: number) => {
      const runner = new ProjectionRunner({ db: database.db, store, consumers: [outboxProjection({ name: 'test-mail', version, eventTypes: signUps, messagesFor: messagesFor(events) })] });
      await runner.catchUp();
    };
    await run(1);
    await run(1);
    // A new version replays the whole log into the outbox: the ids derive from the events, so nothing doubles.
    await run(2);

    const stored = await rows();
    expect(stored).toHaveLength(4);
    expect(stored.map((r) => [r.causation_id, r.template, r.recipient]).sort()).toEqual(
      [
        [events[0]!.id, 'activation', 'ada@example.com'],
        [events[0]!.id, 'phone-code', '+61412345678'],
        [events[1]!.id, 'activation', 'grace@example.com'],
        [events[1]!.id, 'phone-code', '+61412345678'],
      ].sort(),
    );
  });

  it('writes nothing of a batch that fails, so a retried batch writes each message once', async () => {
    const store = new PostgresEventStore(database.db);
    const events = [signedUp('u-20', 'one@example.com'), signedUp('u-21', 'two@example.com'), signedUp('u-22', 'three@example.com')];
    for (const event of events) await store.append(streamName('user'), [event], 'no_stream');
    let failOn: string | null = events[2]!.id;
    const projection = outboxProjection({
      name: 'flaky-mail',
      eventTypes: signUps,
      messagesFor: (event) => {
        if (event.id === failOn) throw new Error('template crashed');
        return messagesFor(events)(event);
      },
    });
    const runner = new ProjectionRunner({ db: database.db, store, consumers: [projection] });
    await expect(runner.catchUp()).rejects.toThrow('template crashed');
    expect(await rows()).toEqual([]);

    failOn = null;
    await runner.catchUp();
    expect(await rows()).toHaveLength(6);
  });

  it('skips events older than its limit, and people whose data was erased', async () => {
    const policy: PersonalDataPolicy = { UserSignedUp: { subject: (d: SignedUp['data']) => d.user_id, fields: ['email', 'mobile'] } };
    const store = new PersonalDataEventStore(new PostgresEventStore(database.db), policy, new PersonalDataKeys(database.db));
    const old = signedUp('u-30', 'old@example.com', { occurredAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000) });
    const erased = signedUp('u-31', 'erased@example.com');
    const current = signedUp('u-32', 'current@example.com');
    for (const event of [old, erased, current]) await store.append(streamName('user'), [event], 'no_stream');
    await store.erase('u-31');

    const runner = new ProjectionRunner({ db: database.db, store, consumers: [outboxProjection({ name: 'careful-mail', eventTypes: signUps, messagesFor: messagesFor([old, erased, current]) })] });
    await runner.catchUp();
    expect((await rows()).map((r) => [r.recipient, r.causation_id])).toEqual(
      expect.arrayContaining([
        ['current@example.com', current.id],
        ['+61412345678', current.id],
      ]),
    );
    expect(await rows()).toHaveLength(2);
  });
});

describe('erasing a person', () => {
  it('blanks their messages, which then are neither sent nor enqueued again', async () => {
    const causationId = randomUUID();
    const message = { channel: 'email', causationId, template: 'activation', dataSubject: 'u-40', to: 'Erase.Me@example.com', subject: 'Hi', text: 'Body' } as const;
    const { id } = await enqueueMessage(database.db, message);
    const sms = await enqueueMessage(database.db, { channel: 'sms', causationId, template: 'phone-code', subject: 'Text message: your verification code', to: '+61400000001', text: 'Code 1' });
    const other = await enqueueMessage(database.db, { ...message, template: 'other', dataSubject: 'u-41', to: 'keep@example.com' });

    expect(await eraseOutboxSubject(database.db, 'u-40')).toBe(1);
    expect(await eraseOutboxRecipient(database.db, '+61400000001')).toBe(1);
    expect(await eraseOutboxSubject(database.db, 'u-40')).toBe(0);

    for (const erasedId of [id, sms.id]) {
      expect(await findOutboxMessage(database.db, erasedId)).toMatchObject({ status: 'erased', recipient: null, subject: null, text_body: null, html_body: null });
    }
    expect(await findOutboxMessage(database.db, other.id)).toMatchObject({ status: 'pending', recipient: 'keep@example.com' });
    // The row stays as a tombstone: replaying the causing event does not bring the message back.
    expect(await enqueueMessage(database.db, message)).toEqual({ id, enqueued: false });
    expect(await findOutboxMessage(database.db, id)).toMatchObject({ status: 'erased', recipient: null });
  });

  it('finds messages by address without regard to case', async () => {
    await enqueueMessage(database.db, { channel: 'email', causationId: randomUUID(), template: 'a', to: 'Mixed.Case@Example.com', subject: 'Hi', text: 'x' });
    expect(await eraseOutboxRecipient(database.db, 'mixed.case@example.com')).toBe(1);
  });
});
