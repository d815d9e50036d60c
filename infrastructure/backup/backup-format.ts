import { createHash, type Hash } from 'node:crypto';

// The backup file (docs/operations.md "Backup and restore"): gzip'd JSON lines. A header line, then every event in
// global order, then the rows of the tables listed below, then an end line with the counts and a SHA-256 of every
// line before it, so a truncated or altered file is refused before (PostgreSQL: instead of) anything is written.

export const BACKUP_FORMAT = 'home-loan-auction-backup';
export const BACKUP_VERSION = 1;

/**
 * The tables besides the events that a restored product needs, and what a restore does when the empty target
 * already holds a row of the same key (a server started once on it made its own secrets): `replace` or `keep`.
 * Everything else is left out on purpose: read models and their builds (rebuilt from the events), sessions
 * (refresh tokens, authorization codes, phone codes: users log in again), the scheduler's claims (its deciders
 * refuse a second firing), chat presence, rate-limit counters and the localities (loaded at every start).
 */
export const BACKED_UP_TABLES = [
  // Token signing and e-mail look-up keys: access tokens and e-mail links stay valid, and the e-mail reservation
  // streams (named with the look-up key) still find their addresses.
  { table: 'app_secrets', key: ['name'], onConflict: 'replace' },
  // The per-person keys of crypto-shredding: without them the personal fields of the events cannot be read.
  { table: 'personal_data_keys', key: ['subject'], onConflict: 'replace' },
  // Who was erased: no key is made for them again after a restore either.
  { table: 'erased_subjects', key: ['subject'], onConflict: 'keep' },
  // Uploaded logos and documents the events point to, addressed by their content's hash.
  { table: 'files', key: ['id'], onConflict: 'keep' },
  // Used e-mail links stay used (each works once).
  { table: 'email_link_uses', key: ['token_id'], onConflict: 'keep' },
  // The mailbox; also, message ids derive from their causing event, so the mail projections replaying the log
  // after a restore find their messages there and send nothing twice.
  { table: 'outbox_messages', key: ['id'], onConflict: 'keep' },
] as const satisfies readonly { table: string; key: readonly string[]; onConflict: 'replace' | 'keep' }[];

export type BackedUpTable = (typeof BACKED_UP_TABLES)[number]['table'];

export type HeaderLine = { kind: 'header'; format: typeof BACKUP_FORMAT; version: number; created_at: string; event_store: 'postgresql' | 'eventstoredb' };
export type EventLine = { kind: 'event'; stream: string; revision: number; id: string; type: string; data: unknown; metadata: unknown };
/** `row` is the row as PostgreSQL's row_to_json writes it (bytea as \x hex), read back with json_populate_record. */
export type RowLine = { kind: 'row'; table: BackedUpTable; row: Record<string, unknown> };
export type EndLine = { kind: 'end'; events: number; rows: Record<string, number>; sha256: string };
export type BackupLine = HeaderLine | EventLine | RowLine | EndLine;

/** A file that is not a complete, unaltered backup of this format. */
export class InvalidBackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidBackupError';
  }
}

/** The running SHA-256 over the lines (each with its newline) that the end line seals. */
export class LineDigest {
  readonly #hash: Hash = createHash('sha256');

  add(line: string): void {
    this.#hash.update(line).update('\n');
  }

  hex(): string {
    return this.#hash.digest('hex');
  }
}
