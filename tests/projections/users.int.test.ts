import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { userDecider } from '../../domain/user/decider';
import type { UserCommand } from '../../domain/user/commands';
import { userStream, userSubject } from '../../domain/user/events';
import { handleCommand } from '../../infrastructure/command-handler';
import { PersonalDataEventStore, PersonalDataKeys } from '../../infrastructure/event-store/personal-data';
import { personalDataPolicy } from '../../infrastructure/event-store/personal-data-policy';
import { PostgresEventStore } from '../../infrastructure/event-store/postgres-event-store';
import { randomIds } from '../../infrastructure/ids';
import { ProjectionRunner } from '../../projections/runner';
import { findUserByEmail } from '../../projections/users/queries';
import { usersProjection } from '../../projections/users/users';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
afterEach(async () => {
  await database?.close();
});

const id = '7d3c1a52-0e5b-4e0e-9d7c-0f8f5f1b2a33';
const context = { userId: null, correlationId: 'c', causationId: null, now: new Date('2026-11-21T09:00:00Z') };

it('given a provider who signs up, verifies, is approved and completes the profile, then one active row; erased personal data stays out of a rebuild', async () => {
  database = await createTestDatabase();
  const store = new PersonalDataEventStore(new PostgresEventStore(database.db), personalDataPolicy, new PersonalDataKeys(database.db));
  const run = (command: UserCommand) => handleCommand({ store, ids: randomIds, streamId: userStream(id), decider: userDecider, command, context });
  await run({
    type: 'SignUpProvider',
    data: {
      user_id: id,
      personal: { first_name: 'Jane', last_name: 'Citizen', email: 'jane@example.com', country_code: '61', mobile_number: '0412345678' },
      provider: { organisation_uuid: null, organisation_name: 'Harbour Bank', provider_type: 'broker', membership_type: 'MFAA', membership_value: '1234', acl_number: '5678', lender_since: 2012 },
      password_hash: '$argon2id$hash',
    },
  });
  await run({ type: 'VerifyEmail', data: { user_id: id } });
  await run({ type: 'ReviewProvider', data: { user_id: id, decision: 'approve', organisation_uuid: '0b6f9e0a-3c39-4f7e-9a59-8f0f3c2b1a10' } });
  await run({ type: 'CompleteProviderProfile', data: { user_id: id, avatar_file_id: null } });

  const runner = new ProjectionRunner({ db: database.db, store, consumers: [usersProjection] });
  await runner.catchUp();
  expect(await findUserByEmail(database.db, 'Jane@Example.com')).toMatchObject({
    uuid: id,
    user_type: 'fsp',
    status: 'active',
    email_verified: true,
    first_name: 'Jane',
    organisation_uuid: '0b6f9e0a-3c39-4f7e-9a59-8f0f3c2b1a10',
    password_hash: '$argon2id$hash',
  });
  const raw = await sql<{ data: string }>`select data::text as data from events`.execute(database.db);
  expect(raw.rows.map((r) => r.data).join()).not.toContain('jane@example.com');

  // The person is erased: a rebuild still replays every event and keeps the status, but nothing personal.
  await store.erase(userSubject(id));
  await runner.createBuild(usersProjection);
  await runner.catchUp();
  const { rows } = await sql<{ status: string; email: string | null; first_name: string | null; password_hash: string | null }>`
    select status, email, first_name, password_hash from users`.execute(database.db);
  expect(rows).toEqual([{ status: 'active', email: null, first_name: null, password_hash: null }]);
});
