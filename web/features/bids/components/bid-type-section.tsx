import { Checkbox, Input, NumberInput, SegmentedControl, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type BidType, bidLimits } from '../../../../domain/bid/schemas';
import { formatAud } from '../../../lib/format';
import { bidTypeLabels } from '../../../components/bid-form/bid-labels';
import type { BidFormValues } from '../../../components/bid-form/bid-form-values';

type Props = { form: UseFormReturnType<BidFormValues>; bidTypes: readonly BidType[]; postLoanAmount: number | null };

/**
 * The kind of bid (spec 3 §3: normal, anonymous with create_anonymous_bid, retention with create_retention_bid),
 * the product and the amount offered.
 */
export function BidTypeSection({ form, bidTypes, postLoanAmount }: Props) {
  return (
    <>
      {bidTypes.length > 1 && (
        <Input.Wrapper label="Bid type" error={form.errors.bid_type}>
          <div>
            <SegmentedControl
              mt={4}
              aria-label="Bid type"
              data={bidTypes.map((value) => ({ value, label: bidTypeLabels[value] }))}
              {...form.getInputProps('bid_type')}
            />
          </div>
        </Input.Wrapper>
      )}
      {form.values.bid_type === 'anonymous' && (
        <Checkbox
          label="Show my organisation only to the customer"
          description="Other providers see the bid without your organisation's name and logo."
          {...form.getInputProps('show_private', { type: 'checkbox' })}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Product name" maxLength={bidLimits.textMax} {...form.getInputProps('product_name')} />
        <NumberInput
          label="Loan amount offered"
          description="Leave empty to offer the amount asked for."
          placeholder={postLoanAmount !== null ? formatAud(postLoanAmount) : undefined}
          prefix="$"
          thousandSeparator=","
          decimalScale={0}
          allowNegative={false}
          {...form.getInputProps('amount')}
        />
      </SimpleGrid>
    </>
  );
}
