import { sql } from 'kysely';
import type { BidderCandidate } from '../../domain/organisation/commands';
import {
  type OrganisationListQuery,
  type OrganisationProviderListQuery,
  organisationProviderSortable,
  organisationSortable,
} from '../../domain/organisation/schemas';
import type { ListResult } from '../../domain/shared/list-query';
import type { Database } from '../../infrastructure/database/database';
import { escapeLike, pageOf, sortOrder } from '../../infrastructure/database/list-queries';
import type { UserRow } from '../users/users';
import type { OrganisationRow } from './organisations';


export async function listOrganisations(db: Database, query: OrganisationListQuery): Promise<ListResult<OrganisationRow>> {
  let filtered = db.selectFrom('organisations');
  const { name, organisation_type, category, status } = query.filter ?? {};
  if (name) filtered = filtered.where('name', 'ilike', `%${escapeLike(name)}%`);
  if (organisation_type) filtered = filtered.where('organisation_type', '=', organisation_type);
  if (category) filtered = filtered.where('category', '=', category);
  if (status) filtered = filtered.where('status', '=', status);

  // spec 1 §9: default sort created_at descending; uuid breaks ties so pages never overlap.
  let ordered = filtered.selectAll();
  for (const [field, direction] of sortOrder(organisationSortable, query.sorting, ['created_at', 'desc'])) ordered = ordered.orderBy(field, direction);
  return pageOf(ordered.orderBy('uuid'), filtered, query);
}

export async function findOrganisation(db: Database, uuid: string): Promise<OrganisationRow | undefined> {
  return db.selectFrom('organisations').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

/** Organisations' names by uuid, in one query (a page of deals). */
export async function organisationNamesOf(db: Database, uuids: readonly string[]): Promise<Map<string, string>> {
  if (uuids.length === 0) return new Map();
  const rows = await db.selectFrom('organisations').select(['uuid', 'name']).where(sql<boolean>`uuid = any(${[...new Set(uuids)]}::uuid[])`).execute();
  return new Map(rows.map((row) => [row.uuid, row.name]));
}

/** The organisations named as allowed bidders, with their type as known here (null: no such organisation). */
export async function bidderCandidates(db: Database, uuids: readonly string[]): Promise<BidderCandidate[]> {
  if (uuids.length === 0) return [];
  const rows = await db.selectFrom('organisations').select(['uuid', 'organisation_type']).where('uuid', 'in', [...new Set(uuids)]).execute();
  const types = new Map(rows.map((row) => [row.uuid, row.organisation_type]));
  return uuids.map((uuid) => ({ uuid, organisation_type: types.get(uuid) ?? null }));
}

export type ProviderName = { uuid: string; organisation_uuid: string; full_name: string };
const fullName = sql<string>`trim(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`;

/** The providers of each organisation asked for, by name (the `fsps` of the organisation view). */
export async function providersOf(db: Database, organisationUuids: readonly string[]): Promise<Map<string, ProviderName[]>> {
  const byOrganisation = new Map<string, ProviderName[]>(organisationUuids.map((uuid) => [uuid, []]));
  if (organisationUuids.length === 0) return byOrganisation;
  const rows = await db
    .selectFrom('users')
    .select(['uuid', 'organisation_uuid', fullName.as('full_name')])
    .where('user_type', '=', 'fsp')
    .where('organisation_uuid', 'in', [...organisationUuids])
    .orderBy(sql`lower(${fullName})`)
    .orderBy('uuid')
    .execute();
  for (const row of rows) if (row.organisation_uuid) byOrganisation.get(row.organisation_uuid)?.push({ ...row, organisation_uuid: row.organisation_uuid });
  return byOrganisation;
}

/**
 * Providers of one organisation, paged (`GET /v1/organisations/{id}/fsps` and the team, spec 2 §7); null lists
 * the providers of every organisation (an admin's team list without a filter).
 */
export async function listOrganisationProviders(
  db: Database,
  organisationUuid: string | null,
  query: OrganisationProviderListQuery,
): Promise<ListResult<UserRow>> {
  let filtered = db.selectFrom('users').where('user_type', '=', 'fsp');
  if (organisationUuid) filtered = filtered.where('organisation_uuid', '=', organisationUuid);
  if (query.filter?.status) filtered = filtered.where('status', '=', query.filter.status);
  let ordered = filtered.selectAll();
  for (const [field, direction] of sortOrder(organisationProviderSortable, query.sorting, ['full_name', 'asc'])) {
    ordered = field === 'full_name' ? ordered.orderBy(sql`lower(${fullName})`, direction) : ordered.orderBy(field, direction);
  }
  return pageOf(ordered.orderBy('uuid'), filtered, query);
}
