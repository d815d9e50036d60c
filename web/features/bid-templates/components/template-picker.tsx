import { Select } from '@mantine/core';
import { IconLayoutList } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { BidTemplateView } from '../../../../contracts/bid-template';
import { formatRate } from '../../../lib/format';
import { bidTemplatesQueryOptions } from '../api/list-bid-templates';

type Props = { value: string | null; onChange: (template: BidTemplateView | null) => void };

/** The templates a provider's hand-made bid can start from: its own (and the organisation's it may see), newest first. */
const params = { page: 1, count: 100, filter: {} };

/**
 * spec 3 §4 and issue 28: a provider placing a bid by hand starts from one of its templates; the bid keeps the
 * template's uuid (`home_loan_bid_template_uuid`). Nothing shows while the provider has no template.
 */
export function TemplatePicker({ value, onChange }: Props) {
  const templates = useQuery(bidTemplatesQueryOptions(params));
  const records = templates.data?.records ?? [];
  if (records.length === 0) return null;
  return (
    <Select
      label="Start from a bid template"
      placeholder="Choose one of your templates"
      description="Its terms fill the form; you can still change any of them before you place the bid."
      leftSection={<IconLayoutList size={16} />}
      data={records.map((template) => ({ value: template.uuid, label: `${template.name} · ${formatRate(template.interest_rate)}` }))}
      value={value}
      clearable
      searchable
      onChange={(uuid) => onChange(records.find((template) => template.uuid === uuid) ?? null)}
      maw={520}
    />
  );
}
