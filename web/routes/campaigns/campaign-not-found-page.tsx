import { Paper, Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { AnchorLink, ButtonLink } from '../../components/router-link';

/** An unknown or removed campaign's address. */
export function CampaignNotFoundPage() {
  return (
    <>
      <PageHeader
        title="Campaign not found"
        crumbs={[
          <AnchorLink to="/campaigns" size="sm">
            Campaigns
          </AnchorLink>,
          'Not found',
        ]}
      />
      <Paper p="lg" maw={760}>
        <Text mb="md">This campaign does not exist or was deleted.</Text>
        <ButtonLink to="/campaigns" variant="light">
          Back to campaigns
        </ButtonLink>
      </Paper>
    </>
  );
}
