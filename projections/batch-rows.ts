import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../infrastructure/database/database';
import type { RecordedEvent } from '../infrastructure/event-store/event-store';

type Row = Record<string, unknown>;
type KeyType = 'uuid' | 'text';

export type BatchRowsOptions<R extends Row> = {
  table: string;
  /** A column the rows are often looked up by (a deal's activities): `inGroup` finds them without a scan. */
  group?: keyof R & string;
  /**
   * date columns: held as 'YYYY-MM-DD' text, as events carry days (pg and PGlite read a date as a Date at midnight,
   * local or UTC, and `flush` would write a Date as its UTC day).
   */
  dates?: readonly (keyof R & string)[];
} & (
  | {
      /** The primary key column. */
      key: keyof R & string;
      /** The key's SQL type, for `= any($1::type[])`. */
      keyType: KeyType;
    }
  | {
      /** A composite primary key's columns: the methods then take a key as its values in this order. */
      key: readonly (keyof R & string)[];
      keyType: readonly KeyType[];
    }
);

/** A row's key: its value, or its values in the key's column order for a composite key. */
export type RowKey = string | readonly string[];

/**
 * The rows of one table that a batch of events touches, held in memory while the batch is applied and written back
 * at its end in one upsert (issue 27, set-based handlers): a handler loads the rows its events name in one query,
 * folds the events into them in memory, and `flush` writes the changed ones, instead of a statement or two per event.
 * Statement triggers on the table (row counts) see the whole batch at once, as before they saw each statement.
 *
 * An update or a delete of a row that does not exist changes nothing, and an insert of a row that exists keeps the
 * row, as the per-event statements (`update … where key`, `delete … where key`, `insert … on conflict do nothing`) did.
 */
export class BatchRows<R extends Row> {
  readonly #db: Database;
  readonly #options: BatchRowsOptions<R>;
  readonly #keyColumns: readonly string[];
  readonly #keyTypes: readonly KeyType[];
  /** Every key looked up in this batch (by `#id`): its row, or null when the table has none. */
  readonly #rows = new Map<string, R | null>();
  readonly #changed = new Set<string>();
  /** Keys whose rows `delete` removed (the table may hold them), with the key's values. */
  readonly #deleted = new Map<string, readonly string[]>();
  /** With `group`: the held rows' ids per value of that column. */
  readonly #groups = new Map<unknown, Set<string>>();

  constructor(db: Database, options: BatchRowsOptions<R>) {
    this.#db = db;
    this.#options = options;
    this.#keyColumns = typeof options.key === 'string' ? [options.key] : options.key;
    this.#keyTypes = typeof options.keyType === 'string' ? [options.keyType] : options.keyType;
  }

  /** The key's values in column order. */
  #values(key: RowKey): readonly string[] {
    return typeof key === 'string' ? [key] : key;
  }

  /** The map's identity of a key (a composite key's values joined by a character no uuid or name holds). */
  #id(key: RowKey): string {
    return this.#values(key).join('\u0000');
  }

  #keyOf(row: R): readonly string[] {
    return this.#keyColumns.map((column) => row[column] as string);
  }

  /** Reads the rows of `keys` not looked up yet, in one query. */
  async load(keys: Iterable<RowKey>): Promise<void> {
    const missing = new Map<string, readonly string[]>();
    for (const key of keys) {
      const id = this.#id(key);
      if (!this.#rows.has(id)) missing.set(id, this.#values(key));
    }
    if (missing.size === 0) return;
    for (const id of missing.keys()) this.#rows.set(id, null);
    await this.#select(this.#keyMatches([...missing.values()]));
  }

  /** Reads every row whose `column` is one of `values` (e.g. a post's bids), in one query. */
  async loadWhere(column: keyof R & string, values: Iterable<string>, type: KeyType = 'uuid'): Promise<void> {
    const unique = [...new Set(values)];
    if (unique.length > 0) await this.#select(sql`${sql.ref(column)} = any(${unique}::${sql.raw(type)}[])`);
  }

  /** A condition true for the rows of `keys`: `key = any($1)`, or for a composite key a join with the unnested lists. */
  #keyMatches(keys: readonly (readonly string[])[]): RawBuilder<unknown> {
    if (this.#keyColumns.length === 1) return sql`${sql.ref(this.#keyColumns[0]!)} = any(${keys.map((key) => key[0])}::${sql.raw(this.#keyTypes[0]!)}[])`;
    const columns = sql.join(this.#keyColumns.map((column) => sql.ref(column)));
    const lists = sql.join(this.#keyColumns.map((_, i) => sql`${keys.map((key) => key[i])}::${sql.raw(this.#keyTypes[i]!)}[]`));
    return sql`(${columns}) in (select * from unnest(${lists}))`;
  }

  async #select(condition: RawBuilder<unknown>): Promise<void> {
    const dates = this.#options.dates ?? [];
    const dayText = (date: string) => `batch_rows_day_${date}`;
    const { rows } = await sql<R>`
      select *${sql.join(dates.map((date) => sql`, to_char(${sql.ref(date)}, 'YYYY-MM-DD') as ${sql.ref(dayText(date))}`), sql``)}
      from ${sql.table(this.#options.table)} where ${condition}`.execute(this.#db);
    // A row already held may have changed in memory, or been deleted: the held one is newer.
    for (const row of rows) {
      for (const date of dates) {
        (row as Row)[date] = row[dayText(date)];
        delete (row as Row)[dayText(date)];
      }
      const id = this.#id(this.#keyOf(row));
      if (!this.#rows.get(id) && !this.#deleted.has(id)) this.#hold(id, row);
    }
  }

  /** Holds `row` (null: none) under `id`, and files it under its group. */
  #hold(id: string, row: R | null): void {
    const group = this.#options.group;
    const before = this.#rows.get(id);
    this.#rows.set(id, row);
    if (group === undefined || (before && row && before[group] === row[group])) return;
    if (before) this.#groups.get(before[group])?.delete(id);
    if (!row) return;
    const ids = this.#groups.get(row[group]) ?? new Set<string>();
    ids.add(id);
    this.#groups.set(row[group], ids);
  }

  get(key: RowKey): R | undefined {
    return this.#rows.get(this.#id(key)) ?? undefined;
  }

  /** The rows held (loaded or written in this batch) that `predicate` selects. */
  where(predicate: (row: R) => boolean): R[] {
    return [...this.#rows.values()].filter((row): row is R => row !== null && predicate(row));
  }

  /** The held rows whose `group` column is `value` (every one in the table once loaded by it with `loadWhere`). */
  inGroup(value: unknown): R[] {
    if (this.#options.group === undefined) throw new Error(`BatchRows of ${this.#options.table} has no group column.`);
    return [...(this.#groups.get(value) ?? [])].map((id) => this.#rows.get(id)!);
  }

  /** Adds the row unless its key has one (held, or in the table once loaded: load its key first). */
  insert(row: R): void {
    const id = this.#id(this.#keyOf(row));
    if (this.#rows.get(id)) return;
    this.#hold(id, row);
    this.#changed.add(id);
  }

  /** Changes the row of `key` if there is one (loaded or inserted in this batch). */
  update(key: RowKey, changes: Partial<R>): void {
    const id = this.#id(key);
    const row = this.#rows.get(id);
    if (!row) return;
    this.#hold(id, { ...row, ...changes });
    this.#changed.add(id);
  }

  /** Removes the row of `key` if there is one (loaded or inserted in this batch). */
  delete(key: RowKey): void {
    const id = this.#id(key);
    if (!this.#rows.get(id)) return;
    this.#hold(id, null);
    this.#changed.delete(id);
    this.#deleted.set(id, this.#values(key));
  }

  /**
   * Deletes the removed rows in one statement, then writes the changed rows in one upsert, and forgets what it held
   * (a row deleted then inserted again is deleted, then written). The rows go as one JSON parameter that
   * `json_populate_recordset` reads with the table's own column types: thousands of rows bind and plan as one
   * value, where a `values` list of a parameter per cell made a rebuild's flushes slow (and needed chunks).
   */
  async flush(): Promise<void> {
    const rows = [...this.#changed].map((id) => this.#rows.get(id)!);
    const deleted = [...this.#deleted.values()];
    this.#rows.clear();
    this.#groups.clear();
    this.#changed.clear();
    this.#deleted.clear();
    if (deleted.length > 0) await sql`delete from ${sql.table(this.#options.table)} where ${this.#keyMatches(deleted)}`.execute(this.#db);
    if (rows.length === 0) return;
    const columns = Object.keys(rows[0]!);
    const updates = columns.filter((column) => !this.#keyColumns.includes(column)).map((column) => sql`${sql.ref(column)} = excluded.${sql.ref(column)}`);
    const list = sql.join(columns.map((column) => sql.ref(column)));
    const keyColumns = sql.join(this.#keyColumns.map((column) => sql.ref(column)));
    // A table of key columns only has nothing to update.
    const onConflict = updates.length > 0 ? sql`do update set ${sql.join(updates)}` : sql`do nothing`;
    await sql`
      insert into ${sql.table(this.#options.table)} (${list})
      select ${list} from json_populate_recordset(null::${sql.table(this.#options.table)}, ${JSON.stringify(rows)})
      on conflict (${keyColumns}) ${onConflict}`.execute(this.#db);
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
