import { Badge, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { BidFormView } from '../../../contracts/bid';
import { formatPercent } from '../../../domain/bid/schemas';
import { formatAud, formatCount, formatRate } from '../../lib/format';
import { DetailItem } from '../detail-item';
import { DocumentLink } from '../document-link';
import { bidFeatureLabels, bidRateTypeLabels, bidRepaymentTypeLabels, bidTypeLabels, ongoingFeesPeriodLabels, typeOfLoanLabels } from './bid-labels';
import { ComputedComparisonRate } from './computed-comparison-rate';

const years = (value: number | null) => (value === null ? '—' : formatCount(value, 'year'));

type Props = {
  form: Omit<BidFormView, 'organisation_uuid' | 'home_loan_bid_template_uuid'>;
  /** More of the rates panel (a bid's loan amount and repayments). */
  rates?: ReactNode;
  /** More of the loan panel (a bid's Auto-Declare). */
  loan?: ReactNode;
  /** Below the documents (a bid's dates). */
  footer?: ReactNode;
};

/**
 * The terms of a bid form (spec 3 §3 "Bid form options"): rates with the comparison rate worked out from them,
 * the loan and its fees, the documents. A bid shows them as placed; a bid template as it would bid.
 */
export function BidFormTerms({ form, rates, loan, footer }: Props) {
  const applicationFee = form.waived ? 'Waived' : form.application_fee_type === '%' ? formatRate(form.application_fee_value) : formatAud(form.application_fee_value);
  const ongoingFees = form.ongoing_fees_waived ? 'Waived' : `${formatAud(form.ongoing_fees_value)} ${ongoingFeesPeriodLabels[form.ongoing_fees_period]}`;
  const features = (
    [
      [bidFeatureLabels.offset, form.offset],
      [bidFeatureLabels.redraw, form.redraw],
      [bidFeatureLabels.extra_repayments, form.extra_repayments],
      [bidFeatureLabels.split_loan_facility, form.split_loan_facility],
      [bidFeatureLabels.packaged, form.packaged],
      [bidFeatureLabels.discretionary_rate, form.discretionary_rate],
      [bidFeatureLabels.introductory_rate, form.introductory_rate],
    ] as const
  ).filter(([, on]) => on);
  return (
    <Stack gap="md">
      <Paper p="lg" withBorder>
        <Stack gap="md">
          <Title order={4}>Rates and repayments</Title>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <DetailItem label="Interest rate">{formatRate(form.interest_rate)}</DetailItem>
            <DetailItem label="Comparison rate">{formatRate(form.comparison_rate)}</DetailItem>
            <DetailItem label="Rate type">{bidRateTypeLabels[form.rate_type]}</DetailItem>
            <DetailItem label="Fixed period">{form.rate_type === 'fixed' ? years(form.fixed_period) : '—'}</DetailItem>
            <DetailItem label="Maximum LVR">{formatPercent(form.maximum_lvr)}</DetailItem>
            {rates}
            {form.advertised_rate !== null && <DetailItem label="Advertised rate">{formatRate(form.advertised_rate)}</DetailItem>}
            {form.introductory_rate && form.rate_reverts_to !== null && (
              <DetailItem label="Reverts to">
                {formatRate(form.rate_reverts_to)} after {form.rate_reverts_after} months
              </DetailItem>
            )}
          </SimpleGrid>
          <ComputedComparisonRate terms={form} declared={form.comparison_rate} />
        </Stack>
      </Paper>
      <Paper p="lg" withBorder>
        <Stack gap="md">
          <Title order={4}>Loan</Title>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <DetailItem label="Bid type">{bidTypeLabels[form.bid_type]}</DetailItem>
            <DetailItem label="Product">{form.product_name ?? '—'}</DetailItem>
            <DetailItem label="Type of loan">{typeOfLoanLabels[form.type_of_loan]}</DetailItem>
            <DetailItem label="Repayment type">{bidRepaymentTypeLabels[form.repayment_type]}</DetailItem>
            {form.repayment_type === 'interest_only' && <DetailItem label="Interest-only period">{years(form.interest_only_period)}</DetailItem>}
            <DetailItem label="Application fee">{applicationFee}</DetailItem>
            <DetailItem label="Ongoing fees">{ongoingFees}</DetailItem>
            <DetailItem label="Cash back">{form.cash_back === null ? '—' : formatAud(form.cash_back)}</DetailItem>
            {loan}
          </SimpleGrid>
          {features.length > 0 && (
            <Group gap="xs">
              {features.map(([label]) => (
                <Badge key={label} variant="light" color="gray">
                  {label}
                </Badge>
              ))}
            </Group>
          )}
          {form.package_details && <DetailItem label="Package details">{form.package_details}</DetailItem>}
          {form.offer_description && <DetailItem label="Offer description">{form.offer_description}</DetailItem>}
          {form.disclaimer && <DetailItem label="Disclaimer">{form.disclaimer}</DetailItem>}
        </Stack>
      </Paper>
      <Paper p="lg" withBorder>
        <Stack gap="sm">
          <Title order={4}>Documents</Title>
          <Text size="sm" fw={600}>
            Required documents
          </Text>
          <List size="sm" spacing={4}>
            {form.required_documents.map((document, index) => (
              <List.Item key={index}>
                {document.quantity} × {document.document_type}
                {document.description ? ` (${document.description})` : ''}
                {document.mandatory ? '' : ' — optional to provide'}
              </List.Item>
            ))}
          </List>
          {form.optional_documents.length > 0 && (
            <>
              <Text size="sm" fw={600}>
                Optional documents
              </Text>
              <List size="sm" spacing={4}>
                {form.optional_documents.map((document, index) => (
                  <List.Item key={index}>
                    <DocumentLink value={document.document} />
                  </List.Item>
                ))}
              </List>
            </>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DetailItem label="Product disclosure statement">
              <DocumentLink value={form.product_disclosure_statement} label="Product disclosure statement" />
            </DetailItem>
            <DetailItem label="Key fact sheet">
              <DocumentLink value={form.key_fact_sheets} label="Key fact sheet" />
            </DetailItem>
          </SimpleGrid>
          {footer}
        </Stack>
      </Paper>
    </Stack>
  );
}
