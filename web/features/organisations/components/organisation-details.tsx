import { Group, Paper, SimpleGrid } from '@mantine/core';
import type { OrganisationView } from '../../../../domain/organisation/schemas';
import { DetailItem } from '../../../components/detail-item';
import { formatDate } from '../../../lib/format';
import { organisationCategoryLabels, organisationTypeLabels } from '../organisation-labels';
import { OrganisationLogo } from './organisation-logo';
import { OrganisationStatusBadge } from './organisation-status-badge';

/** The organisation's fields beside its logo; the page title carries the name. */
export function OrganisationDetails({ organisation }: { organisation: OrganisationView }) {
  return (
    <Paper p="lg">
      <Group gap="xl" align="flex-start" wrap="wrap">
        <OrganisationLogo organisation={organisation} size={128} />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xl" verticalSpacing="lg" flex={1} miw={260}>
          <DetailItem label="Abbreviation">{organisation.abbreviation ?? '—'}</DetailItem>
          <DetailItem label="Organisation type">{organisationTypeLabels[organisation.organisation_type]}</DetailItem>
          <DetailItem label="Category">{organisation.category ? organisationCategoryLabels[organisation.category] : '—'}</DetailItem>
          <DetailItem label="Status">
            <OrganisationStatusBadge status={organisation.status} />
          </DetailItem>
          <DetailItem label="Created at">{formatDate(organisation.created_at)}</DetailItem>
          <DetailItem label="Updated at">{formatDate(organisation.updated_at)}</DetailItem>
          <DetailItem label="Providers">{organisation.fsps.length}</DetailItem>
        </SimpleGrid>
      </Group>
    </Paper>
  );
}
