import { sql } from 'kysely';
import { bidTemplateDecider } from '../../domain/bid-template/decider';
import { bidTemplateStream } from '../../domain/bid-template/events';
import { postDecider } from '../../domain/post/decider';
import { postStream } from '../../domain/post/events';
import type { LifecycleCommand, SystemActor } from '../../domain/post/lifecycle';
import type { Clock } from '../../infrastructure/clock';
import { CONTENDED_ATTEMPTS, handleCommand } from '../../infrastructure/command-handler';
import type { Database } from '../../infrastructure/database/database';
import type { EventStore } from '../../infrastructure/event-store/event-store';
import { derivedUuid, type Ids } from '../../infrastructure/ids';
import { readSettings } from '../../infrastructure/system-settings';
import { autoDeclareCommand } from './auto-declare';
import type { TransitionKind } from './scheduled-transitions';
import { dueTemplateExpiries, expireAutoBiddingCommand } from './template-expiry';

// The durable scheduler (DESIGN.md §4, docs/post-lifecycle.md "Scheduler"): every `intervalMs` it fires the due
// rows of `scheduled_transitions` as commands of actor `{ system: 'scheduler' }` (Auto-Declare as
// `{ system: 'auto-declare' }`). Each firing is claimed first in `scheduler_claims` (post, kind, due time), so with
// several API processes one fires it, and after a restart a fired row is not fired again; the deciders also refuse
// a second firing (wrong status, not due yet), so even a lost claim appends nothing twice.
// Besides the posts' transitions it expires the bid templates' auto-bidding (./template-expiry.ts): kind
// `expire_auto_bidding`, the template's id where a post's stands, due at the template's `expiry_on`.

/** What fires: a post's transition, or a template's expiry (its `post_id` is then the template's id). */
export type FiringKind = TransitionKind | 'expire_auto_bidding';
export type Firing = { post_id: string; kind: TransitionKind; due_at: Date } | { post_id: string; kind: 'expire_auto_bidding'; due_at: Date };


/** What the scheduler logs through: ids, kinds and error messages only (no personal data). */
export type SchedulerLog = { error(details: object, message: string): void };

export type TransitionSchedulerOptions = {
  db: Database;
  store: EventStore;
  ids: Ids;
  clock: Clock;
  log?: SchedulerLog;
  /** Pause between polls (default 1 s). */
  intervalMs?: number;
  /** Rows fired per poll at most. */
  batchSize?: number;
};

/** How long a claimed firing is left to the process that claimed it before another may retry it. */
const LEASE_MS = 60_000;
const MAX_BACKOFF_MS = 10 * 60_000;
/** Finished claims are kept this long: a row still due after a rebuild is not fired again within it. */
const KEEP_DONE_MS = 90 * 86_400_000;
/** Same due time: bidding ends before the review; Auto-Declare tries before the review period ends. */
const kindOrder: Record<FiringKind, number> = { end_bidding: 0, auto_declare: 1, end_review: 2, expire: 3, expire_auto_bidding: 4 };

export type FiringOutcome = 'fired' | 'refused' | 'nothing' | 'failed';

export class TransitionScheduler {
  readonly #db: Database;
  readonly #options: TransitionSchedulerOptions;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> | undefined;
  #stopped = true;

  constructor(options: TransitionSchedulerOptions) {
    this.#db = options.db;
    this.#options = options;
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    const loop = async () => {
      this.#running = this.tick().catch((error: unknown) => this.#log({ error: messageOf(error) }, 'scheduler poll failed'));
      await this.#running;
      if (!this.#stopped) this.#timer = setTimeout(loop, this.#options.intervalMs ?? 1000);
    };
    void loop();
  }

  /** Lets the firing in progress finish. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  /** One poll: fires every due row this process can claim; answers what each firing did (tests read it). */
  async tick(): Promise<{ post_id: string; kind: FiringKind; outcome: FiringOutcome }[]> {
    const now = this.#options.clock.now();
    const due = await this.#dueRows(now);
    const outcomes: { post_id: string; kind: FiringKind; outcome: FiringOutcome }[] = [];
    for (const row of due) {
      const attempts = await this.#claim(row, now);
      if (attempts === null) continue; // another process has it
      const outcome = await this.#fire(row);
      if (outcome === 'failed') await this.#retryLater(row, now, attempts);
      else await this.#finish(row);
      outcomes.push({ post_id: row.post_id, kind: row.kind, outcome });
    }
    await this.#db.deleteFrom('scheduler_claims').where('done', '=', true).where('due_at', '<', new Date(now.getTime() - KEEP_DONE_MS)).execute();
    return outcomes;
  }

  async #dueRows(now: Date): Promise<Firing[]> {
    const limit = this.#options.batchSize ?? 100;
    const transitions = await this.#db
      .selectFrom('scheduled_transitions as t')
      .leftJoin('scheduler_claims as c', (join) => join.onRef('c.post_id', '=', 't.post_id').onRef('c.kind', '=', 't.kind').onRef('c.due_at', '=', 't.due_at'))
      .select(['t.post_id', 't.kind', 't.due_at'])
      .where('t.due_at', '<=', now)
      .where((eb) => eb.or([eb('c.post_id', 'is', null), eb.and([eb('c.done', '=', false), eb('c.retry_at', '<=', now)])]))
      .orderBy('t.due_at')
      .limit(limit)
      .execute();
    const rows: Firing[] = [...transitions, ...(await dueTemplateExpiries(this.#db, now, limit))];
    return rows.sort((a, b) => a.due_at.getTime() - b.due_at.getTime() || kindOrder[a.kind] - kindOrder[b.kind]);
  }

  /** Takes the firing for this process (a lease); null when another process holds it or it is done. */
  async #claim(row: Firing, now: Date): Promise<number | null> {
    const lease = new Date(now.getTime() + LEASE_MS);
    const { rows } = await sql<{ attempts: number }>`
      insert into scheduler_claims (post_id, kind, due_at, attempts, retry_at, done)
      values (${row.post_id}, ${row.kind}, ${row.due_at}, 1, ${lease}, false)
      on conflict (post_id, kind, due_at) do update set attempts = scheduler_claims.attempts + 1, retry_at = excluded.retry_at
      where scheduler_claims.done = false and scheduler_claims.retry_at <= ${now}
      returning attempts`.execute(this.#db);
    return rows[0]?.attempts ?? null;
  }

  #finish(row: Firing) {
    return this.#claims(row).set({ done: true }).execute();
  }

  /** A failure (not a refusal) is tried again later, backing off: 2 s, 4 s, … up to 10 minutes. */
  #retryLater(row: Firing, now: Date, attempts: number) {
    const backoff = Math.min(1000 * 2 ** attempts, MAX_BACKOFF_MS);
    return this.#claims(row).set({ retry_at: new Date(now.getTime() + backoff) }).execute();
  }

  #claims(row: Firing) {
    return this.#db.updateTable('scheduler_claims').where('post_id', '=', row.post_id).where('kind', '=', row.kind).where('due_at', '=', row.due_at);
  }

  async #fire(row: Firing): Promise<FiringOutcome> {
    const { store, ids } = this.#options;
    const now = this.#options.clock.now();
    try {
      if (row.kind === 'expire_auto_bidding') {
        const result = await handleCommand({
          store,
          ids,
          streamId: bidTemplateStream(row.post_id),
          decider: bidTemplateDecider,
          command: expireAutoBiddingCommand(row.post_id, now),
          context: { userId: null, correlationId: firingId(row), causationId: null, now },
          eventId: (_event, index) => derivedUuid(firingId(row), String(index)),
        });
        return result.ok ? (result.eventCount > 0 ? 'fired' : 'nothing') : 'refused';
      }
      const command = await this.#commandFor(row, now);
      if (!command) return 'nothing';
      const result = await handleCommand({
        store,
        ids,
        streamId: postStream(row.post_id),
        decider: postDecider,
        command,
        context: { userId: null, correlationId: firingId(row), causationId: null, now },
        // Derived from the firing: the same firing never appends a second copy.
        eventId: (_event, index) => derivedUuid(firingId(row), String(index)),
        // The post may be taking a burst of bids right now: the transition must not lose to them.
        attempts: CONTENDED_ATTEMPTS,
      });
      // A refusal is final for this due time (not in that status any more, not due): the decider's rule.
      return result.ok ? (result.eventCount > 0 ? 'fired' : 'nothing') : 'refused';
    } catch (error) {
      this.#log({ post_id: row.post_id, kind: row.kind, error: messageOf(error) }, 'scheduled transition failed');
      return 'failed';
    }
  }

  async #commandFor(row: Extract<Firing, { kind: TransitionKind }>, now: Date): Promise<LifecycleCommand | null> {
    const metadata = (system: SystemActor['system']) => ({ actor: { system }, now: now.toISOString() });
    const post_id = row.post_id;
    switch (row.kind) {
      case 'end_bidding':
        return { type: 'EndBidding', data: { post_id }, metadata: metadata('scheduler') };
      case 'end_review': {
        const { processing_period_days } = await readSettings(this.#options.store);
        return { type: 'EndReviewPeriod', data: { post_id, processing_period_days }, metadata: metadata('scheduler') };
      }
      case 'expire':
        return { type: 'ExpirePost', data: { post_id }, metadata: metadata('scheduler') };
      case 'auto_declare': {
        const data = await autoDeclareCommand(this.#options.db, this.#options.store, post_id);
        return data && { type: 'AcceptBid', data, metadata: metadata('auto-declare') };
      }
    }
  }

  #log(details: object, message: string) {
    this.#options.log?.error(details, message);
  }
}

const firingId = (row: Firing) => derivedUuid('scheduled-transition', row.post_id, row.kind, row.due_at.toISOString());
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
