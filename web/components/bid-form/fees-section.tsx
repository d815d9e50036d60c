import { Checkbox, Group, Input, NumberInput, SegmentedControl, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { applicationFeeTypes, bidLimits, ongoingFeesPeriods } from '../../../domain/bid/schemas';
import { applicationFeeTypeLabels, ongoingFeesPeriodLabels } from './bid-labels';
import type { BidFormValues } from './bid-form-values';

type Props = { form: UseFormReturnType<BidFormValues> };

const money = { prefix: '$', thousandSeparator: ',', decimalScale: 0, allowNegative: false } as const;

/** Fees (spec 3 §5: application fee at most 20,000, ongoing fees 12,000, cash back 50,000); a waived fee is 0. */
export function FeesSection({ form }: Props) {
  const feeInPercent = form.values.application_fee_type === '%';
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Input.Wrapper label="Application fee in">
          <div>
            <SegmentedControl
              mt={4}
              aria-label="Application fee in"
              data={applicationFeeTypes.map((value) => ({ value, label: applicationFeeTypeLabels[value] }))}
              {...form.getInputProps('application_fee_type')}
            />
          </div>
        </Input.Wrapper>
        <NumberInput
          label="Application fee"
          disabled={form.values.waived}
          {...(feeInPercent ? { suffix: '%', decimalScale: 2, allowNegative: false } : money)}
          max={bidLimits.applicationFeeMax}
          {...form.getInputProps('application_fee_value')}
        />
        <Checkbox mt={{ sm: 30 }} label="Application fee waived" {...form.getInputProps('waived', { type: 'checkbox' })} />
        <NumberInput label="Ongoing fees" disabled={form.values.ongoing_fees_waived} {...money} {...form.getInputProps('ongoing_fees_value')} />
        <Input.Wrapper label="Ongoing fees charged">
          <div>
            <SegmentedControl
              mt={4}
              aria-label="Ongoing fees charged"
              data={ongoingFeesPeriods.map((value) => ({ value, label: ongoingFeesPeriodLabels[value] }))}
              {...form.getInputProps('ongoing_fees_period')}
            />
          </div>
        </Input.Wrapper>
        <Checkbox mt={{ sm: 30 }} label="Ongoing fees waived" {...form.getInputProps('ongoing_fees_waived', { type: 'checkbox' })} />
      </SimpleGrid>
      <Group>
        <NumberInput label="Cash back" w={220} {...money} {...form.getInputProps('cash_back')} />
      </Group>
    </>
  );
}
