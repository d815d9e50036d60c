import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import { Batcher } from '../infrastructure/batcher';
import type { Database } from '../infrastructure/database/database';
import { lockOutMigrations } from '../infrastructure/database/migrate';
import { comparePositions, type EventStore, type Position, type ReadAllBatch, type RecordedEvent, START } from '../infrastructure/event-store/event-store';
import { type AnalyticsViewFailure, analyticsFailureError, createAnalyticsViews, dropAnalyticsViewsReading } from './analytics/analytics-views';
import { deepFreeze, LogTail } from './log-tail';
import type { Consumer } from './projection';
import { announceCheckpoint } from './projection-status';

const REPEAT_FAILURE_REPORT_MS = 60_000;
/** An idle loop steps again after this long even if the head watcher saw no new event (a safety net only). */
const IDLE_RECHECK_MS = 1000;
/**
 * How long a step trusts the builds it last read (a rebuild started or swapped in by another process is seen within
 * this). Its batches cannot go wrong meanwhile: each moves the checkpoint by compare-and-set, and a build that moved
 * or retired elsewhere makes the step 'busy', which reads the builds again.
 */
const BUILDS_FRESH_MS = 1000;
/**
 * Full batches of the log read for builds catching up, kept for the other builds at the same checkpoint: a rebuild of
 * every projection reads and decrypts each batch once, not once per projection (issue 27). The rebuild steps its
 * builds in turn through the same batch; a few entries cover builds a batch or two apart.
 */
const REPLAY_READS_KEPT = 3;

/*
 * ASYNC_COMMIT: a batch's transaction (and a skipped batch's checkpoint) commits without waiting for its WAL to reach
 * the disk (`synchronous_commit = off` for that transaction only). Read models are derived: if PostgreSQL crashes
 * within the last moments (up to three times `wal_writer_delay`, 0.6 s by default), it comes back as of an earlier
 * batch, read-model rows and checkpoint together, still atomic, and the runner applies those events again. The events
 * themselves, and everything else, still commit synchronously. Waiting for the disk at every batch made each of a
 * dozen consumers queue behind the log's own flushes (docs/performance-history.md "One read of the log per runner").
 */

/**
 * The pause after a building batch while live work runs, as a multiple of the batch's time (RunnerOptions.rebuildYield):
 * 1 leaves live work at least half of the time of the one batch at a time a runner's builds then take.
 */
export const REBUILD_YIELD = 1;

/** The sessions of `npm run projections:rebuild` name themselves so: a build's work, not live work to yield to. */
export const REBUILD_APPLICATION_NAME = 'projections rebuild';
/**
 * A worker's sessions (its runner's head polls and log reads, the scheduler, the outbox) name themselves so: background
 * work, not requests a rebuild yields to; else a rebuild beside an idle worker yielded as if under load.
 */
export const WORKER_APPLICATION_NAME = 'worker';

/**
 * How long `npm run projections:rebuild` holds the builds it drives (RunnerOptions.drivesBuilds) without renewing the
 * lease: the servers' runners leave them alone meanwhile, and finish them once a rebuild that died lets it run out.
 */
export const BUILD_LEASE_MS = 30_000;

/** A skipped batch's checkpoint move of one build: from where this runner saw it, to after the batch. */
type CheckpointMove = { schemaName: string; from: Position; to: Position };

type BuildRow = {
  schema_name: string;
  name: string;
  version: number;
  status: 'building' | 'live' | 'retired';
  checkpoint_commit: string;
  checkpoint_prepare: string;
  driven: boolean;
};

/** `driven`: another process (`npm run projections:rebuild`) holds the build's lease (BUILD_LEASE_MS). */
export type Build = { schemaName: string; name: string; version: number; status: BuildRow['status']; checkpoint: Position; driven: boolean };
/** The columns of a BuildRow, as every read of projection_builds here selects them. */
const BUILD_COLUMNS = sql.raw(`schema_name, name, version, status, checkpoint_commit::text, checkpoint_prepare::text, coalesce(driven_until > now(), false) as driven`);

/**
 * What one step did. 'waiting': the consumer has events to apply, but a read model it reads has not applied them yet
 * (`readsFrom`); it goes on once that one moves.
 */
export type StepOutcome = 'worked' | 'idle' | 'busy' | 'waiting';

/** Which of a consumer's builds a step advances: the live one, the one catching up (a rebuild), or both. */
type BuildsStepped = 'all' | 'live' | 'building';

export type RunnerOptions = {
  db: Database;
  store: EventStore;
  consumers: readonly Consumer[];
  batchSize?: number;
  /** Batch size while a build catches up (fewer round trips: docs/performance.md). */
  rebuildBatchSize?: number;
  /** How often the log's head is polled for new events (one query per runner, however many consumers). */
  idleMs?: number;
  /**
   * One loop over every consumer instead of a loop each: for embedded PGlite, whose one connection serialises every
   * query, so concurrent loops only queue behind each other (ten loops stepping at once starved the users projection
   * for seconds).
   */
  sequential?: boolean;
  /** Read-your-writes waits on these handles hear of each live checkpoint this runner commits (projection-status.ts). */
  announceTo?: readonly Database[];
  /**
   * Builds catching up yield to live work (issue 27): while another application's session is running a statement on
   * the database (not a projection batch, a rebuild process or a worker: REBUILD_APPLICATION_NAME,
   * WORKER_APPLICATION_NAME), this runner applies one building batch at a time, and after a batch that took t ms the
   * next waits `rebuildYield` × t. On a quiet database they run as fast as they can. 0 (the default) never yields:
   * tests and scripts that `catchUp` must not stop short.
   */
  rebuildYield?: number;
  /**
   * This runner is `npm run projections:rebuild`, which leases the builds it drives (`leaseBuilds`); every other
   * runner leaves a leased build to it. Two processes stepping the same build each read and decrypted every batch,
   * and one of them lost the batch's lock: a rebuild beside a worker took 40% longer than alone.
   */
  drivesBuilds?: boolean;
  /** A failed step of the loop; the same failure of a consumer again at most once a minute. */
  onError?: (error: unknown, consumer: string) => void;
};

/**
 * Runs projections and reactors: reads the global log from each build's checkpoint in batches and applies every
 * batch together with its new checkpoint in one transaction. Several processes may run the same runner: a
 * transaction-scoped advisory lock per build and a checkpoint check make each batch apply once.
 */
export class ProjectionRunner {
  readonly #db: Database;
  readonly #store: EventStore;
  readonly #consumers: readonly Consumer[];
  readonly #batchSize: number;
  readonly #rebuildBatchSize: number;
  readonly #idleMs: number;
  readonly #sequential: boolean;
  readonly #onError: (error: unknown, consumer: string) => void;
  readonly #announceTo: readonly Database[];
  readonly #rebuildYield: number;
  readonly #drivesBuilds: boolean;
  /** RunnerOptions.rebuildYield: live work seen after the last building batch, batches in flight, the next one's time. */
  readonly #rebuildTurns = { live: false, inFlight: 0, resumeAt: 0 };
  readonly #progress = new EventEmitter();
  readonly #tail: LogTail;
  /** Per consumer, its builds as last read or moved by this runner (BUILDS_FRESH_MS). */
  readonly #knownBuilds = new Map<string, { builds: Build[]; readAt: number }>();
  #running = false;
  #loops: Promise<void>[] = [];
  #wakeUps = new Set<() => void>();
  /** The log's head as the watcher last saw it, and how often it has moved (loops compare it around a round). */
  #head: Position | null = null;
  #headMoves = 0;
  #lastMoveAt = 0;
  #headWatch: NodeJS.Timeout | null = null;
  /** Full batches read for builds, by checkpoint and size, oldest first (REPLAY_READS_KEPT). */
  readonly #replayReads = new Map<string, Promise<ReadAllBatch>>();
  readonly #checkpointMoves = new Batcher<CheckpointMove, boolean>((moves) => this.#moveCheckpoints(moves), { concurrency: 1, maxItems: 100 });

  constructor(options: RunnerOptions) {
    this.#db = options.db;
    this.#store = options.store;
    this.#consumers = options.consumers;
    this.#batchSize = options.batchSize ?? 1000;
    this.#rebuildBatchSize = options.rebuildBatchSize ?? Math.max(this.#batchSize, 5000);
    this.#idleMs = options.idleMs ?? 50;
    this.#sequential = options.sequential ?? false;
    this.#onError = options.onError ?? (() => {});
    this.#announceTo = [options.db, ...(options.announceTo ?? [])];
    this.#rebuildYield = options.rebuildYield ?? 0;
    this.#drivesBuilds = options.drivesBuilds ?? false;
    this.#progress.setMaxListeners(0);
    // Room for the live consumers' batches between the slowest and the fastest of them.
    this.#tail = new LogTail(this.#store, 4 * this.#batchSize);
  }

  /** Starts one loop per consumer; `stop` lets the batch in flight finish. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#watchHead();
    // Builds catching up step in a loop of their own: a live batch then never waits behind a rebuild's batch of the
    // same projection (a deal activity's answer waited seconds for the deals projection during a rebuild).
    this.#loops = this.#sequential
      ? [this.#loop('all', ...this.#consumers)]
      : [...this.#consumers.map((consumer) => this.#loop('live', consumer)), this.#loop('building', ...this.#consumers)];
  }

  async stop(): Promise<void> {
    this.#running = false;
    if (this.#headWatch) clearTimeout(this.#headWatch);
    this.#headWatch = null;

    this.#wakeUps.forEach((wake) => wake());
    await Promise.all(this.#loops);
    this.#loops = [];
  }

    /** Processes until every consumer has caught up with the log as it is now (tests, scripts). */
  async catchUp(): Promise<void> {
    for (const consumer of this.#consumers) {
      while ((await this.step(consumer)) === 'worked') {
        // keep going
      }
    }
  }

  /**
   * Waits until every projection has a live build to read from: on a fresh database, or for a projection added
   * since the last start, the API would otherwise read tables that do not exist yet. Builds of a new version of an
   * existing projection are not waited for: the previous build keeps serving.
   */
  async untilLive(): Promise<void> {
    for (const consumer of this.#consumers) {
      if (consumer.kind !== 'projection') continue;
      while (!(await this.#builds(consumer.name)).some((b) => b.status === 'live')) {
        const outcome = await this.step(consumer);
        // What it reads is behind: move it along here when this runner has it, else another process does.
        const readFrom = outcome === 'waiting' ? this.#consumers.filter((c) => consumer.kind === 'projection' && consumer.readsFrom?.includes(c.name)) : [];
        for (const dependency of readFrom) await this.step(dependency);
        if (outcome === 'busy' || (outcome === 'waiting' && readFrom.length === 0)) await new Promise((r) => setTimeout(r, 200)); // another process builds it
      }
    }
  }

  /** Called after each batch this runner applies (the benchmark counts batches with it). */
  onProgress(listener: () => void): () => void {
    this.#progress.on('progress', listener);
    return () => this.#progress.off('progress', listener);
  }

  /**
   * Events were appended in this process (the API's commands): the loops look at once instead of at the next poll.
   * They read what is readable; an event behind an older open transaction comes with the poll that sees it.
   */
  nudge(): void {
    this.#headMoves += 1;
    this.#wakeUps.forEach((wake) => wake());
  }

  /**
   * Polls the log's head every `idleMs` and wakes the idle loops when it moved: one query per runner instead of a
   * round of queries per consumer (19 consumers polling every 25 ms spent a third of the API process's CPU on
   * writing their queries to PostgreSQL while it delivered chat messages; docs/messages.md "Performance").
   */
  #watchHead(): void {
    const poll = async () => {
      try {
        const head = await this.#store.headPosition();
        if (!this.#head || comparePositions(head, this.#head) !== 0) {
          this.#head = head;
          this.#headMoves += 1;
          this.#lastMoveAt = Date.now();
          this.#wakeUps.forEach((wake) => wake());
        } else if (Date.now() - this.#lastMoveAt >= IDLE_RECHECK_MS) {
          // A safety net: once a second the log tail looks at the log itself even if no move was seen, so an
          // event it could not see when it last looked (behind a transaction then open) waits a second at most.
          this.#headMoves += 1;
          this.#lastMoveAt = Date.now();
        }
      } catch {
        // The database is away: the loops' own steps fail and report it; poll again.
      }
      if (this.#running) this.#headWatch = setTimeout(() => void poll(), this.#idleMs);
    };
    void poll();
  }

  /** Steps its consumers in turn; when none had work, sleeps until the head moves (or a while, when blocked). */
  async #loop(which: BuildsStepped, ...consumers: Consumer[]): Promise<void> {
    // The last failure reported per consumer: while the database is away every step fails each second, and the
    // same message is reported again once a minute, not each time.
    const reported = new Map<string, { message: string; at: number }>();
    while (this.#running) {
      const headMoves = this.#headMoves;
      let outcome: StepOutcome = 'idle';
      for (const consumer of consumers) {
        try {
          const result = await this.step(consumer, which);
          reported.delete(consumer.name);
          if (result === 'worked' || ((result === 'busy' || result === 'waiting') && outcome === 'idle')) outcome = result;
        } catch (error) {
          const message = (error as Error).message;
          const last = reported.get(consumer.name);
          if (!last || last.message !== message || Date.now() - last.at >= REPEAT_FAILURE_REPORT_MS) {
            reported.set(consumer.name, { message, at: Date.now() });
            this.#onError(error, consumer.name);
          }
          if (outcome === 'idle') outcome = 'busy';
        }
      }
      // New events arrived while the round ran: it may have read the log before them.
      if (outcome === 'worked' || !this.#running || (outcome === 'idle' && this.#headMoves !== headMoves)) continue;
      await new Promise<void>((resolve) => {
        const readsFrom = new Set(outcome === 'waiting' ? consumers.flatMap((c) => c.readsFrom ?? []) : []);
        const onProgress = (name: string) => {
          if (readsFrom.has(name)) wake();
        };
        const wake = () => {
          clearTimeout(timer);
          this.#wakeUps.delete(wake);
          this.#progress.off('progress', onProgress);
          resolve();
        };
        // 'busy' (another process holds the batch) retries by time, 'waiting' (a read model it reads is behind) as
        // soon as this runner moves that one on (else by time: another process runs it); all go on at new events.
        const timer = setTimeout(wake, outcome === 'busy' ? 1000 : outcome === 'waiting' ? this.#idleMs : IDLE_RECHECK_MS);
        this.#wakeUps.add(wake);
        if (readsFrom.size > 0) this.#progress.on('progress', onProgress);
      });
    }
  }

  /**
   * One unit of work for a consumer: make sure its build exists, apply one batch to each of its active builds,
   * and swap a rebuilt projection in once it has caught up.
   */
  async step(consumer: Consumer, which: BuildsStepped = 'all'): Promise<StepOutcome> {
    const builds = (await this.#activeBuilds(consumer)).filter((build) => which === 'all' || (which === 'live') === (build.status === 'live'));
    let outcome: StepOutcome = 'idle';
    try {
      for (const build of builds) {
        // `npm run projections:rebuild` drives it: it goes on there (RunnerOptions.drivesBuilds).
        if (build.status === 'building' && build.driven && !this.#drivesBuilds) {
          if (outcome === 'idle') outcome = 'busy';
          continue;
        }
        // Not its turn (rebuildYield): the live build goes on, this one waits like a consumer whose sources are behind.
        if (build.status === 'building' && !this.#takeRebuildTurn()) {
          if (outcome === 'idle') outcome = 'waiting';
          continue;
        }
        const started = Date.now();
        const result = await this.#applyBatch(consumer, build).finally(() => (build.status === 'building' ? this.#endRebuildTurn(Date.now() - started) : undefined));
        if (result === 'caught-up' && build.status === 'building') await this.#swapIn(consumer, build);
        if (result === 'worked') outcome = 'worked';
        if ((result === 'busy' || result === 'waiting') && outcome === 'idle') outcome = result;
        if (result === 'busy') this.#knownBuilds.delete(consumer.name);
      }
    } catch (error) {
      this.#knownBuilds.delete(consumer.name);
      throw error;
    }
    return outcome;
  }

  /** Whether a building batch may start now (RunnerOptions.rebuildYield); if so, it is counted in flight. */
  #takeRebuildTurn(): boolean {
    const turns = this.#rebuildTurns;
    if (this.#rebuildYield > 0 && turns.live && (turns.inFlight > 0 || Date.now() < turns.resumeAt)) return false;
    turns.inFlight += 1;
    return true;
  }

  /** A building batch took `elapsedMs`: look for live work, and while there is some, pause in proportion. */
  async #endRebuildTurn(elapsedMs: number): Promise<void> {
    const turns = this.#rebuildTurns;
    try {
      if (this.#rebuildYield > 0) {
        turns.live = await this.#liveWork();
        turns.resumeAt = Date.now() + (turns.live ? this.#rebuildYield * elapsedMs : 0);
      }
    } finally {
      turns.inFlight -= 1;
    }
  }

  /**
   * Whether another application's session is running a statement on this database right now: the API's reads and
   * commands, not a worker's background work nor a projection batch. A sample, taken after each building batch: under
   * steady traffic most show it.
   */
  async #liveWork(): Promise<boolean> {
    try {
      const { rows } = await sql<{ live: boolean }>`
        select exists (
          select from pg_stat_activity
          where datname = current_database() and backend_type = 'client backend' and state = 'active' and pid <> pg_backend_pid()
            and application_name not in ('projection batch', ${REBUILD_APPLICATION_NAME}, ${WORKER_APPLICATION_NAME})
            -- nor this runner's own sessions (its pool's name): the next batch read ahead is not live work
            and application_name <> current_setting('application_name')
        ) as live`.execute(this.#db);
      return rows[0]?.live ?? false;
    } catch {
      return false; // no activity view (embedded PGlite has one session anyway): nothing to yield to
    }
  }

  /** The builds this code version should advance: the live one if it is of this version, and a rebuild. */
  async #activeBuilds(consumer: Consumer): Promise<Build[]> {
    const known = this.#knownBuilds.get(consumer.name);
    if (known && Date.now() - known.readAt < BUILDS_FRESH_MS) return known.builds;
    let rows = await this.#builds(consumer.name);
    const live = rows.find((r) => r.status === 'live');
    const building = rows.find((r) => r.status === 'building');
    if (building && building.version < consumer.version) {
      await this.#retire(building);
      rows = rows.filter((r) => r !== building);
    }
    const needsBuild = !rows.some((r) => r.status === 'building') && (!live || live.version < consumer.version);
    if (needsBuild) {
      await this.createBuild(consumer);
      rows = await this.#builds(consumer.name);
    }
    const builds = rows.filter((r) => r.version === consumer.version && r.status !== 'retired');
    this.#knownBuilds.set(consumer.name, { builds, readAt: Date.now() });
    return builds;
  }

  /** This runner moved `build` to `checkpoint`: waiters on a live build hear of it, the next step starts there. */
  #moved(consumer: Consumer, build: Build, checkpoint: Position): void {
    if (build.status === 'live') for (const db of this.#announceTo) announceCheckpoint(db, consumer.name, checkpoint);
    const known = this.#knownBuilds.get(consumer.name);
    if (known) known.builds = known.builds.map((b) => (b.schemaName === build.schemaName ? { ...b, checkpoint } : b));
  }

  async #builds(name: string): Promise<Build[]> {
    const { rows } = await sql<BuildRow>`
      select ${BUILD_COLUMNS} from projection_builds where name = ${name} and status <> 'retired'`.execute(this.#db);
    return rows.map(toBuild);
  }

  /**
   * Starts a build from position 0 in a fresh schema. Used when a consumer is new or its version changed, and by
   * `npm run projections:rebuild`. If another process started one at the same moment, theirs is kept.
   */
  async createBuild(consumer: Consumer): Promise<void> {
    this.#knownBuilds.delete(consumer.name);
    const schemaName = `proj_${consumer.name.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_v${consumer.version}_${randomBytes(3).toString('hex')}`;
    try {
      await this.#db.transaction().execute(async (trx) => {
        if (consumer.kind === 'projection') {
          await sql`create schema ${sql.id(schemaName)}`.execute(trx);
          await sql`select set_config('search_path', ${`"${schemaName}", public`}, true)`.execute(trx);
          await consumer.createTables(trx);
        }
        await sql`
          insert into projection_builds (schema_name, name, version, status)
          values (${schemaName}, ${consumer.name}, ${consumer.version}, 'building')`.execute(trx);
      });
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error; // another process created the build
    }
  }

  /** Holds (or renews) the lease of the consumers' builds catching up for BUILD_LEASE_MS (RunnerOptions.drivesBuilds). */
  async leaseBuilds(consumers: readonly Consumer[]): Promise<void> {
    // A runner that leased builds without driving them would leave them to itself, and no one would step them.
    if (!this.#drivesBuilds) throw new Error('leaseBuilds needs a runner made with drivesBuilds');
    if (consumers.length === 0) return;
    await sql`
      update projection_builds set driven_until = now() + ${`${BUILD_LEASE_MS} milliseconds`}::interval
      where status = 'building' and name in (${sql.join(consumers.map((c) => c.name))})`.execute(this.#db);
  }

  async #applyBatch(consumer: Consumer, build: Build): Promise<'worked' | 'caught-up' | 'busy' | 'waiting'> {
    // A build catching up takes larger batches; a live one stays small so a batch commits soon after its events.
    const batchSize = build.status === 'building' ? this.#rebuildBatchSize : this.#batchSize;
    // A build replays from the store, each batch read once for the builds at its checkpoint (#replayRead); the live
    // builds share the tail, which without the head watcher (catchUp, untilLive) looks at the log on every read.
    const read =
      build.status === 'building'
        ? await this.#replayRead(build.checkpoint, batchSize)
        : await this.#tail.read(build.checkpoint, batchSize, this.#running ? this.#headMoves : null);
    if (read.events.length === 0) return 'caught-up';
    const eventTypes = consumer.eventTypes;
    if (eventTypes && !read.events.some((e) => eventTypes.has(e.type))) return this.#skipBatch(consumer, build, read.next, read.events.length, batchSize);
    // Only what the read models it reads have applied: else a mail would miss an address the users projection is
    // about to add, and a rebuild (which runs them in order) would come out different.
    const readable = await this.#readableUpTo(consumer);
    const events = readable ? read.events.slice(0, this.#readableCount(consumer, read.events, readable)) : read.events;
    if (events.length === 0) return 'waiting';
    const next = events.length === read.events.length ? read.next : events.at(-1)!.position;
    // A reactor appends through the event store, which on embedded PGlite shares the one connection: it reacts
    // before the checkpoint transaction. Its commands are idempotent, so a batch reacted to twice does no harm.
    if (consumer.kind === 'reactor') await consumer.react(events, { store: this.#store, db: this.#db });
    const applied = await this.#db.transaction().execute(async (trx) => {
      // One statement before the handler: the build's lock (one process applies a batch at a time), the transaction's
      // name (it appends no event, so the log's readers need not wait for it: events_horizon() in the migrations), the
      // projection's schema, an asynchronous commit (ASYNC_COMMIT), and the checkpoint moved by compare-and-set. An
      // update checks the row as last committed, so a batch another process committed first leaves nothing to move.
      const { rows } = await sql`
        with settings as (
          select pg_try_advisory_xact_lock(hashtextextended(${build.schemaName}, 0)) as locked,
            set_config('application_name', 'projection batch', true),
            set_config('search_path', ${`"${build.schemaName}", public`}, true),
            set_config('synchronous_commit', 'off', true)
        )
        update projection_builds b
        set checkpoint_commit = ${next.commit.toString()}, checkpoint_prepare = ${next.prepare.toString()}, updated_at = now()
        from settings
        where settings.locked and b.schema_name = ${build.schemaName} and b.status <> 'retired'
          and b.checkpoint_commit = ${build.checkpoint.commit.toString()} and b.checkpoint_prepare = ${build.checkpoint.prepare.toString()}
        returning b.schema_name`.execute(trx);
      if (rows.length === 0) return false;
      if (consumer.kind === 'projection') await consumer.handle(events, trx);
      return true;
    });
    if (!applied) return 'busy';
    this.#moved(consumer, build, next);
    this.#progress.emit('progress', consumer.name);
    if (events.length < read.events.length) return 'worked';
    return events.length < batchSize ? 'caught-up' : 'worked';
  }

  /**
   * A build's batch from the store, shared with the other builds at the same checkpoint (REPLAY_READS_KEPT), and the
   * batch after it read ahead while this one is applied. Only a full batch is kept: a short one ends at the log's
   * head, which moves. Shared events are frozen, as the log tail's are. Personal data: the same as the tail's
   * (log-tail.ts): a batch is held for a round of the builds, and an erasure's UserDeleted comes after it in the log.
   */
  #replayRead(from: Position, batchSize: number, readAhead = true): Promise<ReadAllBatch> {
    const key = `${from.commit}/${from.prepare}/${batchSize}`;
    const kept = this.#replayReads.get(key);
    if (kept) return kept;
    const read = this.#store.readAll(from, batchSize).then((batch) => {
      if (batch.events.length < batchSize) {
        this.#replayReads.delete(key);
        return batch;
      }
      for (const event of batch.events) deepFreeze(event);
      // Read ahead: the handlers' statements run in PostgreSQL meanwhile, while the next batch is read and decrypted.
      if (readAhead) void this.#replayRead(batch.next, batchSize, false).catch(() => {});
      return batch;
    });
    this.#replayReads.set(key, read);
    read.catch(() => this.#replayReads.delete(key));
    while (this.#replayReads.size > REPLAY_READS_KEPT) this.#replayReads.delete(this.#replayReads.keys().next().value!);
    return read;
  }

  /**
   * A batch with no event the consumer acts on only moves its checkpoint: one compare-and-set (in a statement shared
   * with other consumers' moves) instead of a batch transaction (lock and compare-and-set, handler, commit), and no
   * wait for the read models it reads. Most batches are like this for most consumers: each new bid or message used
   * to cost every consumer a transaction of six statements at once, which was most of a chat message's delivery time
   * (docs/messages.md "Performance").
   */
  async #skipBatch(consumer: Consumer, build: Build, next: Position, read: number, batchSize: number): Promise<'worked' | 'caught-up' | 'busy'> {
    const moved = await this.#checkpointMoves.submit({ schemaName: build.schemaName, from: build.checkpoint, to: next });
    if (!moved) return 'busy'; // another process moved it (or retired the build) since we read it
    this.#moved(consumer, build, next);
    this.#progress.emit('progress', consumer.name);
    return read < batchSize ? 'caught-up' : 'worked';
  }

  /**
   * Skipped batches' checkpoint moves, each a compare-and-set, in one statement: the loops wake together when the log
   * moves, and most of them skip (docs/performance-history.md "Skipped batches' checkpoints in one statement"). Answers
   * whether each one moved.
   */
  async #moveCheckpoints(moves: readonly CheckpointMove[]): Promise<boolean[]> {
    const { rows } = await sql<{ schema_name: string }>`
      update projection_builds b
      set checkpoint_commit = m.to_commit, checkpoint_prepare = m.to_prepare, updated_at = now()
      -- ASYNC_COMMIT, and named like a batch: it appends no event, so the log's readers need not wait for it.
      from (select set_config('synchronous_commit', 'off', true), set_config('application_name', 'projection batch', true)) as settings,
        unnest(${moves.map((m) => m.schemaName)}::text[],
          ${moves.map((m) => m.from.commit.toString())}::numeric[], ${moves.map((m) => m.from.prepare.toString())}::numeric[],
          ${moves.map((m) => m.to.commit.toString())}::numeric[], ${moves.map((m) => m.to.prepare.toString())}::numeric[])
          as m(schema_name, from_commit, from_prepare, to_commit, to_prepare)
      where b.schema_name = m.schema_name and b.status <> 'retired'
        and b.checkpoint_commit = m.from_commit and b.checkpoint_prepare = m.from_prepare
      returning b.schema_name`.execute(this.#db);
    const movedSchemas = new Set(rows.map((row) => row.schema_name));
    return moves.map((move) => movedSchemas.has(move.schemaName));
  }

  /**
   * How many of `events` (in log order) `consumer` may apply: those up to `readable`, the oldest checkpoint of the
   * read models it reads, and after it those before the first event one of them acts on. The read models are then as
   * they would be after those events, so a chat message need not wait for the users projection to step past it.
   * Read models whose `eventTypes` this runner does not know hold it at `readable`.
   */
  #readableCount(consumer: Consumer, events: readonly RecordedEvent[], readable: Position): number {
    if (comparePositions(readable, START) === 0) return 0; // one of them has no live build yet: no tables to read
    const names = consumer.readsFrom ?? [];
    const read = names.map((name) => this.#consumers.find((c) => c.name === name)?.eventTypes);
    const actedOn = (type: string) => read.some((types) => !types || types.has(type));
    let count = 0;
    while (count < events.length && (comparePositions(events[count]!.position, readable) <= 0 || !actedOn(events[count]!.type))) count += 1;
    return count;
  }

  /** The oldest live checkpoint among the read models `consumer` reads (START while one has no live build yet). */
  async #readableUpTo(consumer: Consumer): Promise<Position | null> {
    const names = consumer.readsFrom ?? [];
    if (names.length === 0) return null;
    const { rows } = await sql<{ checkpoint_commit: string; checkpoint_prepare: string }>`
      select checkpoint_commit::text, checkpoint_prepare::text from projection_builds
      where status = 'live' and name in (${sql.join(names)})`.execute(this.#db);
    if (rows.length < names.length) return START;
    return rows
      .map((r) => ({ commit: BigInt(r.checkpoint_commit), prepare: BigInt(r.checkpoint_prepare) }))
      .reduce((oldest, position) => (comparePositions(position, oldest) < 0 ? position : oldest));
  }

  /**
   * A rebuilt projection has caught up: point the views (and the analysts' views over them) at it and drop the build
   * it replaces, atomically.
   */
  async #swapIn(consumer: Consumer, build: Build): Promise<void> {
    this.#knownBuilds.delete(consumer.name);
    // A caught-up build needs no more of the replay's batches; a worker would otherwise hold the last ones for good.
    this.#replayReads.clear();
    const swapped = await this.#db.transaction().execute(async (trx) => {
      const { rows: lock } = await sql<{ locked: boolean }>`
        select pg_try_advisory_xact_lock(hashtextextended(${build.schemaName}, 0)) as locked`.execute(trx);
      if (!lock[0]?.locked) return null;
      await lockOutMigrations(trx);
      const { rows } = await sql<BuildRow>`
        select ${BUILD_COLUMNS} from projection_builds where name = ${consumer.name} and status in ('live', 'building') for update`.execute(trx);
      const building = rows.find((r) => r.schema_name === build.schemaName && r.status === 'building');
      if (!building) return null;
      const previous = rows.find((r) => r.status === 'live');
      let analyticsFailures: AnalyticsViewFailure[] = [];
      if (consumer.kind === 'projection') {
        // The analysts' views over these tables would block their drop: they go first and come back over the new
        // build in this transaction (docs/analytics.md).
        await dropAnalyticsViewsReading(trx, consumer.tables);
        for (const table of consumer.tables) {
          await sql`drop view if exists ${sql.id('public', table)}`.execute(trx);
          await sql`create view ${sql.id('public', table)} as select * from ${sql.id(build.schemaName, table)}`.execute(trx);
        }
        analyticsFailures = await createAnalyticsViews(trx);
      }
      if (previous) {
        await sql`update projection_builds set status = 'retired', updated_at = now() where schema_name = ${previous.schema_name}`.execute(trx);
        await sql`drop schema if exists ${sql.id(previous.schema_name)} cascade`.execute(trx);
      }
      await sql`update projection_builds set status = 'live', updated_at = now() where schema_name = ${build.schemaName}`.execute(trx);
      return { build: toBuild({ ...building, status: 'live' }), analyticsFailures };
    });
    if (swapped) this.#moved(consumer, swapped.build, swapped.build.checkpoint);
    // The swap stands without them: the read model serves the product; the report says which views analysts miss.
    if (swapped && swapped.analyticsFailures.length > 0) this.#onError(analyticsFailureError(swapped.analyticsFailures), consumer.name);
    this.#progress.emit('progress');
  }

  async #retire(build: Build): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await lockOutMigrations(trx);
      await sql`update projection_builds set status = 'retired', updated_at = now() where schema_name = ${build.schemaName}`.execute(trx);
      await sql`drop schema if exists ${sql.id(build.schemaName)} cascade`.execute(trx);
    });
  }
}

function toBuild(row: BuildRow): Build {
  return {
    schemaName: row.schema_name,
    name: row.name,
    version: row.version,
    status: row.status,
    checkpoint: { commit: BigInt(row.checkpoint_commit), prepare: BigInt(row.checkpoint_prepare) },
    driven: row.driven,
  };
}
