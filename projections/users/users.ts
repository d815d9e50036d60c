import { type Selectable, sql, type UpdateObject } from 'kysely';
import { match } from 'ts-pattern';
import { type UserAddress, type UserEvent, userEventTypes } from '../../domain/user/events';
import type { PermissionChanges } from '../../domain/user/permissions';
import { CALLERS_CHANNEL } from '../../infrastructure/callers-channel';
import type { Database, DatabaseSchema } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
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
  version: 2,
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
    const changed = new Set<string>();
    for (const recorded of events) {
      if (!handledTypes.has(recorded.type)) continue;
      // The user decider wrote these events; their type names are checked above.
      await apply(db, recorded as RecordedEvent & UserEvent);
      changed.add((recorded as RecordedEvent & UserEvent).data.user_id);
    }
    // The API processes forget these callers' rows (api/known-callers.ts); delivered when the batch commits.
    if (changed.size > 0) await sql`select pg_notify(${CALLERS_CHANNEL}, id) from unnest(${[...changed]}::text[]) as id`.execute(db);
  },
};

async function apply(db: Database, event: RecordedEvent & UserEvent): Promise<void> {
  const at = new Date(event.metadata.occurred_at);
  const update = (values: UpdateObject<DatabaseSchema, 'users'>) =>
    db.updateTable('users').set({ ...values, updated_at: at }).where('uuid', '=', event.data.user_id).execute();
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
      await db
        .insertInto('users')
        .values({
          uuid: event.data.user_id,
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
          permissions: sql<PermissionChanges>`'{}'::jsonb`,
          address: null,
          date_of_birth: null,
          verified_mobile: null,
          bids_accepted_limit: null,
          bids_contacted_limit: null,
          answers: sql<[]>`'[]'::jsonb`,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column('uuid').doNothing())
        .execute();
      return;
    }
    case 'CustomerRegistered': {
      const personal = event.data.personal ?? null;
      await update({
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
      await update({ email_verified: true });
      return;
    case 'ProviderApproved':
      await update({
        status: 'approved',
        organisation_uuid: event.data.organisation_uuid,
        ...(event.data.organisation_name !== undefined ? { organisation_name: event.data.organisation_name } : {}),
      });
      return;
    case 'ProviderRejected':
      await update({ status: 'rejected', rejection_message: event.data.message });
      return;
    case 'ProviderProfileCompleted':
      await update({ status: 'active', avatar_file_id: event.data.avatar_file_id });
      return;
    case 'UserStatusChanged':
      await update({ status: event.data.to });
      return;
    case 'PasswordChanged':
      await update({ password_hash: event.data.password_hash ?? null });
      return;
    case 'UserPermissionsChanged':
      await db
        .updateTable('users')
        .set({ permissions: sql`permissions || ${JSON.stringify(event.data.permissions)}::jsonb`, updated_at: at })
        .where('uuid', '=', event.data.user_id)
        .execute();
      return;
    case 'UserDetailsUpdated': {
      // Erased personal data leaves `changes` unreadable: nothing to apply.
      const { address, ...changes } = event.data.changes ?? {};
      await update({ ...changes, ...(address !== undefined ? { address: address === null ? null : sql<UserAddress>`${JSON.stringify(address)}::jsonb` } : {}) });
      return;
    }
    case 'ProviderLimitsChanged':
      await update({ bids_accepted_limit: event.data.bids_accepted_limit, bids_contacted_limit: event.data.bids_contacted_limit });
      return;
    case 'ProviderAnswersSaved':
      await update({ answers: sql<UserRow['answers']>`${JSON.stringify(event.data.answers)}::jsonb` });
      return;
    case 'MobileNumberVerified':
      await update({ verified_mobile: event.data.mobile_number ? `${event.data.country_code}${event.data.mobile_number}` : null });
      return;
    case 'ActivationMailRequested':
    case 'PasswordResetRequested':
    case 'IncompletePostLinkRequested':
      return;
    case 'UserDeleted':
      await db.deleteFrom('users').where('uuid', '=', event.data.user_id).execute();
      return;
  }
}
