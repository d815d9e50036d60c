import type { OrganisationProviderView, OrganisationView } from '../../domain/organisation/schemas';
import { fileUrl } from '../../infrastructure/files';
import type { OrganisationRow } from '../../projections/organisations/organisations';
import type { ProviderName } from '../../projections/organisations/queries';
import type { UserRow } from '../../projections/users/users';

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

export function toOrganisationProviderView(row: UserRow): OrganisationProviderView {
  return {
    uuid: row.uuid,
    full_name: [row.first_name, row.last_name].filter(Boolean).join(' ') || null,
    email: row.email,
    status: row.status,
    created_at: row.created_at.toISOString(),
  };
}
