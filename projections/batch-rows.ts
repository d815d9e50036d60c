import { sql } from 'kysely';
import type { Database } from '../infrastructure/database/database';
import type { RecordedEvent } from '../infrastructure/event-store/event-store';

type Row = Record<string, unknown>;

export type BatchRowsOptions<R extends Row> = {
  table: string;
  /** The primary key column (one column). */
  key: keyof R & string;
  /** The key's SQL type, for `= any($1::type[])`. */
  keyType: 'uuid' | 'text';
  /** A column the rows are often looked up by (a deal's activities): `inGroup` finds them without a scan. */
  group?: keyof R & string;
  /**
   * date columns: held as 'YYYY-MM-DD' text, as events carry days (pg and PGlite read a date as a Date at midnight,
   * local or UTC, and `flush` would write a Date as its UTC day).
   */
  dates?: readonly (keyof R & string)[];
};

/**
 * The rows of one table that a batch of events touches, held in memory while the batch is applied and written back
 * at its end in one upsert (issue 27, set-based handlers): a handler loads the rows its events name in one query,
 * folds the events into them in memory, and `flush` writes the changed ones, instead of a statement or two per event.
 * Statement triggers on the table (row counts) see the whole batch at once, as before they saw each statement.
 *
 * An update of a row that does not exist changes nothing, and an insert of a row that exists keeps the row, as the
 * per-event statements (`update … where key`, `insert … on conflict do nothing`) did.
 */
export class BatchRows<R extends Row> {
  readonly #db: Database;
  readonly #options: BatchRowsOptions<R>;
  /** Every key looked up in this batch: its row, or null when the table has none. */
  readonly #rows = new Map<string, R | null>();
  readonly #changed = new Set<string>();
  /** With `group`: the held rows' keys per value of that column. */
  readonly #groups = new Map<unknown, Set<string>>();

  constructor(db: Database, options: BatchRowsOptions<R>) {
    this.#db = db;
    this.#options = options;
  }

  /** Reads the rows of `keys` not looked up yet, in one query. */
  async load(keys: Iterable<string>): Promise<void> {
    const missing = [...new Set(keys)].filter((key) => !this.#rows.has(key));
    if (missing.length === 0) return;
    for (const key of missing) this.#rows.set(key, null);
    await this.#select(this.#options.key, missing);
  }

  /** Reads every row whose `column` is one of `values` (e.g. a post's bids), in one query. */
  async loadWhere(column: keyof R & string, values: Iterable<string>, type: 'uuid' | 'text' = 'uuid'): Promise<void> {
    const unique = [...new Set(values)];
    if (unique.length > 0) await this.#select(column, unique, type);
  }

  async #select(column: string, values: string[], type: 'uuid' | 'text' = this.#options.keyType): Promise<void> {
    const dates = this.#options.dates ?? [];
    const dayText = (date: string) => `batch_rows_day_${date}`;
    const { rows } = await sql<R>`
      select *${sql.join(dates.map((date) => sql`, to_char(${sql.ref(date)}, 'YYYY-MM-DD') as ${sql.ref(dayText(date))}`), sql``)}
      from ${sql.table(this.#options.table)}
      where ${sql.ref(column)} = any(${values}::${sql.raw(type)}[])`.execute(this.#db);
    // A row already held may have changed in memory: the held one is newer.
    for (const row of rows) {
      for (const date of dates) {
        (row as Row)[date] = row[dayText(date)];
        delete (row as Row)[dayText(date)];
      }
      const key = row[this.#options.key] as string;
      if (!this.#rows.get(key)) this.#hold(key, row);
    }
  }

  #hold(key: string, row: R): void {
    const group = this.#options.group;
    const before = this.#rows.get(key);
    this.#rows.set(key, row);
    if (group === undefined || before?.[group] === row[group]) return;
    if (before) this.#groups.get(before[group])?.delete(key);
    const keys = this.#groups.get(row[group]) ?? new Set<string>();
    keys.add(key);
    this.#groups.set(row[group], keys);
  }

  get(key: string): R | undefined {
    return this.#rows.get(key) ?? undefined;
  }

  /** The rows held (loaded or written in this batch) that `predicate` selects. */
  where(predicate: (row: R) => boolean): R[] {
    return [...this.#rows.values()].filter((row): row is R => row !== null && predicate(row));
  }

  /** The held rows whose `group` column is `value` (every one in the table once loaded by it with `loadWhere`). */
  inGroup(value: unknown): R[] {
    if (this.#options.group === undefined) throw new Error(`BatchRows of ${this.#options.table} has no group column.`);
    return [...(this.#groups.get(value) ?? [])].map((key) => this.#rows.get(key)!);
  }

  /** Adds the row unless its key has one (held, or in the table once loaded: load its key first). */
  insert(row: R): void {
    const key = row[this.#options.key] as string;
    if (this.#rows.get(key)) return;
    this.#hold(key, row);
    this.#changed.add(key);
  }

  /** Changes the row of `key` if there is one (loaded or inserted in this batch). */
  update(key: string, changes: Partial<R>): void {
    const row = this.#rows.get(key);
    if (!row) return;
    this.#hold(key, { ...row, ...changes });
    this.#changed.add(key);
  }

  /**
   * Writes the changed rows in one upsert and forgets what it held. The rows go as one JSON parameter that the table's
   * own row type reads (`jsonb_populate_recordset`): half the time of a `values` list of a parameter per field, whose
   * statement text also changed with the row count, and jsonb columns need no conversion.
   */
  async flush(): Promise<void> {
    const rows = [...this.#changed].map((key) => this.#rows.get(key)!);
    this.#rows.clear();
    this.#groups.clear();
    this.#changed.clear();
    if (rows.length === 0) return;
    const columns = Object.keys(rows[0]!);
    const names = sql.join(columns.map((column) => sql.ref(column)));
    const updates = columns.filter((column) => column !== this.#options.key).map((column) => sql`${sql.ref(column)} = excluded.${sql.ref(column)}`);
    const table = sql.table(this.#options.table);
    await sql`
      insert into ${table} (${names})
      select ${names} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(rows)}::jsonb)
      on conflict (${sql.ref(this.#options.key)}) do update set ${sql.join(updates)}`.execute(this.#db);
  }
}

export type Stretch = { events: RecordedEvent[]; barrier?: never } | { barrier: RecordedEvent; events?: never };

/**
 * A batch cut at the events a handler applies in SQL over many rows (an erasure by person, a deletion by post): the
 * stretches between them go through `BatchRows`, each barrier on its own, in log order.
 */
export function* stretchesBetween(events: readonly RecordedEvent[], isBarrier: (event: RecordedEvent) => boolean): Generator<Stretch> {
  let stretch: RecordedEvent[] = [];
  for (const event of events) {
    if (!isBarrier(event)) {
      stretch.push(event);
      continue;
    }
    if (stretch.length > 0) yield { events: stretch };
    stretch = [];
    yield { barrier: event };
  }
  if (stretch.length > 0) yield { events: stretch };
}
