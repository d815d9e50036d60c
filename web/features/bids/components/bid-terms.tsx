import { Text } from '@mantine/core';
import type { BidView } from '../../../../contracts/bid';
import { BidFormTerms } from '../../../components/bid-form/bid-form-terms';
import { DetailItem } from '../../../components/detail-item';
import { formatAud, formatDate } from '../../../lib/format';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The bid's terms as placed or last edited (spec 1 §3 "Bid"), with the loan it offers and its repayments. */
export function BidTerms({ bid }: { bid: BidView }) {
  return (
    <BidFormTerms
      form={bid.home_loan_bid}
      rates={
        <>
          <DetailItem label="Loan amount">{formatAud(bid.loan_amount)}</DetailItem>
          <DetailItem label="Monthly repayment">{formatAud(bid.monthly_repayment)}</DetailItem>
          <DetailItem label="Monthly savings">{bid.monthly_savings === null ? '—' : formatAud(bid.monthly_savings)}</DetailItem>
        </>
      }
      loan={
        <>
          {bid.financial_institution_product && (
            <DetailItem label="Lender product">
              {bid.financial_institution_product.product_name} ({bid.financial_institution_product.organisation.name})
            </DetailItem>
          )}
          <DetailItem label="Auto-Declare">{yesNo(bid.auto_declare_eligible)}</DetailItem>
        </>
      }
      footer={
        <Text size="xs" c="dimmed">
          Placed {formatDate(bid.created_at)}, last changed {formatDate(bid.updated_at)}.
        </Text>
      }
    />
  );
}
