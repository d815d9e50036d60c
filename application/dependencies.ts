import type { Clock } from '../infrastructure/clock';
import type { Config } from '../infrastructure/config';
import type { Database } from '../infrastructure/database/database';
import type { EventStore } from '../infrastructure/event-store/event-store';
import type { Ids } from '../infrastructure/ids';
import type { AppSecrets } from '../infrastructure/secrets';

/** What a workflow needs from the running process: the stores, time, ids and secrets (DESIGN.md §1 `application/`). */
export type WorkflowDependencies = {
  config: Config;
  db: Database;
  store: EventStore;
  clock: Clock;
  ids: Ids;
  secrets: AppSecrets;
};
