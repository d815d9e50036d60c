import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/database/database';
import type { UserRow, UsersDatabase } from './users';

export async function findUser(database: Database, uuid: string): Promise<UserRow | undefined> {
  return (database as Kysely<UsersDatabase>).selectFrom('users').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

/** E-mails are stored in lower case (domain/user/schemas.ts), so the look-up is exact. */
export async function findUserByEmail(database: Database, email: string): Promise<UserRow | undefined> {
  return (database as Kysely<UsersDatabase>).selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}
