import { Checkbox, Input, NumberInput, SegmentedControl, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type BidType, bidLimits } from '../../../../domain/bid/schemas';
import { formatAud } from '../../../lib/format';
import { bidTypeLabels } from '../../../components/bid-form/bid-labels';
import type { BidContext, BidFormValues } from '../../../components/bid-form/bid-form-values';
import { ProductPicker } from '../../../components/bid-form/product-picker';

type Props = { form: UseFormReturnType<BidFormValues>; bidTypes: readonly BidType[]; postLoanAmount: number | null; context: BidContext };

/**
 * The kind of bid (spec 3 §3: normal, anonymous with create_anonymous_bid, retention with create_retention_bid),
 * the lender's product and its name, and the amount offered.
 */
export function BidTypeSection({ form, bidTypes, postLoanAmount, context }: Props) {
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
      <ProductPicker
        providerUuid={context.provider_uuid}
        value={form.values.financial_institution_product}
        current={context.product}
        onChange={(product) => {
          form.setFieldValue('financial_institution_product', product?.uuid ?? null);
          form.clearFieldError('financial_institution_product');
          // The bid's product name follows the chosen product unless the provider typed another.
          if (product && form.values.product_name.trim() === '') form.setFieldValue('product_name', product.product_name);
        }}
        error={form.errors.financial_institution_product}
      />
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
