import type { OrganisationProviderView, OrganisationView } from '../../domain/organisation/schemas';
import { fileUrl } from '../../infrastructure/files';
import type { OrganisationRow } from '../../projections/organisations/organisations';
import { organisationNamesOf, type ProviderName } from '../../projections/organisations/queries';
import type { UserRow } from '../../projections/users/users';
import { effectivePermissions } from '../../domain/user/permissions';
import type { Database } from '../../infrastructure/database/database';
import { memberCountsOf, type MemberCounts, noCounts } from '../../projections/members/queries';

// The organisations' read rows as the API answers them (organisations.ts, team.ts).

export function toOrganisationView(row: OrganisationRow, fsps: ProviderName[]): OrganisationView {
  return {
    uuid: row.uuid,
    name: row.name,
    abbreviation: row.abbreviation,
    organisation_type: row.organisation_type,
    category: row.category,
    status: row.status,
    logo: row.logo_file_id ? { original: fileUrl(row.logo_file_id) } : null,
    allowed_bidders: row.allowed_bidders,
    fsps: fsps.map(({ uuid, full_name }) => ({ uuid, full_name })),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function toOrganisationProviderView(row: UserRow, counts: MemberCounts, organisationName: string | null): OrganisationProviderView {
  const manager = effectivePermissions(row.user_type, row.permissions).manage_permissions_for_fsps_within_org;
  return {
    uuid: row.uuid,
    full_name: [row.first_name, row.last_name].filter(Boolean).join(' ') || null,
    email: row.email,
    status: row.status,
    organisation_uuid: row.organisation_uuid,
    organisation_name: organisationName,
    provider_type: row.provider_type,
    role: manager ? 'manager' : 'provider',
    ...counts,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * A page of providers with their bid counts (the members read model) and their organisation's name as it is now (a
 * provider's own record keeps the name given at sign-up): two more queries for the page, by key.
 */
export async function organisationProviderViews(db: Database, rows: readonly UserRow[]): Promise<OrganisationProviderView[]> {
  const [counts, names] = await Promise.all([
    memberCountsOf(db, rows.map((row) => row.uuid)),
    organisationNamesOf(db, rows.flatMap((row) => (row.organisation_uuid ? [row.organisation_uuid] : []))),
  ]);
  return rows.map((row) =>
    toOrganisationProviderView(row, counts.get(row.uuid) ?? noCounts, (row.organisation_uuid ? names.get(row.organisation_uuid) : undefined) ?? row.organisation_name),
  );
}
