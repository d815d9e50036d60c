import type { ColumnType, Generated } from 'kysely';
import type { OutboxChannel, OutboxStatus } from '../../domain/outbox/schemas';

// The infrastructure's own tables, as its migrations (./migrations) make them: one interface per table, named by
// `InfrastructureTables`. The read models' tables are declared beside their projections (projections/*/tables.ts)
// and join these in `DatabaseSchema` (./database.ts). `bigint`, `numeric` and `xid8` columns come back as strings.

/** The global log (2026-11-21T0000-event-store). Appended only through `append_events_batch`. */
export interface EventsTable {
  position: ColumnType<string, never, never>;
  transaction_id: ColumnType<string, never, never>;
  stream_id: string;
  revision: number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: unknown;
}

/** One row per build of a projection (2026-11-21T0001-projections): its schema, status and checkpoint. */
export interface ProjectionBuildsTable {
  schema_name: string;
  name: string;
  version: number;
  status: 'building' | 'live' | 'retired';
  checkpoint_commit: ColumnType<string, string | undefined, string>;
  checkpoint_prepare: ColumnType<string, string | undefined, string>;
  /** Until when `npm run projections:rebuild` drives this build (other runners leave it alone); null: nobody. */
  driven_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  started_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** One key per person (crypto-shredding): deleting the row makes their data in the events unreadable. */
export interface PersonalDataKeysTable {
  subject: string;
  key: Uint8Array;
  created_at: Generated<Date>;
}

/** Subjects whose key was erased: no key is ever made for them again. */
export interface ErasedSubjectsTable {
  subject: string;
  erased_at: Generated<Date>;
}

/** Uploaded files, addressed by the hash of their content. */
export interface FilesTable {
  id: string;
  content_type: string;
  byte_size: number;
  content: Uint8Array;
  created_at: Generated<Date>;
  /** When this content was last stored (null: restored from a backup older than the column; `created_at` counts). */
  stored_at: Date | null;
}

/** The servers' shared keys, made on first start. */
export interface AppSecretsTable {
  name: string;
  value: Uint8Array;
  created_at: Date;
}

/** Refresh tokens, stored as hashes only, rotated within their family (the session). */
export interface RefreshTokensTable {
  token_hash: string;
  family_id: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
}

/** Codes of the authorization-code flow with PKCE: hashed, single use. */
export interface AuthorizationCodesTable {
  code_hash: string;
  user_id: string;
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  expires_at: Date;
  used_at: Date | null;
}

/** SMS codes proving a mobile number: only a keyed hash of code and number. */
export interface PhoneVerificationsTable {
  id: string;
  user_id: string;
  code_hash: string;
  attempts: number;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}

/** Australian suburbs with postcode, state and position: reference data loaded at start, not from events. */
export interface LocalitiesTable {
  postcode: string;
  suburb: string;
  state: string;
  latitude: number;
  longitude: number;
}

/** The scheduler's claims: one row per firing of a scheduled transition. */
export interface SchedulerClaimsTable {
  post_id: string;
  kind: string;
  due_at: Date;
  attempts: number;
  retry_at: Date;
  done: Generated<boolean>;
}

/** Who has the live message stream open, refreshed at every heartbeat. */
export interface MessagePresenceTable {
  user_id: string;
  seen_at: Date;
}

/** The trade e-mails' links used (or claimed while their action runs: `claimed_until`). */
export interface EmailLinkUsesTable {
  token_id: string;
  action: string;
  post_id: string;
  user_id: string;
  used_at: Date;
  claimed_until: Date | null;
}

/** The rate limits' counters, shared by every API process; `key` is a hash. */
export interface RateLimitCountersTable {
  key: string;
  scope: string;
  hits: number;
  expires_at: Date;
}

/** Mail and SMS waiting to go out (docs/mail.md), written in the transaction of what causes them. */
export interface OutboxMessagesTable {
  id: string;
  channel: OutboxChannel;
  /** Which kind of message ('activation', 'sms-code'): with the causing event it makes the id. */
  template: string;
  /** The event (or request) that caused the message. */
  causation_id: string;
  /** The person the message is about (their user id), so erasing them finds it. Not personal data itself. */
  data_subject: string | null;
  /** Others the message names (user ids): erasing any of them blanks it too. */
  mentions: Generated<string[]>;
  /** Personal data, null once erased. */
  recipient: string | null;
  subject: string | null;
  text_body: string | null;
  html_body: string | null;
  status: OutboxStatus;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  /** While 'sending': the claim's lease; after it a worker may take the message again. */
  claimed_until: Date | null;
  claim_token: string | null;
  last_error: string | null;
  created_at: Generated<Date>;
  /** Insertion order, for ties of `created_at`. */
  seq: Generated<string>;
  sent_at: Date | null;
}

export interface InfrastructureTables {
  events: EventsTable;
  projection_builds: ProjectionBuildsTable;
  personal_data_keys: PersonalDataKeysTable;
  erased_subjects: ErasedSubjectsTable;
  files: FilesTable;
  app_secrets: AppSecretsTable;
  refresh_tokens: RefreshTokensTable;
  authorization_codes: AuthorizationCodesTable;
  phone_verifications: PhoneVerificationsTable;
  localities: LocalitiesTable;
  scheduler_claims: SchedulerClaimsTable;
  message_presence: MessagePresenceTable;
  email_link_uses: EmailLinkUsesTable;
  rate_limit_counters: RateLimitCountersTable;
  outbox_messages: OutboxMessagesTable;
}
