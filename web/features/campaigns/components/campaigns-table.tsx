import { ActionIcon, Badge, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { CampaignView } from '../../../../domain/campaign/schemas';
import { campaignPartyLabels } from '../../../../domain/campaign/schemas';
import { ActionsTh } from '../../../components/actions-th';
import { ActionIconLink, AnchorLink } from '../../../components/router-link';
import { SortableTh } from '../../../components/sortable-th';
import { formatAud, formatDate } from '../../../lib/format';
import type { CampaignSortField } from '../api/list-campaigns';
import { campaignStatusLabels, formatCampaignValue } from '../campaign-labels';
import { CampaignLink } from './campaign-link';

type Props = {
  campaigns: readonly CampaignView[];
  sort: CampaignSortField;
  direction: 'asc' | 'desc';
  onSort: (field: CampaignSortField) => void;
  deletingUuid: string | undefined;
  onDelete: (campaign: CampaignView) => void;
};

/** The campaigns with their link, money and figures (spec 3 §2, §3; docs/campaigns.md). */
export function CampaignsTable({ campaigns, sort, direction, onSort, deletingUuid, onDelete }: Props) {
  const directionOf = (field: CampaignSortField) => (sort === field ? direction : undefined);
  return (
    <Table.ScrollContainer minWidth={1120}>
      <Table aria-label="Campaigns">
        <Table.Thead>
          <Table.Tr>
            <SortableTh label="Name" direction={directionOf('name')} onSort={() => onSort('name')} />
            <Table.Th>Benefit</Table.Th>
            <Table.Th>Commission</Table.Th>
            <SortableTh label="Posts" direction={directionOf('posts')} onSort={() => onSort('posts')} />
            <SortableTh label="Deals" direction={directionOf('deals')} onSort={() => onSort('deals')} />
            <SortableTh label="Settled volume" direction={directionOf('settled_volume')} onSort={() => onSort('settled_volume')} />
            <SortableTh label="Status" direction={directionOf('status')} onSort={() => onSort('status')} />
            <SortableTh label="Created at" direction={directionOf('created_at')} onSort={() => onSort('created_at')} />
            <ActionsTh w={90} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {campaigns.map((campaign) => (
            <Table.Tr key={campaign.uuid} data-testid="campaign-row">
              <Table.Td>
                <Stack gap={2}>
                  <AnchorLink to="/campaigns/$uuid/edit" params={{ uuid: campaign.uuid }} fw={500} size="sm">
                    {campaign.name}
                  </AnchorLink>
                  <CampaignLink slug={campaign.slug} compact />
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatCampaignValue(campaign.benefit_type, campaign.benefit_value)}</Text>
                <Text size="xs" c="dimmed">
                  {campaignPartyLabels[campaign.benefit_payer]} to the customer
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatCampaignValue(campaign.commission_type, campaign.commission_value)}</Text>
                <Text size="xs" c="dimmed">
                  {campaignPartyLabels[campaign.commission_payer]} to {campaignPartyLabels[campaign.commission_payee].toLowerCase()}
                </Text>
              </Table.Td>
              <Table.Td data-testid="campaign-posts">{campaign.figures.posts}</Table.Td>
              <Table.Td data-testid="campaign-deals">{campaign.figures.deals}</Table.Td>
              <Table.Td>{formatAud(campaign.figures.settled_volume)}</Table.Td>
              <Table.Td miw={100}>
                <Badge variant="light" color={campaign.status === 'active' ? 'teal' : 'gray'}>
                  {campaignStatusLabels[campaign.status]}
                </Badge>
              </Table.Td>
              <Table.Td>{formatDate(campaign.created_at)}</Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Tooltip label="Edit" withArrow>
                    <ActionIconLink to="/campaigns/$uuid/edit" params={{ uuid: campaign.uuid }} variant="subtle" color="gray" aria-label={`Edit ${campaign.name}`}>
                      <IconPencil />
                    </ActionIconLink>
                  </Tooltip>
                  <Tooltip label="Delete" withArrow>
                    <ActionIcon variant="subtle" color="red" onClick={() => onDelete(campaign)} loading={deletingUuid === campaign.uuid} aria-label={`Delete ${campaign.name}`}>
                      <IconTrash />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
