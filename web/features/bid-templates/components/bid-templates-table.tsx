import { Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { BidTemplateView } from '../../../../contracts/bid-template';
import { formatPercent } from '../../../../domain/bid/schemas';
import { ActionsTh } from '../../../components/actions-th';
import { AnchorLink } from '../../../components/router-link';
import { formatDate, formatRate } from '../../../lib/format';
import { AutoBiddingBadge } from './auto-bidding-badge';
import { BidTemplateRowActions, type RowPermissions } from './bid-template-row-actions';

type Props = {
  templates: readonly BidTemplateView[];
  /** spec 3 §6: the owner shows to admins and to those who see the organisation's templates. */
  showOwner: boolean;
  permissionsOf: (template: BidTemplateView) => RowPermissions;
  deletingUuid: string | undefined;
  onDelete: (template: BidTemplateView) => void;
  /** More row menu items (auto-bidding's, issue 29). */
  moreActionsOf?: (template: BidTemplateView) => ReactNode;
};

/** A page of templates, newest first (spec 3 §9), with the declared comparison rate and the one worked out. */
export function BidTemplatesTable({ templates, showOwner, permissionsOf, deletingUuid, onDelete, moreActionsOf }: Props) {
  return (
    // Below these widths it scrolls; with the provider column it still fits the content area beside the sidebar on a
    // 1,366-pixel screen (1,080 cut the row actions off there).
    <Table.ScrollContainer minWidth={showOwner ? 1020 : 940}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Template</Table.Th>
            {showOwner && <Table.Th>Provider</Table.Th>}
            <Table.Th ta="right">Interest rate</Table.Th>
            <Table.Th ta="right">Comparison rate</Table.Th>
            <Table.Th ta="right">Maximum LVR</Table.Th>
            <Table.Th>Auto-bidding</Table.Th>
            <Table.Th>Created</Table.Th>
            <ActionsTh w={130} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {templates.map((template) => (
            <Table.Tr key={template.uuid} data-testid="bid-template-row">
              <Table.Td>
                <AnchorLink to="/bid-templates/$mode/$uuid" params={{ mode: 'view', uuid: template.uuid }} fw={500} size="sm">
                  {template.name}
                </AnchorLink>
                <Text size="xs" c="dimmed">
                  {[template.home_loan_bid_template.product_name, template.organisation_name].filter(Boolean).join(' · ') || '—'}
                </Text>
              </Table.Td>
              {showOwner && <Table.Td>{template.fsp_name ?? '—'}</Table.Td>}
              <Table.Td ta="right">{formatRate(template.interest_rate)}</Table.Td>
              <Table.Td ta="right">
                <Stack gap={0} align="flex-end">
                  <span>{formatRate(template.comparison_rate)}</span>
                  <Text size="xs" c="dimmed">
                    worked out {formatRate(template.computed_comparison_rate)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td ta="right">{formatPercent(template.maximum_lvr)}</Table.Td>
              <Table.Td>
                <AutoBiddingBadge status={template.auto_bidding} />
                {template.expiry_on && (
                  <Text size="xs" c="dimmed" mt={2}>
                    until {formatDate(template.expiry_on)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{formatDate(template.created_at)}</Table.Td>
              <Table.Td>
                <BidTemplateRowActions
                  template={template}
                  may={permissionsOf(template)}
                  deleting={deletingUuid === template.uuid}
                  onDelete={() => onDelete(template)}
                  moreActions={moreActionsOf?.(template)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
