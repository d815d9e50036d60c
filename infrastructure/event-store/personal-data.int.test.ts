import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { event, eventStoreContract, streamName } from '../../tests/event-store/event-store-contract';
import { type Database, openDatabase } from '../database/database';
import type { Position, RecordedEvent } from './event-store';
import { PersonalDataEventStore, PersonalDataIntegrityError, PersonalDataKeys, type PersonalDataPolicy } from './personal-data';
import { PostgresEventStore } from './postgres-event-store';

type Address = { street: string; suburb: string; postcode: string };
type CustomerRegistered = {
  type: 'CustomerRegistered';
  data: {
    customer_id: string;
    product_id: string;
    email: string;
    phone: string | null;
    applicant: { first_name: string; last_name: string; date_of_birth: string; residency: string };
    annual_income: number;
    address: Address;
  };
};
type ContactChanged = { type: 'ContactChanged'; data: { customer_id: string; email?: string; phone?: string } };
type LoanRequested = { type: 'LoanRequested'; data: { customer_id: string; amount: number } };
type CustomerEvent = CustomerRegistered | ContactChanged | LoanRequested;

const policy: PersonalDataPolicy<CustomerEvent> = {
  CustomerRegistered: {
    subject: (d) => d.customer_id,
    fields: ['email', 'phone', 'applicant.first_name', 'applicant.last_name', 'applicant.date_of_birth', 'annual_income', 'address'],
  },
  ContactChanged: { subject: (d) => d.customer_id, fields: ['email', 'phone'] },
};

const registeredFields = policy.CustomerRegistered!.fields;

function registered(customerId: string, name: string): CustomerRegistered['data'] {
  return {
    customer_id: customerId,
    product_id: 'home-loans',
    email: `${name}.lovelace@example.com`,
    phone: `+61 4${name.length}0 111 222`,
    applicant: { first_name: `${name}-first`, last_name: `${name}-last`, date_of_birth: '1985-12-10', residency: 'citizen' },
    annual_income: 187_654,
    address: { street: `${name} 12 Analytical Street`, suburb: 'Engineville', postcode: '2000' },
  };
}

describe('personal data in events (crypto-shredding)', () => {
  let database: TestDatabase;
  let store: PersonalDataEventStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PersonalDataEventStore(new PostgresEventStore(database.db), policy, new PersonalDataKeys(database.db));
  });
  afterAll(async () => {
    await store?.close();
    await database?.close();
  });

  /** A store as another process would have it: its own key cache. */
  const otherProcess = (db: Database = database.db) =>
    new PersonalDataEventStore(new PostgresEventStore(db), policy, new PersonalDataKeys(db));

  async function storedData(streamId: string): Promise<string[]> {
    const { rows } = await sql<{ data: string }>`
      select data::text as data from events where stream_id = ${streamId} order by revision`.execute(database.db);
    return rows.map((r) => r.data);
  }

  async function readAllOf(streamId: string, from: Position): Promise<RecordedEvent[]> {
    const { events } = await store.readAll(from, 1000);
    return events.filter((e) => e.streamId === streamId);
  }

  async function subscribedOf(streamId: string, from: Position, count: number): Promise<RecordedEvent[]> {
    const subscription = store.subscribe(from);
    const received: RecordedEvent[] = [];
    try {
      for await (const e of subscription) {
        if (e.streamId === streamId) received.push(e);
        if (received.length === count) break;
      }
    } finally {
      await subscription.close();
    }
    return received;
  }

  it('stores no personal value in clear, and reads every value back as it was', async () => {
    const customer = randomUUID();
    const stream = streamName('customer');
    const data = registered(customer, 'ada');
    const change: ContactChanged['data'] = { customer_id: customer, email: 'ada.new@example.com' };
    await store.append(stream, [event('CustomerRegistered', data), event('ContactChanged', change)], 'no_stream');

    const raw = await storedData(stream);
    const plain = [data.email, data.phone!, data.applicant.first_name, data.applicant.last_name, data.applicant.date_of_birth,
      String(data.annual_income), data.address.street, data.address.suburb, change.email!];
    for (const text of raw) for (const value of plain) expect(text).not.toContain(value);
    const stored = JSON.parse(raw[0]!);
    expect(stored.customer_id).toBe(customer);
    expect(stored.applicant.residency).toBe('citizen'); // not in the policy: stays in clear
    expect(Object.keys(stored.email).sort()).toEqual(['$pd', 'v']);
    expect(stored.email.$pd).toBe(customer);
    expect(JSON.parse(raw[1]!)).not.toHaveProperty('phone'); // absent fields stay absent

    const read = await store.readStream(stream);
    expect(read.map((e) => e.data)).toEqual([data, change]);
    expect(read.every((e) => e.erasedFields === undefined)).toBe(true);
    expect((await otherProcess().readStream(stream)).map((e) => e.data)).toEqual([data, change]);
  });

  it('withholds personal fields as null without reading a key when asked to', async () => {
    const customer = randomUUID();
    const stream = streamName('customer');
    const data = registered(customer, 'barbara');
    await store.append(stream, [event('CustomerRegistered', data), event('LoanRequested', { customer_id: customer, amount: 500_000 })], 'no_stream');
    const keys = new PersonalDataKeys(database.db);
    const asked: string[][] = [];
    const keysFor = keys.keysFor.bind(keys);
    keys.keysFor = (subjects) => (asked.push([...subjects]), keysFor(subjects));
    const reader = new PersonalDataEventStore(new PostgresEventStore(database.db), policy, keys);

    const [withheld, loan] = await reader.readStream(stream, { personalData: 'withhold' });
    expect(asked).toEqual([]);
    expect(withheld!.data).toEqual({
      ...data,
      email: null,
      phone: null,
      applicant: { first_name: null, last_name: null, date_of_birth: null, residency: 'citizen' },
      annual_income: null,
      address: null,
    });
    expect(loan!.data).toEqual({ customer_id: customer, amount: 500_000 });
    expect((await reader.readStream(stream))[0]!.data).toEqual(data); // the default still reveals
  });

  it('round-trips strings, numbers, null and nested objects', async () => {
    const customer = randomUUID();
    const stream = streamName('customer');
    const data = { ...registered(customer, 'grace'), phone: null, annual_income: 0.5 };
    await store.append(stream, [event('CustomerRegistered', data)], 'no_stream');
    const [read] = await store.readStream(stream);
    expect(read!.data).toEqual(data);
    expect(JSON.parse((await storedData(stream))[0]!).phone).toHaveProperty('$pd', customer); // null is encrypted too
  });

  it('after erasure the stream still replays: personal fields null and listed, the rest intact', async () => {
    const customer = randomUUID();
    const stream = streamName('customer');
    const before = await store.headPosition();
    const data = registered(customer, 'alan');
    const events = [
      event('CustomerRegistered', data),
      event('LoanRequested', { customer_id: customer, amount: 750_000 }),
      event('ContactChanged', { customer_id: customer, phone: '+61 400 000 000' }),
    ];
    await store.append(stream, events, 'no_stream');
    expect((await store.readStream(stream))[0]!.data).toEqual(data); // the key is now cached in this process

    await store.erase(customer);

    const erasedRegistration = {
      ...data,
      email: null,
      phone: null,
      applicant: { first_name: null, last_name: null, date_of_birth: null, residency: 'citizen' },
      annual_income: null,
      address: null,
    };
    const expected = [
      { id: events[0]!.id, revision: 0, data: erasedRegistration, erasedFields: [...registeredFields] },
      { id: events[1]!.id, revision: 1, data: { customer_id: customer, amount: 750_000 }, erasedFields: undefined },
      { id: events[2]!.id, revision: 2, data: { customer_id: customer, phone: null }, erasedFields: ['phone'] },
    ];
    const shape = (read: RecordedEvent[]) => read.map((e) => ({ id: e.id, revision: e.revision, data: e.data, erasedFields: e.erasedFields }));
    expect(shape(await store.readStream(stream))).toEqual(expected);
    expect(shape(await readAllOf(stream, before))).toEqual(expected);
    expect(shape(await subscribedOf(stream, before, 3))).toEqual(expected);
    expect(shape(await otherProcess().readStream(stream))).toEqual(expected);
    expect((await store.readStream(stream)).map((e) => e.metadata)).toEqual(events.map((e) => e.metadata));
  });

  it("erasing one person leaves another person's data readable", async () => {
    const [ada, alan] = [randomUUID(), randomUUID()];
    const [adaStream, alanStream] = [streamName('customer'), streamName('customer')];
    await store.append(adaStream, [event('CustomerRegistered', registered(ada, 'ada'))], 'no_stream');
    await store.append(alanStream, [event('CustomerRegistered', registered(alan, 'alan'))], 'no_stream');

    await store.erase(ada);

    expect((await store.readStream(adaStream))[0]!.erasedFields).toEqual([...registeredFields]);
    const [alanEvent] = await store.readStream(alanStream);
    expect(alanEvent!.data).toEqual(registered(alan, 'alan'));
    expect(alanEvent!.erasedFields).toBeUndefined();
  });

  it('encrypts two subjects in one append, each under its own key', async () => {
    const [ada, alan] = [randomUUID(), randomUUID()];
    const stream = streamName('household');
    await store.append(stream, [event('CustomerRegistered', registered(ada, 'ada')), event('CustomerRegistered', registered(alan, 'alan'))], 'no_stream');
    const raw = (await storedData(stream)).map((text) => JSON.parse(text));
    expect(raw.map((d) => d.email.$pd)).toEqual([ada, alan]);
    const { rows } = await sql<{ subject: string }>`
      select subject from personal_data_keys where subject = any(${[ada, alan]}::text[])`.execute(database.db);
    expect(rows.map((r) => r.subject).sort()).toEqual([ada, alan].sort());

    await store.erase(alan);
    const read = await store.readStream(stream);
    expect(read[0]!.data).toEqual(registered(ada, 'ada'));
    expect(read[1]!.erasedFields).toEqual([...registeredFields]);
    expect((read[1]!.data as { email: unknown }).email).toBeNull();
  });

  it('fetches the keys of a whole batch in one query, on append and on every read', async () => {
    let queries = 0;
    const counting = database.db.withPlugin({
      transformQuery: (args) => {
        queries++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    // The event store itself reads through the uncounted handle: only key queries are counted.
    const keys = new PersonalDataKeys(counting);
    const counted = new PersonalDataEventStore(new PostgresEventStore(database.db), policy, keys);
    const customers = Array.from({ length: 6 }, () => randomUUID());
    const stream = streamName('many');
    const before = await counted.headPosition();

    await counted.append(stream, customers.map((c, i) => event('CustomerRegistered', registered(c, `p${i}`))), 'no_stream');
    expect(queries).toBe(3); // read, create the missing ones, read back

    const fresh = () => new PersonalDataEventStore(new PostgresEventStore(database.db), policy, new PersonalDataKeys(counting));
    for (const read of [
      (s: PersonalDataEventStore) => s.readStream(stream),
      async (s: PersonalDataEventStore) => (await s.readAll(before, 1000)).events,
      async (s: PersonalDataEventStore) => {
        const subscription = s.subscribe(before);
        const received: RecordedEvent[] = [];
        for await (const e of subscription) if (e.streamId === stream && received.push(e) === customers.length) break;
        await subscription.close();
        return received;
      },
    ]) {
      queries = 0;
      const events = (await read(fresh())).filter((e) => e.streamId === stream);
      expect(events.map((e) => (e.data as { customer_id: string }).customer_id)).toEqual(customers);
      expect(queries).toBe(1);
    }
  });

  it('concurrent first appends for a new subject agree on one key', async () => {
    const customer = randomUUID();
    const streams = Array.from({ length: 10 }, () => streamName('race'));
    // Each writer has its own key cache, as separate processes would.
    await Promise.all(streams.map((s, i) => otherProcess().append(s, [event('CustomerRegistered', registered(customer, `r${i}`))], 'no_stream')));

    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from personal_data_keys where subject = ${customer}`.execute(database.db);
    expect(rows[0]!.count).toBe(1);
    const reader = otherProcess();
    for (const [i, s] of streams.entries()) expect((await reader.readStream(s))[0]!.data).toEqual(registered(customer, `r${i}`));
  });

  it('reports a tampered ciphertext as an error instead of returning it', async () => {
    const customer = randomUUID();
    const stream = streamName('customer');
    const registration = event('CustomerRegistered', registered(customer, 'eve'));
    await store.append(stream, [registration], 'no_stream');
    const stored = JSON.parse((await storedData(stream))[0]!);
    const bytes = Buffer.from(stored.email.v, 'base64');
    bytes[14]! ^= 0x01; // inside the ciphertext, after the 12-byte IV
    stored.email.v = bytes.toString('base64');
    await sql`update events set data = ${JSON.stringify(stored)}::jsonb where event_id = ${registration.id}::uuid`.execute(database.db);

    const failure = await store.readStream(stream).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PersonalDataIntegrityError);
    expect((failure as PersonalDataIntegrityError).field).toBe('email');
    expect((failure as Error).message).not.toContain(registered(customer, 'eve').email);
  });

  it('stores no personal data of an erased subject that arrives after the erasure, in any process', async () => {
    const customer = randomUUID();
    const stream = streamName('customer');
    // Another process that sealed and read the customer's data a moment before: it had the key in hand.
    const other = otherProcess();
    await other.append(stream, [event('CustomerRegistered', registered(customer, 'ada'))], 'no_stream');
    expect((await other.readStream(stream))[0]!.erasedFields).toBeUndefined();
    await store.erase(customer);
    await other.append(stream, [event('ContactChanged', { customer_id: customer, email: 'ada.again@example.com' })], 0);

    // Stored as null, in clear: no key seals it, none is made again.
    expect(JSON.parse((await storedData(stream))[1]!)).toEqual({ customer_id: customer, email: null });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from personal_data_keys where subject = ${customer}`.execute(database.db);
    expect(rows[0]!.n).toBe(0);
    const read = await store.readStream(stream);
    expect(read[0]!.erasedFields).toEqual([...registeredFields]);
    expect(read[1]!.data).toEqual({ customer_id: customer, email: null });
  });

  it('a process that listens drops its cached key as soon as another process erases the subject', async () => {
    if (!database.url) return; // a notification between processes needs the server (embedded: one process)
    const listening = await openDatabase({ url: database.url, maxConnections: 2 });
    let keyQueries = 0;
    const counting = listening.db.withPlugin({
      transformQuery: (args) => {
        keyQueries++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const reader = new PersonalDataEventStore(new PostgresEventStore(listening.db), policy, new PersonalDataKeys(counting, { listen: listening.listen }));
    try {
      const customer = randomUUID();
      const stream = streamName('customer');
      await store.append(stream, [event('CustomerRegistered', registered(customer, 'grace'))], 'no_stream');
      // Once it listens, the reader keeps the key: a read asks the table nothing.
      let cached = false;
      for (const deadline = Date.now() + 5000; !cached && Date.now() < deadline; ) {
        keyQueries = 0;
        expect((await reader.readStream(stream))[0]!.erasedFields).toBeUndefined();
        cached = keyQueries === 0;
        if (!cached) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(cached).toBe(true);

      await store.erase(customer);
      let erased = false;
      for (const deadline = Date.now() + 5000; !erased && Date.now() < deadline; ) {
        erased = (await reader.readStream(stream))[0]!.erasedFields !== undefined;
        if (!erased) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(erased).toBe(true); // long before the cache's minute
    } finally {
      await reader.close();
      await listening.close();
    }
  });
});

eventStoreContract('PostgreSQL adapter with personal-data encryption', async () => {
  const database = await createTestDatabase();
  const store = new PersonalDataEventStore(new PostgresEventStore(database.db), policy, new PersonalDataKeys(database.db));
  return { store, close: database.close };
}, { uniqueEventIdsAcrossStreams: true });
