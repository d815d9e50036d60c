import type { Kysely } from 'kysely';
import { type OrganisationListQuery, organisationSortable } from '../../domain/organisation/schemas';
import type { ListResult } from '../../domain/shared/list-query';
import type { Database } from '../../infrastructure/database/database';
import type { OrganisationRow, OrganisationsDatabase } from './organisations';


const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listOrganisations(database: Database, query: OrganisationListQuery): Promise<ListResult<OrganisationRow>> {
  const db = database as Kysely<OrganisationsDatabase>;
  let filtered = db.selectFrom('organisations');
  const { name, organisation_type, category, status } = query.filter ?? {};
  if (name) filtered = filtered.where('name', 'ilike', `%${escapeLike(name)}%`);
  if (organisation_type) filtered = filtered.where('organisation_type', '=', organisation_type);
  if (category) filtered = filtered.where('category', '=', category);
  if (status) filtered = filtered.where('status', '=', status);

  // spec 1 §9: default sort created_at descending; uuid breaks ties so pages never overlap.
  const sorting = organisationSortable.flatMap((field) => {
    const direction = query.sorting?.[field];
    return direction ? [[field, direction] as const] : [];
  });
  let ordered = filtered.selectAll();
  for (const [field, direction] of sorting.length > 0 ? sorting : [['created_at', 'desc'] as const]) {
    ordered = ordered.orderBy(field, direction);
  }
  const [rows, total] = await Promise.all([
    ordered.orderBy('uuid').limit(query.count).offset((query.page - 1) * query.count).execute(),
    filtered.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { total_records: Number(total.total), result: rows };
}

export async function findOrganisation(database: Database, uuid: string): Promise<OrganisationRow | undefined> {
  const db = database as Kysely<OrganisationsDatabase>;
  return db.selectFrom('organisations').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}
