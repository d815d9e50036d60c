import { Paper, SimpleGrid } from '@mantine/core';
import type { BidTemplateView } from '../../../../contracts/bid-template';
import { DetailItem } from '../../../components/detail-item';
import { formatDate } from '../../../lib/format';
import { AutoBiddingBadge } from './auto-bidding-badge';

/** A template's name, whose it is (spec 3 §6: the owner for those who may see it) and its state. */
export function TemplateOwnerPanel({ template }: { template: BidTemplateView }) {
  return (
    <Paper p="lg" withBorder>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <DetailItem label="Template">{template.name}</DetailItem>
        <DetailItem label="Organisation">{template.organisation_name ?? '—'}</DetailItem>
        {template.fsp_name && <DetailItem label="Provider">{template.fsp_name}</DetailItem>}
        <DetailItem label="Auto-bidding">
          <AutoBiddingBadge status={template.auto_bidding} />
        </DetailItem>
        <DetailItem label="Created">{formatDate(template.created_at)}</DetailItem>
        <DetailItem label="Last changed">{formatDate(template.updated_at)}</DetailItem>
      </SimpleGrid>
    </Paper>
  );
}
