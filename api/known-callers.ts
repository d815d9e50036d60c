import { CALLERS_CHANNEL } from '../infrastructure/callers-channel';
import type { DatabaseHandle } from '../infrastructure/database/database';

// The callers kept between requests (docs/architecture.md "Known callers"). Every authenticated request read its
// caller's row, one round trip of a bid's three. The users projection NOTIFYs `users_changed` with the ids each
// batch touched, and ending a session NOTIFYs its user, delivered when they commit; this process then forgets them.
// Rows are kept only while the listening connection stands: without it a change could go unheard, so every request
// reads again. Within this process a change counts from the first request after a read-your-writes wait for it
// (`forgetAll`), or after it ended a session (`forget`).

export type KnownCallersOptions = {
  listen: DatabaseHandle['listen'];
  /** Rows kept at most (the oldest go first). */
  maxRows?: number;
  /**
   * How long a row is kept at most. A rebuilt users projection swaps in without a notification per user, so a row
   * read before the swap is read again after this long at the latest.
   */
  maxAgeMs?: number;
  /** How long to wait before listening again after a failure. */
  retryMs?: number;
  now?: () => number;
};

type Kept<Row> = { row: Row; at: number };

/** `Row`: what is kept of a caller (api/authentication.ts: the users row and the ended sessions). */
export class KnownCallers<Row> {
  readonly #options: Required<KnownCallersOptions>;
  readonly #rows = new Map<string, Kept<Row>>();
  #listening: 'no' | 'starting' | 'yes' = 'no';
  #stop: (() => Promise<void>) | null = null;
  #nextAttemptAt = 0;
  #closed = false;
  /** Counts the notifications heard: a row read while one arrived may predate it, and is not kept. */
  #heard = 0;

  constructor(options: KnownCallersOptions) {
    this.#options = { maxRows: 10_000, maxAgeMs: 60_000, retryMs: 5_000, now: Date.now, ...options };
  }

  /** The caller's row, kept or read by `read` (undefined: no such user). */
  async row(userId: string, read: (userId: string) => Promise<Row | undefined>): Promise<Row | undefined> {
    this.#ensureListening();
    const now = this.#options.now();
    const kept = this.#rows.get(userId);
    if (kept && this.#listening === 'yes' && now - kept.at < this.#options.maxAgeMs) return kept.row;
    // Kept only if listening both before and after the read, with nothing heard meanwhile.
    const trusted = this.#listening === 'yes';
    const heardBefore = this.#heard;
    const row = await read(userId);
    if (row && trusted && this.#listening === 'yes' && this.#heard === heardBefore) this.#keep(userId, { row, at: now });
    return row;
  }

  /** Rows kept now (tests read it). */
  get size(): number {
    return this.#rows.size;
  }

  /**
   * Reads every row afresh from now on. A notification arrives a moment after its change commits; a request here
   * that waited for the users read model to apply a change (read-your-writes) calls this, so the next request in
   * this process sees the change whatever the notification's timing.
   */
  forgetAll(): void {
    this.#heard += 1;
    this.#rows.clear();
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#listening = 'no';
    this.forgetAll();
    const stop = this.#stop;
    this.#stop = null;
    await stop?.();
  }

  /** Reads this caller afresh from now on (this process ended the user's session: the notification comes later). */
  forget(userId: string): void {
    this.#heard += 1;
    this.#rows.delete(userId);
  }

  #keep(userId: string, kept: Kept<Row>): void {
    this.#rows.delete(userId);
    if (this.#rows.size >= this.#options.maxRows) this.#rows.delete(this.#rows.keys().next().value!);
    this.#rows.set(userId, kept);
  }

  /** Starts listening when not (yet, or any more) listening; requests meanwhile read every row. */
  #ensureListening(): void {
    if (this.#listening !== 'no' || this.#closed || this.#options.now() < this.#nextAttemptAt) return;
    this.#listening = 'starting';
    this.#options
      .listen(
        CALLERS_CHANNEL,
        (payload) => {
          this.#heard += 1;
          this.#rows.delete(payload);
        },
        () => this.#lost(),
      )
      .then(
        (stop) => {
          if (this.#closed) return void stop();
          this.#stop = stop;
          this.#listening = 'yes';
        },
        () => {
          this.#listening = 'no';
          this.#nextAttemptAt = this.#options.now() + this.#options.retryMs;
        },
      );
  }

  /** The listening connection went: what changes meanwhile goes unheard, so nothing kept is trusted any more. */
  #lost(): void {
    this.#listening = 'no';
    this.#stop = null;
    this.forgetAll();
  }
}
