import { sql } from 'kysely';
import { type UserListQuery, userSortable } from '../../domain/user/schemas';
import type { ListResult } from '../../domain/shared/list-query';
import type { Database } from '../../infrastructure/database/database';
import { escapeLike, pageOf, sortOrder } from '../../infrastructure/database/list-queries';
import type { UserRow } from './users';

export async function findUser(database: Database, uuid: string): Promise<UserRow | undefined> {
  return database.selectFrom('users').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

/** The users of `uuids` by uuid, in one query (the rows of a page of leads, members or opportunities). */
export async function usersByIds(database: Database, uuids: readonly string[]): Promise<Map<string, UserRow>> {
  if (uuids.length === 0) return new Map();
  const rows = await database.selectFrom('users').selectAll().where(sql<boolean>`uuid = any(${[...new Set(uuids)]}::uuid[])`).execute();
  return new Map(rows.map((row) => [row.uuid, row]));
}

/** Whom a message goes to: an address (null once the person is erased or deleted) and a first name. */
export type Recipient = { email: string; firstName: string | null };

/** The users of `uuids` that have an address, in one query (none asked: none read). */
export async function recipientsOf(database: Database, uuids: readonly string[]): Promise<Map<string, Recipient>> {
  if (uuids.length === 0) return new Map();
  const rows = await database
    .selectFrom('users')
    .select(['uuid', 'email', 'first_name'])
    // One statement text however many are asked (a prepared statement, not one per list length).
    .where(sql<boolean>`uuid = any(${[...new Set(uuids)]}::uuid[])`)
    .where('email', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.uuid, { email: row.email!, firstName: row.first_name }]));
}

/** What a request's caller is made of (api/authentication.ts), read on every authenticated request. */
export type CallerRow = Pick<UserRow, 'uuid' | 'user_type' | 'status' | 'organisation_uuid' | 'permissions'>;

export async function findCallerRow(database: Database, uuid: string): Promise<CallerRow | undefined> {
  return database
    .selectFrom('users')
    .select(['uuid', 'user_type', 'status', 'organisation_uuid', 'permissions'])
    .where('uuid', '=', uuid)
    .executeTakeFirst();
}

/** E-mails are stored in lower case (domain/user/schemas.ts), so the look-up is exact. */
export async function findUserByEmail(database: Database, email: string): Promise<UserRow | undefined> {
  return database.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}


/** The admin's users tables (spec 2 §2): by type and status, searched over e-mail, full name, status and mobile. */
export async function listUsers(db: Database, query: UserListQuery): Promise<ListResult<UserRow>> {
  const { user_type, status, search } = query.filter ?? {};
  let filtered = db.selectFrom('users');
  if (user_type) filtered = filtered.where('user_type', '=', user_type);
  if (status) filtered = filtered.where('status', '=', status);
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    filtered = filtered.where((eb) =>
      eb.or([
        eb('email', 'ilike', pattern),
        eb(sql<string>`coalesce(first_name, '') || ' ' || coalesce(last_name, '')`, 'ilike', pattern),
        eb(sql<string>`status`, 'ilike', pattern),
        eb('mobile_number', 'ilike', pattern),
      ]),
    );
  }
  const fullName = sql<string>`lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`;
  let ordered = filtered.selectAll();
  for (const [field, direction] of sortOrder(userSortable, query.sorting, ['full_name', 'asc'])) {
    ordered = field === 'full_name' ? ordered.orderBy(fullName, direction) : ordered.orderBy(field, direction);
  }
  return pageOf(ordered.orderBy('uuid'), filtered, query);
}
