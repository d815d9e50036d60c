import { sql } from 'kysely';
import type { Clock } from '../../infrastructure/clock';
import type { Database } from '../../infrastructure/database/database';
import type { EventStore } from '../../infrastructure/event-store/event-store';
import { waitForProjections } from '../projection-status';

// Uploaded files that nothing shows any more (docs/personal-data.md "Avatars and logos"): a deleted user's avatar,
// an avatar or logo replaced or removed, an upload whose command was refused. An avatar is a photo of a person, so
// it must not outlive its use. Files are stored once per content, and only the users' avatars, the organisations'
// logos and the PDFs linked from a template's or a bid's key fact sheet or product disclosure statement
// (`/files/<id>`, docs/bid-templates.md "Documents") point at them (in the read models), so a file is unused when
// none does.

/** A file stored this recently is left alone: the command that shows it may not be in the read models yet. */
export const UNUSED_FILE_GRACE_MINUTES = 10;
const SWEEP_EVERY_MS = 5 * 60_000;
/** How long a sweep waits for the read models to hold every event before it skips its turn. */
const READ_MODELS_WAIT_MS = 30_000;

/**
 * Deletes the files no avatar or logo shows and stored before the grace period; answers how many, or null when the
 * users' or organisations' read model did not hold every event in time (one behind could miss a new reference).
 */
export async function sweepUnusedFiles(db: Database, store: EventStore, now: Date): Promise<number | null> {
  if (!(await waitForProjections(db, ['users', 'organisations', 'bid_templates', 'bids'], await store.headPosition(), { timeoutMs: READ_MODELS_WAIT_MS }))) return null;
  const storedBefore = new Date(now.getTime() - UNUSED_FILE_GRACE_MINUTES * 60_000);
  // The linked PDFs are gathered once (a hashed set), not looked for in every bid for every file.
  const { numAffectedRows } = await sql`
    with linked(link) as (
      select details ->> 'key_fact_sheets' from bid_templates
      union select details ->> 'product_disclosure_statement' from bid_templates
      union select form ->> 'key_fact_sheets' from bids
      union select form ->> 'product_disclosure_statement' from bids
    )
    delete from files f
    where coalesce(f.stored_at, f.created_at) < ${storedBefore}
      and not exists (select from users u where u.avatar_file_id = f.id)
      and not exists (select from organisations o where o.logo_file_id = f.id)
      and '/files/' || f.id not in (select link from linked where link like '/files/%')`.execute(db);
  return Number(numAffectedRows ?? 0);
}

/** What the sweeper logs: counts and error messages only. */
export type FileSweeperLog = { info(details: object, message: string): void; error(details: object, message: string): void };

/** Sweeps every five minutes in a worker; several workers may sweep at once (a delete is a delete). */
export class FileSweeper {
  readonly #options: { db: Database; store: EventStore; clock: Clock; log: FileSweeperLog };
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> | undefined;
  #stopped = true;

  constructor(options: { db: Database; store: EventStore; clock: Clock; log: FileSweeperLog }) {
    this.#options = options;
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    const loop = async () => {
      const { db, store, clock, log } = this.#options;
      this.#running = sweepUnusedFiles(db, store, clock.now()).then(
        (deleted) => {
          if (deleted) log.info({ deleted }, 'unused files deleted');
        },
        (error: unknown) => log.error({ error: error instanceof Error ? error.message : String(error) }, 'file sweep failed'),
      );
      await this.#running;
      if (!this.#stopped) this.#timer = setTimeout(loop, SWEEP_EVERY_MS);
    };
    this.#timer = setTimeout(loop, SWEEP_EVERY_MS);
  }

  /** Lets a sweep in progress finish. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }
}
