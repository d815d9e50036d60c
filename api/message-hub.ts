import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Database, DatabaseHandle } from '../infrastructure/database/database';
import { CHAT_CHANNEL, type ChatNotification } from '../projections/messages/messages';

// Live message delivery (docs/messages.md "Live delivery"). The messages projection NOTIFYs `chat_messages` in its
// batch's transaction (delivered on commit, ids only); each API process holds ONE listening connection and fans
// each notification out to the open server-sent-event streams of the conversation's two parties and of admins.
// Streams get a heartbeat comment every `heartbeatMs` (proxies keep them open, dead sockets are found), and end
// after `maxStreamMs` so the client reconnects with a current access token. The hub also keeps `message_presence`
// (who has a stream open), which the projection reads for the away e-mail.

type Stream = { userId: string; admin: boolean; response: ServerResponse; ends: NodeJS.Timeout };

export type MessageHubOptions = {
  db: Database;
  listen: DatabaseHandle['listen'];
  log: FastifyBaseLogger;
  heartbeatMs?: number;
  maxStreamMs?: number;
};

export class MessageHub {
  readonly #options: Required<Omit<MessageHubOptions, 'log'>> & { log: FastifyBaseLogger };
  readonly #byUser = new Map<string, Set<Stream>>();
  readonly #admins = new Set<Stream>();
  #listening: Promise<() => Promise<void>> | null = null;
  #heartbeat: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(options: MessageHubOptions) {
    this.#options = { heartbeatMs: 25_000, maxStreamMs: 15 * 60_000, ...options };
  }

  /** Open streams (the bench and tests read it). */
  get streamCount(): number {
    let n = 0;
    for (const set of this.#byUser.values()) n += set.size;
    return n;
  }

  /** Starts listening on the first stream (and again after a lost connection); a failure to listen is the caller's 503. */
  async #ensureListening(): Promise<void> {
    this.#listening ??= this.#options.listen(
      CHAT_CHANNEL,
      (payload) => this.#deliver(payload),
      () => this.#lostListening(),
    );
    try {
      await this.#listening;
    } catch (error) {
      this.#listening = null;
      throw error;
    }
    this.#heartbeat ??= setInterval(() => void this.#beat(), this.#options.heartbeatMs);
    this.#heartbeat.unref();
  }

  /**
   * The listening connection went (the database stopped): notifications sent from now on would be missed, so every
   * stream ends. Clients reconnect (`retry`), which listens again once the database is back (a 503 until then), and
   * fetch what changed meanwhile (web/lib/live-messages.ts).
   */
  #lostListening(): void {
    this.#options.log.warn('live message listening connection lost; open streams end');
    this.#listening = null;
    for (const set of [...this.#byUser.values()]) for (const stream of [...set]) stream.response.end();
  }

  /** Takes over `response` as an event stream for `userId`; it ends when the client goes, the hub closes or it expires. */
  async open(userId: string, admin: boolean, response: ServerResponse): Promise<void> {
    if (this.#closed) throw new Error('The message hub is closed');
    await this.#ensureListening();
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    // `retry`: how long a browser's EventSource waits before reconnecting (our fetch client does the same).
    response.write('retry: 3000\n: connected\n\n');
    const stream: Stream = {
      userId,
      admin,
      response,
      ends: setTimeout(() => response.end(), this.#options.maxStreamMs),
    };
    stream.ends.unref();
    let set = this.#byUser.get(userId);
    if (!set) this.#byUser.set(userId, (set = new Set()));
    set.add(stream);
    if (admin) this.#admins.add(stream);
    response.on('close', () => this.#remove(stream));
    await this.#markPresent([userId]);
    response.write('event: ready\ndata: {}\n\n');
  }

  #remove(stream: Stream): void {
    clearTimeout(stream.ends);
    this.#admins.delete(stream);
    const set = this.#byUser.get(stream.userId);
    if (!set) return;
    set.delete(stream);
    if (set.size === 0) {
      this.#byUser.delete(stream.userId);
      // The last stream of the user closed: away from now on (for the away e-mail).
      if (!this.#closed) void this.#markAway([stream.userId]);
    }
  }

  #deliver(payload: string): void {
    let note: ChatNotification;
    try {
      note = JSON.parse(payload) as ChatNotification; // written by projections/messages/messages.ts
    } catch {
      this.#options.log.warn('unreadable chat notification');
      return;
    }
    const data = `event: ${note.kind}\ndata: ${JSON.stringify({ kind: note.kind, conversation_id: note.conversation_id, post_id: note.post_id, seq: note.seq })}\n\n`;
    const targets = new Set<Stream>(this.#admins);
    for (const userId of [note.customer_id, note.provider_id]) for (const stream of this.#byUser.get(userId) ?? []) targets.add(stream);
    for (const stream of targets) stream.response.write(data);
  }

  async #beat(): Promise<void> {
    for (const set of this.#byUser.values()) for (const stream of set) stream.response.write(': heartbeat\n\n');
    await this.#markPresent([...this.#byUser.keys()]);
  }

  /**
   * Presence writes run one after the other: a closing stream's "away" must not land after the "present" of the same
   * user's next stream (a reload, a second tab), or the user would get away e-mails while reading.
   */
  #presenceWrites: Promise<void> = Promise.resolve();
  #inTurn(write: () => Promise<void>): Promise<void> {
    this.#presenceWrites = this.#presenceWrites.then(write, write);
    return this.#presenceWrites;
  }

  #markPresent(userIds: string[]): Promise<void> {
    return this.#inTurn(() => this.#writePresent(userIds));
  }

  #markAway(userIds: string[]): Promise<void> {
    // Decided in turn: a stream opened meanwhile keeps the user present.
    return this.#inTurn(() => this.#writeAway(userIds.filter((userId) => !this.#byUser.has(userId))));
  }

  async #writePresent(userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    try {
      await sql`
        insert into message_presence (user_id, seen_at)
        select u, now() from unnest(${userIds}::uuid[]) as u
        on conflict (user_id) do update set seen_at = excluded.seen_at`.execute(this.#options.db);
    } catch (error) {
      this.#options.log.warn({ err: { message: (error as Error).message } }, 'message presence not recorded');
    }
  }

  async #writeAway(userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    try {
      await sql`delete from message_presence where user_id = any(${userIds}::uuid[])`.execute(this.#options.db);
    } catch (error) {
      this.#options.log.warn({ err: { message: (error as Error).message } }, 'message presence not cleared');
    }
  }

  /** Graceful shutdown: ends every stream (so the server can close), stops listening, clears presence. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    const users = [...this.#byUser.keys()];
    for (const set of this.#byUser.values()) for (const stream of set) stream.response.end();
    this.#byUser.clear();
    this.#admins.clear();
    await this.#markAway(users);
    const listening = this.#listening;
    this.#listening = null;
    if (listening) await (await listening.catch(() => async () => {}))();
  }
}
