import { type Selectable, sql } from 'kysely';
import { match } from 'ts-pattern';
import { type UserDeleted, type UserEvent, userEventTypes } from '../../domain/user/events';
import { CALLERS_CHANNEL } from '../../infrastructure/callers-channel';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { BatchRows, stretchesBetween } from '../batch-rows';
import type { Projection } from '../projection';
import type { UsersTable } from './tables';

// Users as the admin lists, the log-in and the profiles read them. Holds personal data in clear (decrypted from the
// events); a deleted user's row is removed, and a rebuild after erasure brings back nothing personal.

export type UserRow = Selectable<UsersTable>;

const handledTypes = new Set<string>(userEventTypes);

export const usersProjection: Projection = {
  kind: 'projection',
  name: 'users',
  eventTypes: handledTypes,
  // 3: set-based handling (projections/batch-rows.ts).
  version: 3,
  tables: ['users'],
  async createTables(trx) {
    await sql`
      create table users (
        uuid uuid primary key,
        user_type text not null,
        status text not null,
        email text,
        first_name text,
        last_name text,
        country_code text,
        mobile_number text,
        email_verified boolean not null,
        password_hash text,
        organisation_uuid uuid,
        organisation_name text,
        provider_type text,
        membership_type text,
        membership_value text,
        acl_number text,
        lender_since integer,
        avatar_file_id text,
        rejection_message text,
        permissions jsonb not null,
        address jsonb,
        date_of_birth text,
        verified_mobile text,
        bids_accepted_limit integer,
        bids_contacted_limit integer,
        answers jsonb not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(trx);
    await sql`create index users_email on users (email)`.execute(trx);
    await sql`create index users_type_status on users (user_type, status, created_at desc)`.execute(trx);
  },
  async handle(events, db) {
    // Set-based (projections/batch-rows.ts): the batch's users are read once, the events applied to them in memory,
    // and the changed rows written back together. A deletion removes the row: applied in SQL between the stretches.
    const changed = new Set<string>();
    for (const stretch of stretchesBetween(events, (event) => event.type === 'UserDeleted')) {
      if (stretch.barrier) {
        const userId = (stretch.barrier as RecordedEvent & UserDeleted).data.user_id;
        await db.deleteFrom('users').where('uuid', '=', userId).execute();
        changed.add(userId);
        continue;
      }
      // The user decider wrote these events; their type names are checked by handledTypes.
      const userEvents = stretch.events.filter((event) => handledTypes.has(event.type)) as (RecordedEvent & UserEvent)[];
      if (userEvents.length === 0) continue;
      const users = new BatchRows<UserRow>(db, { table: 'users', key: 'uuid', keyType: 'uuid' });
      await users.load(userEvents.map((event) => event.data.user_id));
      for (const event of userEvents) {
        apply(users, event);
        changed.add(event.data.user_id);
      }
      await users.flush();
    }
    // The API processes forget these callers' rows (api/known-callers.ts); delivered when the batch commits.
    if (changed.size > 0) await sql`select pg_notify(${CALLERS_CHANNEL}, id) from unnest(${[...changed]}::text[]) as id`.execute(db);
  },
};

/** Only the values given: an absent field (undefined) is no change, as kysely's `set` leaves it out. */
const given = <T extends object>(values: T): Partial<T> => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;

function apply(users: BatchRows<UserRow>, event: RecordedEvent & UserEvent): void {
  const at = new Date(event.metadata.occurred_at);
  const userId = event.data.user_id;
  const update = (values: Partial<UserRow>) => users.update(userId, { ...given(values), updated_at: at });
  switch (event.type) {
    case 'ProviderSignedUp':
    case 'AdminCreated':
    case 'CustomerCreated': {
      // Personal fields read as null once the person's key is erased.
      const personal = event.data.personal ?? null;
      const provider = event.type === 'ProviderSignedUp' ? event.data.provider : null;
      const [user_type, status] = match(event)
        .with({ type: 'ProviderSignedUp' }, () => ['fsp', 'pending'] as const)
        .with({ type: 'AdminCreated' }, () => ['admin', 'active'] as const)
        .with({ type: 'CustomerCreated' }, (e) => ['customer', e.data.status] as const)
        .exhaustive();
      users.insert({
        uuid: userId,
        user_type,
        status,
        email: personal?.email ?? null,
        first_name: personal?.first_name ?? null,
        last_name: personal?.last_name ?? null,
        country_code: personal?.country_code ?? null,
        mobile_number: personal?.mobile_number ?? null,
        email_verified: event.type === 'AdminCreated',
        password_hash: event.data.password_hash ?? null,
        organisation_uuid: provider?.organisation_uuid ?? null,
        organisation_name: provider?.organisation_name ?? null,
        provider_type: provider?.provider_type ?? null,
        membership_type: provider?.membership_type ?? null,
        membership_value: provider?.membership_value ?? null,
        acl_number: provider?.acl_number ?? null,
        lender_since: provider?.lender_since ?? null,
        avatar_file_id: null,
        rejection_message: null,
        permissions: {},
        address: null,
        date_of_birth: null,
        verified_mobile: null,
        bids_accepted_limit: null,
        bids_contacted_limit: null,
        answers: [],
        created_at: at,
        updated_at: at,
      });
      return;
    }
    case 'CustomerRegistered': {
      const personal = event.data.personal ?? null;
      update({
        email: personal?.email ?? null,
        first_name: personal?.first_name ?? null,
        last_name: personal?.last_name ?? null,
        country_code: personal?.country_code ?? null,
        mobile_number: personal?.mobile_number ?? null,
        password_hash: event.data.password_hash ?? null,
      });
      return;
    }
    case 'UserEmailVerified':
      update({ email_verified: true });
      return;
    case 'ProviderApproved':
      update({ status: 'approved', organisation_uuid: event.data.organisation_uuid, organisation_name: event.data.organisation_name });
      return;
    case 'ProviderRejected':
      update({ status: 'rejected', rejection_message: event.data.message });
      return;
    case 'ProviderProfileCompleted':
      update({ status: 'active', avatar_file_id: event.data.avatar_file_id });
      return;
    case 'UserStatusChanged':
      update({ status: event.data.to });
      return;
    case 'PasswordChanged':
      update({ password_hash: event.data.password_hash ?? null });
      return;
    case 'UserPermissionsChanged': {
      // As jsonb's `||`: the changed keys on top of the earlier ones.
      const row = users.get(userId);
      if (row) update({ permissions: { ...row.permissions, ...event.data.permissions } });
      return;
    }
    case 'UserDetailsUpdated':
      // Erased personal data leaves `changes` unreadable: nothing to apply.
      update({ ...event.data.changes });
      return;
    case 'ProviderLimitsChanged':
      update({ bids_accepted_limit: event.data.bids_accepted_limit, bids_contacted_limit: event.data.bids_contacted_limit });
      return;
    case 'ProviderAnswersSaved':
      update({ answers: event.data.answers });
      return;
    case 'MobileNumberVerified':
      update({ verified_mobile: event.data.mobile_number ? `${event.data.country_code}${event.data.mobile_number}` : null });
      return;
    case 'ActivationMailRequested':
    case 'PasswordResetRequested':
    case 'IncompletePostLinkRequested':
      return;
    case 'UserDeleted':
      // Applied in SQL between the stretches (handle).
      return;
  }
}
