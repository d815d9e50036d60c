import { createCipheriv, createDecipheriv, createHmac, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database, DatabaseHandle } from '../database/database';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  Position,
  ReadAllBatch,
  ReadStreamOptions,
  RecordedEvent,
  StreamAppend,
  Subscription,
} from './event-store';

// Crypto-shredding (docs/personal-data.md): personal fields are stored encrypted with a key per person, so
// deleting that key erases the person from the whole history while every event stays in place and replayable.

type Depth = [never, 0, 1, 2, 3];

/** Dot paths to the properties of `Data` ('email', 'applicant.first_name'); any string when `Data` is untyped. */
export type FieldPath<Data, D extends number = 4> = 0 extends 1 & Data
  ? string
  : [D] extends [never]
    ? never
    : Data extends readonly unknown[]
      ? never
      : Data extends object
        ? {
            [K in keyof Data & string]-?: NonNullable<Data[K]> extends readonly unknown[]
              ? K
              : NonNullable<Data[K]> extends object
                ? K | `${K}.${FieldPath<NonNullable<Data[K]>, Depth[D]>}`
                : K;
          }[keyof Data & string]
        : never;

export type PersonalDataRule<Data = any> = {
  /** Whose data the fields are: names the key (a person's id, never personal data itself: it is stored in clear). */
  readonly subject: (data: Data) => string;
  /** Encrypted when present; a whole object or array is encrypted as one value. */
  readonly fields: readonly FieldPath<Data>[];
};

/**
 * The personal fields of each event type. Types and fields may be added over time (older events keep their
 * clear values); never removed, or older events would show their envelopes instead of the values.
 * `PersonalDataPolicy<CustomerEvent>` checks the types, subjects and paths against a union of domain events.
 */
export type PersonalDataPolicy<Event extends { type: string; data: unknown } = { type: string; data: any }> = {
  readonly [Type in Event['type']]?: PersonalDataRule<Extract<Event, { type: Type }>['data']>;
};

/** What an encrypted field holds in the stored event. */
export type PersonalDataEnvelope = { $pd: string; v: string };

export type PersonalDataKey = {
  readonly key: KeyObject;
  /** A short hash of the key, written into each IV so data under an erased key is told apart from tampering. */
  readonly id: Buffer;
};

/** A personal field whose ciphertext does not authenticate: altered or corrupt, never shown as erased. */
export class PersonalDataIntegrityError extends Error {
  constructor(
    readonly streamId: string,
    readonly eventId: string,
    readonly field: string,
  ) {
    super(`Personal field ${field} of event ${eventId} in stream ${streamId} fails authentication (altered or corrupt)`);
    this.name = 'PersonalDataIntegrityError';
  }
}

const KEY_BYTES = 32;
const KEY_ID_BYTES = 4;
/** 64 random bits per IV: a person's key encrypts a few hundred values, far from any nonce collision. */
const NONCE_BYTES = 8;
const IV_BYTES = KEY_ID_BYTES + NONCE_BYTES;
const TAG_BYTES = 16;
const CACHE_TTL_MS = 60_000;
const CACHE_MAX_ENTRIES = 10_000;
/** The most events a subscription decrypts together (one key query for the lot). */
const SUBSCRIPTION_BATCH = 500;

/** NOTIFY channel naming an erased subject (payload): every process drops its cached key at once. */
export const ERASED_SUBJECTS_CHANNEL = 'personal_data_erased';

/**
 * The keys, one per subject, in `personal_data_keys`; the erased subjects in `erased_subjects`.
 *
 * Sealing reads the keys from the table every time, never from a cache: a command that arrives after a person's
 * erasure, in whichever process, finds no key and no way to make one, so it stores none of their data. Reading keeps
 * keys for at most a minute, and only while this process listens for erasures (`ERASED_SUBJECTS_CHANNEL`, sent in
 * the erasing transaction): an erasure in another process drops the entry when its notification arrives.
 * Without `listen` nothing is cached.
 */
export class PersonalDataKeys {
  readonly #db: Database;
  readonly #listen: DatabaseHandle['listen'] | undefined;
  readonly #cache = new Map<string, { key: PersonalDataKey; expiresAt: number }>();
  /** Counts erasures seen, so a read that overlapped one does not put the erased key back in the cache. */
  #erasures = 0;
  #listening: 'no' | 'starting' | 'yes' = 'no';
  #stopListening: (() => Promise<void>) | null = null;
  #closed = false;

  constructor(db: Database, options: { listen?: DatabaseHandle['listen'] } = {}) {
    this.#db = db;
    this.#listen = options.listen;
  }

  /** The keys of those subjects that have one, for reading: from the cache while listening, else in one query. */
  async keysFor(subjects: readonly string[]): Promise<Map<string, PersonalDataKey>> {
    this.#ensureListening();
    const unique = [...new Set(subjects)];
    const keys = new Map<string, PersonalDataKey>();
    const now = Date.now();
    const cached = this.#listening === 'yes';
    if (cached) {
      for (const subject of unique) {
        const entry = this.#cache.get(subject);
        if (entry && entry.expiresAt > now) keys.set(subject, entry.key);
        else if (entry) this.#cache.delete(subject);
      }
    }
    const fetched = unique.filter((s) => !keys.has(s));
    if (fetched.length === 0) return keys;
    const erasures = this.#erasures;
    await this.#read(fetched, keys);
    // Only keys read while listening, with no erasure heard meanwhile; a cached entry keeps its expiry.
    if (cached && this.#listening === 'yes' && erasures === this.#erasures) {
      for (const subject of fetched) {
        const key = keys.get(subject);
        if (key) this.#remember(subject, key, now);
      }
    }
    return keys;
  }

  /**
   * The keys to seal with, read now (never cached), made for subjects that have none yet; an erased subject gets
   * none (it is left out of the answer). Concurrent creators agree on one key.
   */
  async keysToSeal(subjects: readonly string[]): Promise<Map<string, PersonalDataKey>> {
    const unique = [...new Set(subjects)];
    const keys = new Map<string, PersonalDataKey>();
    await this.#read(unique, keys);
    const missing = unique.filter((s) => !keys.has(s));
    if (missing.length > 0) {
      const rows = missing.map((subject) => sql`(${subject}, ${randomBytes(KEY_BYTES)}::bytea)`);
      await sql`
        insert into personal_data_keys (subject, key)
        select m.subject, m.key from (values ${sql.join(rows)}) as m(subject, key)
        where not exists (select 1 from erased_subjects e where e.subject = m.subject)
        on conflict (subject) do nothing`.execute(this.#db);
      await this.#read(missing, keys);
    }
    return keys;
  }

  /**
   * Erases the subject for good: deletes the key, records the subject as erased (no key is made again) and tells
   * every process, in one transaction. Every value sealed with the key is unreadable from now on.
   */
  async erase(subject: string): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await sql`insert into erased_subjects (subject) values (${subject}) on conflict (subject) do nothing`.execute(trx);
      await trx.deleteFrom('personal_data_keys').where('subject', '=', subject).execute();
      await sql`select pg_notify(${ERASED_SUBJECTS_CHANNEL}, ${subject})`.execute(trx);
    });
    this.#forget(subject);
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#listening = 'no';
    this.#cache.clear();
    const stop = this.#stopListening;
    this.#stopListening = null;
    await stop?.();
  }

  #forget(subject: string): void {
    this.#erasures++;
    this.#cache.delete(subject);
  }

  /** Starts listening (once; again after the connection was lost). The cache is used only once it listens. */
  #ensureListening(): void {
    if (!this.#listen || this.#listening !== 'no' || this.#closed) return;
    this.#listening = 'starting';
    this.#listen(
      ERASED_SUBJECTS_CHANNEL,
      (subject) => this.#forget(subject),
      () => {
        // Erasures may go unheard from now on: nothing cached is trusted until listening again.
        this.#listening = 'no';
        this.#stopListening = null;
        this.#erasures++;
        this.#cache.clear();
      },
    ).then(
      async (stop) => {
        if (this.#closed) return stop();
        this.#stopListening = stop;
        if (this.#listening === 'starting') this.#listening = 'yes';
      },
      () => {
        this.#listening = 'no'; // tried again on the next read
      },
    );
  }

  async #read(subjects: string[], into: Map<string, PersonalDataKey>): Promise<void> {
    const rows: { subject: string; key: Uint8Array }[] = await this.#db
      .selectFrom('personal_data_keys')
      .select(['subject', 'key'])
      .where('subject', 'in', subjects)
      .execute();
    for (const row of rows) into.set(row.subject, toKey(row.key));
  }

  #remember(subject: string, key: PersonalDataKey, now: number): void {
    this.#cache.delete(subject);
    if (this.#cache.size >= CACHE_MAX_ENTRIES) {
      const oldest = this.#cache.keys().next();
      if (!oldest.done) this.#cache.delete(oldest.value);
    }
    this.#cache.set(subject, { key, expiresAt: now + CACHE_TTL_MS });
  }
}

function toKey(bytes: Uint8Array): PersonalDataKey {
  if (bytes.length !== KEY_BYTES) throw new Error('A personal-data key has the wrong length');
  const key = createSecretKey(Buffer.from(bytes));
  const id = createHmac('sha256', key).update('personal-data key id').digest().subarray(0, KEY_ID_BYTES);
  return { key, id };
}

type CompiledRule = { subject: (data: any) => string; fields: { path: string; segments: string[] }[] };

/**
 * An EventStore that encrypts the personal fields named by the policy on append and decrypts them on every read,
 * around any adapter. A field whose key was erased reads as null and is listed in `erasedFields`.
 */
export class PersonalDataEventStore implements EventStore {
  readonly #inner: EventStore;
  readonly #keys: PersonalDataKeys;
  readonly #rules: Map<string, CompiledRule>;

  /** The inner store's, sealing each part as `append` does; absent when the inner store cannot. */
  readonly appendTogether?: (appends: readonly StreamAppend[]) => Promise<AppendResult[]>;

  constructor(inner: EventStore, policy: PersonalDataPolicy, keys: PersonalDataKeys) {
    this.#inner = inner;
    const together = inner.appendTogether?.bind(inner);
    if (together) {
      // The keys are made before the transaction: embedded PGlite has one connection, which the transaction holds.
      this.appendTogether = async (appends) => together(await Promise.all(appends.map(async (part) => ({ ...part, events: await this.#seal(part.events) }))));
    }
    this.#keys = keys;
    this.#rules = new Map(
      Object.entries(policy).flatMap(([type, rule]) =>
        rule ? [[type, { subject: rule.subject, fields: rule.fields.map((path) => ({ path, segments: path.split('.') })) }]] : [],
      ),
    );
  }

  async append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    return this.#inner.append(streamId, await this.#seal(events), expectedRevision);
  }

  /** The events with their personal fields encrypted under their subjects' keys (made when missing). */
  async #seal(events: NewEvent[]): Promise<NewEvent[]> {
    const plans = events.map((event) => {
      const rule = this.#rules.get(event.type);
      const fields = rule?.fields.filter((f) => valueAt(event.data, f.segments) !== undefined) ?? [];
      return rule && fields.length > 0 ? { subject: subjectOf(rule, event), fields } : null;
    });
    const subjects = plans.flatMap((p) => (p ? [p.subject] : []));
    if (subjects.length === 0) return events;

    const keys = await this.#keys.keysToSeal(subjects);
    return events.map((event, i) => {
      const plan = plans[i];
      if (!plan) return event;
      const key = keys.get(plan.subject);
      // An erased subject: what arrived after the erasure is not stored (the field reads as null, as erased data does).
      const data = plan.fields.reduce(
        (d, f) => withValueAt(d, f.segments, key ? seal(valueAt(event.data, f.segments), plan.subject, key) : null),
        event.data,
      );
      return { ...event, data };
    });
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const events = await this.#inner.readStream(streamId, { after: options.after });
    return options.personalData === 'withhold' ? this.#withhold(events) : this.#reveal(events);
  }

  async readAll(from: Position, batch: number): Promise<ReadAllBatch> {
    const read = await this.#inner.readAll(from, batch);
    return { events: await this.#reveal(read.events), next: read.next };
  }

  onAppended(listener: () => void): () => void {
    return this.#inner.onAppended?.(listener) ?? (() => {});
  }

  subscribe(from: Position): Subscription {
    const inner = this.#inner.subscribe(from);
    const source = inner[Symbol.asyncIterator]();
    const store = this;
    let closing: Promise<void> | null = null;
    const closeInner = () => (closing ??= inner.close());
    async function* events(): AsyncGenerator<RecordedEvent> {
      let pending: Promise<IteratorResult<RecordedEvent>> | null = null;
      let ended = false;
      try {
        while (!ended) {
          const first: IteratorResult<RecordedEvent> = await (pending ?? source.next());
          pending = null;
          if (first.done) return;
          // The port hands events over one at a time: take those already waiting, so keys come in one query.
          const batch = [first.value];
          while (batch.length < SUBSCRIPTION_BATCH) {
            pending = source.next();
            const ready = await Promise.race([pending, nextTurn()]);
            if (ready === NOT_READY) break;
            pending = null;
            if (ready.done) {
              ended = true;
              break;
            }
            batch.push(ready.value);
          }
          yield* await store.#reveal(batch);
        }
      } finally {
        await closeInner();
      }
    }
    const iterator = events();
    return {
      [Symbol.asyncIterator]: () => iterator,
      close: async () => {
        await closeInner();
        await iterator.return(undefined);
      },
    };
  }

  headPosition(): Promise<Position> {
    return this.#inner.headPosition();
  }

  async close(): Promise<void> {
    await this.#keys.close();
    await this.#inner.close();
  }

  /** Erases a person: every personal field of theirs reads as null from now on (see PersonalDataKeys). */
  erase(subject: string): Promise<void> {
    return this.#keys.erase(subject);
  }

  /** Personal fields as null, nothing decrypted: erasure holds, since no key is read. */
  #withhold(events: RecordedEvent[]): RecordedEvent[] {
    return events.map((event) => {
      const rule = this.#rules.get(event.type);
      if (!rule) return event;
      const data = rule.fields.reduce((d, f) => (isEnvelope(valueAt(d, f.segments)) ? withValueAt(d, f.segments, null) : d), event.data);
      return data === event.data ? event : { ...event, data };
    });
  }

  async #reveal(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    const found = events.map((event) => {
      const rule = this.#rules.get(event.type);
      if (!rule) return [];
      return rule.fields.flatMap((f) => {
        const value = valueAt(event.data, f.segments);
        return isEnvelope(value) ? [{ ...f, envelope: value }] : [];
      });
    });
    const subjects = found.flatMap((fields) => fields.map((f) => f.envelope.$pd));
    if (subjects.length === 0) return events;

    const keys = await this.#keys.keysFor(subjects);
    return events.map((event, i) => {
      const fields = found[i]!;
      if (fields.length === 0) return event;
      const erasedFields: string[] = [];
      const personalSubjects: Record<string, string> = {};
      let data = event.data;
      for (const f of fields) {
        const opened = open(f.envelope, keys.get(f.envelope.$pd), () => new PersonalDataIntegrityError(event.streamId, event.id, f.path));
        if (opened === ERASED) erasedFields.push(f.path);
        personalSubjects[f.path] = f.envelope.$pd;
        data = withValueAt(data, f.segments, opened === ERASED ? null : opened.value);
      }
      return erasedFields.length > 0 ? { ...event, data, erasedFields, personalSubjects } : { ...event, data, personalSubjects };
    });
  }
}

const ERASED = Symbol('erased');
const NOT_READY = Symbol('not ready');

/** Resolves after the pending I/O callbacks, so whatever is already available arrives before it. */
function nextTurn(): Promise<typeof NOT_READY> {
  return new Promise((resolve) => setImmediate(() => resolve(NOT_READY)));
}

function subjectOf(rule: CompiledRule, event: NewEvent): string {
  const subject = rule.subject(event.data);
  if (typeof subject !== 'string' || subject === '') {
    throw new Error(`Event ${event.id} (${event.type}) has personal data but no subject to encrypt it for`);
  }
  return subject;
}

/** AES-256-GCM over the JSON of the value; the subject is authenticated so an envelope cannot be relabelled. */
function seal(value: unknown, subject: string, key: PersonalDataKey): PersonalDataEnvelope {
  const plain = JSON.stringify(value);
  if (plain === undefined) throw new Error('A personal field holds a value JSON cannot represent');
  const iv = Buffer.concat([key.id, randomBytes(NONCE_BYTES)]);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(subject, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return { $pd: subject, v: Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64') };
}

/**
 * The value, or ERASED when the subject has no key or a newer one (the IV names the key it was sealed with: a
 * subject that gets personal data again after erasure has a new key, and its older data stays erased).
 */
function open(
  envelope: PersonalDataEnvelope,
  key: PersonalDataKey | undefined,
  tampered: () => PersonalDataIntegrityError,
): { value: unknown } | typeof ERASED {
  const bytes = Buffer.from(envelope.v, 'base64');
  if (bytes.length < IV_BYTES + TAG_BYTES) throw tampered();
  if (!key || !key.id.equals(bytes.subarray(0, KEY_ID_BYTES))) return ERASED;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(envelope.$pd, 'utf8'));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
    return { value: JSON.parse(plain.toString('utf8')) };
  } catch {
    throw tampered();
  }
}

function isEnvelope(value: unknown): value is PersonalDataEnvelope {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return Object.keys(v).length === 2 && typeof v.$pd === 'string' && typeof v.v === 'string';
}

function valueAt(data: unknown, segments: readonly string[]): unknown {
  let node = data;
  for (const segment of segments) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/** A copy of `data` with the value at the path replaced (the caller's events are never changed). */
function withValueAt(data: unknown, segments: readonly string[], value: unknown): unknown {
  const [segment, ...rest] = segments;
  if (segment === undefined) return value;
  const node = data as Record<string, unknown>;
  const copy: Record<string, unknown> = Array.isArray(node) ? ([...node] as unknown as Record<string, unknown>) : { ...node };
  copy[segment] = withValueAt(node[segment], rest, value);
  return copy;
}
